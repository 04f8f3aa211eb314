CREATE TABLE "card_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"processor_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"merchant" text NOT NULL,
	"country" text NOT NULL,
	"channel" text NOT NULL,
	"amount" bigint NOT NULL,
	"day" text NOT NULL,
	"status" text NOT NULL,
	"decline_reason" text,
	"hold_transfer_id" uuid,
	"decline_transfer_id" uuid,
	"clearing_id" text,
	"cleared_amount" bigint,
	"cleared_at" timestamp with time zone,
	"post_transfer_id" uuid,
	"reversal_id" text,
	"reversed_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"points" integer DEFAULT 0 NOT NULL,
	"authorized_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_authorizations_status_check" CHECK ("card_authorizations"."status" in ('pending', 'posted', 'declined', 'reversed', 'expired')),
	CONSTRAINT "card_authorizations_channel_check" CHECK ("card_authorizations"."channel" in ('in_store', 'online', 'atm'))
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"design" text NOT NULL,
	"name_on_card" text NOT NULL,
	"account_id" uuid NOT NULL,
	"number_sealed" text NOT NULL,
	"number_digest" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"status" text NOT NULL,
	"pin_digest" text,
	"pin_changed_at" timestamp with time zone,
	"pin_failures" integer DEFAULT 0 NOT NULL,
	"pin_failures_day" text,
	"limit_per_purchase" bigint NOT NULL,
	"limit_daily_purchases" bigint NOT NULL,
	"limit_daily_atm" bigint NOT NULL,
	"allow_online" boolean NOT NULL,
	"allow_international" boolean NOT NULL,
	"allow_atm" boolean NOT NULL,
	"rewards_points" integer DEFAULT 0 NOT NULL,
	"activation_attempts" integer DEFAULT 0 NOT NULL,
	"replaces_id" uuid,
	"closed_reason" text,
	"closed_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cards_kind_check" CHECK ("cards"."kind" in ('debit', 'credit')),
	CONSTRAINT "cards_status_check" CHECK ("cards"."status" in ('active', 'locked', 'inactive', 'closed')),
	CONSTRAINT "cards_design_check" CHECK ("cards"."design" in ('Standard', 'Platinum')),
	CONSTRAINT "cards_closed_check" CHECK (("cards"."status" = 'closed') = ("cards"."closed_at" is not null and "cards"."closed_reason" in ('lost', 'stolen'))),
	CONSTRAINT "cards_limits_check" CHECK ("cards"."limit_per_purchase" > 0 and "cards"."limit_daily_purchases" > 0 and "cards"."limit_daily_atm" > 0)
);
--> statement-breakpoint
CREATE TABLE "processor_requests" (
	"signature" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_type_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_no_overdraft_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "credit_limit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_hold_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("hold_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_decline_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("decline_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_post_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("post_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_processor_idx" ON "card_authorizations" USING btree ("processor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_clearing_idx" ON "card_authorizations" USING btree ("clearing_id") WHERE "card_authorizations"."clearing_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_reversal_idx" ON "card_authorizations" USING btree ("reversal_id") WHERE "card_authorizations"."reversal_id" is not null;--> statement-breakpoint
CREATE INDEX "card_authorizations_card_idx" ON "card_authorizations" USING btree ("card_id","authorized_at");--> statement-breakpoint
CREATE INDEX "card_authorizations_day_idx" ON "card_authorizations" USING btree ("card_id","day");--> statement-breakpoint
CREATE INDEX "card_authorizations_pending_idx" ON "card_authorizations" USING btree ("authorized_at") WHERE "card_authorizations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "cards_number_digest_idx" ON "cards" USING btree ("number_digest");--> statement-breakpoint
CREATE INDEX "cards_user_idx" ON "cards" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_one_open_idx" ON "cards" USING btree ("user_id","kind") WHERE "cards"."status" <> 'closed';--> statement-breakpoint
CREATE UNIQUE INDEX "cards_replaces_idx" ON "cards" USING btree ("replaces_id") WHERE "cards"."replaces_id" is not null;--> statement-breakpoint
CREATE INDEX "processor_requests_received_idx" ON "processor_requests" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_credit_limit_check" CHECK ("ledger_accounts"."credit_limit" >= 0 and ("ledger_accounts"."credit_limit" = 0 or "ledger_accounts"."type" = 'Credit Card'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_type_check" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."code" is null and "ledger_accounts"."type" in ('Checking', 'Savings', 'Credit Card')) or ("ledger_accounts"."user_id" is null and "ledger_accounts"."code" is not null and "ledger_accounts"."type" = 'General'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_no_overdraft_check" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."debits_posted" + "ledger_accounts"."debits_pending" <= "ledger_accounts"."credits_posted" + "ledger_accounts"."credit_limit");