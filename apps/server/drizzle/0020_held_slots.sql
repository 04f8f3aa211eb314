-- Slots held open by callers (live-update streams, uploads, history downloads), counted per session,
-- member or address across every app instance on PostgreSQL without Redis (http/held-slots.ts). One
-- row per slot and owner; a slot is a lease its instance renews, so a vanished instance's slots
-- lapse at `expires_at`. UNLOGGED, like rate_limit_counters: a slot lost in a crash only frees
-- itself early. Not in the Drizzle schema: only that store's SQL touches it.
CREATE UNLOGGED TABLE "held_slots" (
	"owner" text NOT NULL,
	"slot" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("owner", "slot")
);
--> statement-breakpoint
CREATE INDEX "held_slots_slot_idx" ON "held_slots" USING btree ("slot");
