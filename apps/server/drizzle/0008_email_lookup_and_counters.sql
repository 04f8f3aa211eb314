CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
-- Counters change on every transfer: room on each page lets those updates stay HOT (no index
-- entries, prunable in place) instead of moving the row and touching all four indexes.
ALTER TABLE "ledger_accounts" SET (fillfactor = 50);
