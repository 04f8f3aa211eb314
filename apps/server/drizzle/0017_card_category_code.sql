-- The merchant category code (ISO 18245) a processor sends with an authorization, kept on it: what
-- the purchase's hold and its clearing are filed under (Food, Transportation, Entertainment, Shopping).
ALTER TABLE "card_authorizations" ADD COLUMN "category_code" text;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_category_code_check" CHECK ("card_authorizations"."category_code" ~ '^[0-9]{4}$');