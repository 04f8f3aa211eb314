CREATE TABLE "bill_payees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"biller_id" text NOT NULL,
	"biller_name" text NOT NULL,
	"category" text NOT NULL,
	"nickname" text NOT NULL,
	"account_number" text NOT NULL,
	"challenge_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "bill_payees_challengeId_unique" UNIQUE("challenge_id")
);
--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"from_account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"pay_on" date NOT NULL,
	"holds_on" date NOT NULL,
	"memo" text NOT NULL,
	"status" text NOT NULL,
	"series_id" uuid,
	"occurrence" integer,
	"pending_transfer_id" uuid,
	"sent_transfer_id" uuid,
	"return_transfer_id" uuid,
	"confirmation_number" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"failed_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"returned_by" uuid,
	"return_code" text,
	"reason" text,
	"return_note" text,
	CONSTRAINT "bill_payments_pendingTransferId_unique" UNIQUE("pending_transfer_id"),
	CONSTRAINT "bill_payments_sentTransferId_unique" UNIQUE("sent_transfer_id"),
	CONSTRAINT "bill_payments_returnTransferId_unique" UNIQUE("return_transfer_id"),
	CONSTRAINT "bill_payments_confirmationNumber_unique" UNIQUE("confirmation_number"),
	CONSTRAINT "bill_payments_status_check" CHECK ("bill_payments"."status" in ('scheduled', 'sent', 'cancelled', 'returned', 'failed')),
	CONSTRAINT "bill_payments_amount_check" CHECK ("bill_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bill_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"from_account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"frequency" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"count" integer,
	"memo" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "bill_series_frequency_check" CHECK ("bill_series"."frequency" in ('weekly', 'biweekly', 'monthly')),
	CONSTRAINT "bill_series_status_check" CHECK ("bill_series"."status" in ('active', 'completed', 'stopped')),
	CONSTRAINT "bill_series_amount_check" CHECK ("bill_series"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bill_payees" ADD CONSTRAINT "bill_payees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payees" ADD CONSTRAINT "bill_payees_challenge_id_transfer_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."transfer_challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_payee_id_bill_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."bill_payees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_series_id_bill_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."bill_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_pending_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("pending_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_sent_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("sent_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_return_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("return_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_series" ADD CONSTRAINT "bill_series_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_series" ADD CONSTRAINT "bill_series_payee_id_bill_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."bill_payees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_series" ADD CONSTRAINT "bill_series_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payees_user_idx" ON "bill_payees" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payees_live_unique" ON "bill_payees" USING btree ("user_id","biller_id","account_number") WHERE "bill_payees"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "bill_payments_user_idx" ON "bill_payments" USING btree ("user_id","status","pay_on");--> statement-breakpoint
CREATE INDEX "bill_payments_due_idx" ON "bill_payments" USING btree ("pay_on") WHERE "bill_payments"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "bill_payments_sent_idx" ON "bill_payments" USING btree ("sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_series_occurrence_unique" ON "bill_payments" USING btree ("series_id","occurrence");--> statement-breakpoint
CREATE INDEX "bill_series_user_idx" ON "bill_series" USING btree ("user_id","status");