CREATE TABLE "deposit_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deposit_id" uuid NOT NULL,
	"transfer_id" uuid,
	"amount" bigint NOT NULL,
	"release_on" date NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "deposit_holds_transferId_unique" UNIQUE("transfer_id")
);
--> statement-breakpoint
CREATE TABLE "mobile_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"check_number" text,
	"status" text NOT NULL,
	"front_file_id" uuid NOT NULL,
	"back_file_id" uuid NOT NULL,
	"front_sha256" text NOT NULL,
	"front_hash" bigint NOT NULL,
	"flags" jsonb NOT NULL,
	"pending_transfer_id" uuid NOT NULL,
	"banking_day" date NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"reject_reason" text,
	"available_on" date,
	"returned_at" timestamp with time zone,
	"returned_by" uuid,
	"return_reason" text,
	"amount_owed" bigint,
	CONSTRAINT "mobile_deposits_status_check" CHECK ("mobile_deposits"."status" in ('pending_review', 'accepted', 'rejected', 'returned')),
	CONSTRAINT "mobile_deposits_amount_check" CHECK ("mobile_deposits"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_purpose_check";--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_deposit_id_mobile_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."mobile_deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_holds" ADD CONSTRAINT "deposit_holds_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_deposits" ADD CONSTRAINT "mobile_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_deposits" ADD CONSTRAINT "mobile_deposits_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_deposits" ADD CONSTRAINT "mobile_deposits_front_file_id_stored_files_id_fk" FOREIGN KEY ("front_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_deposits" ADD CONSTRAINT "mobile_deposits_back_file_id_stored_files_id_fk" FOREIGN KEY ("back_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_deposits" ADD CONSTRAINT "mobile_deposits_pending_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("pending_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_deposits" ADD CONSTRAINT "mobile_deposits_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_deposits" ADD CONSTRAINT "mobile_deposits_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_holds_due_idx" ON "deposit_holds" USING btree ("release_at") WHERE "deposit_holds"."released_at" is null and "deposit_holds"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "deposit_holds_deposit_idx" ON "deposit_holds" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "mobile_deposits_status_idx" ON "mobile_deposits" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "mobile_deposits_user_idx" ON "mobile_deposits" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "mobile_deposits_front_sha_idx" ON "mobile_deposits" USING btree ("front_sha256");--> statement-breakpoint
CREATE INDEX "mobile_deposits_check_idx" ON "mobile_deposits" USING btree ("account_id","check_number","amount") WHERE "mobile_deposits"."check_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_deposits_pending_transfer_idx" ON "mobile_deposits" USING btree ("pending_transfer_id");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_purpose_check" CHECK ("stored_files"."purpose" in ('id_document', 'info_response', 'profile_image', 'check_image'));--> statement-breakpoint
-- A returned check the member's account could not cover is owed by the member: the credit union
-- carries it here until collected (general-ledger.ts, deposits/review-deposit.ts).
INSERT INTO ledger_accounts (id, type, code, created_at) VALUES
  ('00000000-0000-4000-8000-000000000010', 'General', 'returned_items', now())
  ON CONFLICT DO NOTHING;
