CREATE TABLE "dividend_postings" (
	"account_id" uuid NOT NULL,
	"period" text NOT NULL,
	"balance_days" bigint NOT NULL,
	"days" integer NOT NULL,
	"apy" text NOT NULL,
	"amount" bigint NOT NULL,
	"apy_earned" text NOT NULL,
	"transfer_id" uuid,
	"posted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dividend_postings_account_id_period_pk" PRIMARY KEY("account_id","period"),
	CONSTRAINT "dividend_postings_amount_check" CHECK ("dividend_postings"."amount" >= 0),
	CONSTRAINT "dividend_postings_transfer_check" CHECK (("dividend_postings"."amount" > 0) = ("dividend_postings"."transfer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "statement_files" (
	"statement_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_runs" (
	"period" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"dividends_posted" integer DEFAULT 0 NOT NULL,
	"bytes_issued" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "statement_runs_status_check" CHECK ("statement_runs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"from_version" bigint NOT NULL,
	"through_version" bigint NOT NULL,
	"opening_balance" bigint NOT NULL,
	"closing_balance" bigint NOT NULL,
	"total_credits" bigint NOT NULL,
	"total_debits" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"dividends" bigint NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"pages" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "statements_period_check" CHECK ("statements"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "dividend_postings" ADD CONSTRAINT "dividend_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dividend_postings" ADD CONSTRAINT "dividend_postings_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_files" ADD CONSTRAINT "statement_files_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_account_period_idx" ON "statements" USING btree ("account_id","period");--> statement-breakpoint
CREATE INDEX "statements_user_idx" ON "statements" USING btree ("user_id","period");--> statement-breakpoint
-- Dividends paid on members' savings come from one general-ledger account, fees go to another
-- (general-ledger.ts).
INSERT INTO ledger_accounts (id, type, code, created_at) VALUES
  ('00000000-0000-4000-8000-000000000008', 'General', 'dividends', now()),
  ('00000000-0000-4000-8000-000000000009', 'General', 'fee_income', now())
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A statement's PDF is kept exactly as issued.
CREATE TRIGGER statement_files_refuse_change BEFORE UPDATE OR DELETE ON statement_files
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
