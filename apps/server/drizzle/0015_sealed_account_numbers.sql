-- Account numbers at rest (docs/decisions/2026-11-29-account-numbers-at-rest.md). A payee's number is
-- sealed, so the unique index on it protects nothing: adding a payee locks the member instead. The
-- list of NACHA files reads each file's SEC code from its text, which is now sealed: it gets a
-- column, filled from the text before the next start seals it (record 2, columns 51-53).
DROP INDEX "bill_payees_live_unique";--> statement-breakpoint
ALTER TABLE "ach_exports" ADD COLUMN "sec_code" text;--> statement-breakpoint
UPDATE "ach_exports" SET "sec_code" = substr("content", 146, 3);--> statement-breakpoint
ALTER TABLE "ach_exports" ALTER COLUMN "sec_code" SET NOT NULL;
