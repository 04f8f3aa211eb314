-- A returned check's deposit names the transfers its return made: the amount taken back from the
-- account and the part booked as owed (the receivable). Delete User Transactions reverses the
-- owed part with the check's credit (the member no longer owes for a check whose money went back),
-- and the views read from the ledger whether it is still owed. Deposits returned before this are
-- matched to their transfers as the return wrote them: same moment, same accounts, same amount.
ALTER TABLE "mobile_deposits" ADD COLUMN "return_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "mobile_deposits" ADD COLUMN "owed_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "mobile_deposits" ADD CONSTRAINT "mobile_deposits_return_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("return_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_deposits" ADD CONSTRAINT "mobile_deposits_owed_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("owed_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "mobile_deposits" d SET "return_transfer_id" = (
  SELECT t."id" FROM "ledger_transfers" t
  WHERE t."kind" = 'single' AND t."reverses_id" IS NULL AND t."created_at" = d."returned_at"
    AND t."debit_account_id" = d."account_id" AND t."credit_account_id" = '00000000-0000-4000-8000-000000000005'
    AND t."amount" = d."amount" - coalesce(d."amount_owed", 0)
  ORDER BY t."id" LIMIT 1)
WHERE d."status" = 'returned';--> statement-breakpoint
UPDATE "mobile_deposits" d SET "owed_transfer_id" = (
  SELECT t."id" FROM "ledger_transfers" t
  WHERE t."kind" = 'single' AND t."reverses_id" IS NULL AND t."created_at" = d."returned_at"
    AND t."debit_account_id" = '00000000-0000-4000-8000-000000000010'
    AND t."credit_account_id" = '00000000-0000-4000-8000-000000000005' AND t."amount" = d."amount_owed"
  ORDER BY t."id" LIMIT 1)
WHERE d."status" = 'returned' AND d."amount_owed" IS NOT NULL;
