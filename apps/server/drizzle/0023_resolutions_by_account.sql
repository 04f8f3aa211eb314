-- An account's resolutions (post, void, expire) by the pending transfer each names, with its kind and
-- who made it: the member history's Pending and Cancelled filters take these from the account's pending
-- transfers as sets of ids (accounts/history-sql.ts; docs/decisions/2026-12-01-reversal-check-planned-once.md)
-- instead of looking each pending transfer up. Partial: only resolutions write them.
CREATE INDEX "ledger_transfers_debit_resolution_idx" ON "ledger_transfers" USING btree ("debit_account_id","pending_id","kind","created_by") WHERE "ledger_transfers"."pending_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_resolution_idx" ON "ledger_transfers" USING btree ("credit_account_id","pending_id","kind","created_by","debit_account_id") WHERE "ledger_transfers"."pending_id" is not null;