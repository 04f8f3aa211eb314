-- Merchants' refunds of cleared card purchases (cards/refund.ts): each a ledger credit from the card
-- settlement account to where the purchase was paid from, keyed by the processor's refund id.
CREATE TABLE "card_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"authorization_id" uuid NOT NULL,
	"processor_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"refunded_total" bigint NOT NULL,
	"transfer_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_refunds_amount_check" CHECK ("card_refunds"."amount" > 0 and "card_refunds"."refunded_total" >= "card_refunds"."amount"),
	CONSTRAINT "card_refunds_points_check" CHECK ("card_refunds"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_authorization_id_card_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."card_authorizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_refunds" ADD CONSTRAINT "card_refunds_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_refunds_processor_idx" ON "card_refunds" USING btree ("processor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_refunds_transfer_idx" ON "card_refunds" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "card_refunds_authorization_idx" ON "card_refunds" USING btree ("authorization_id");