ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
-- Rate-limit counters shared by every app instance on PostgreSQL (http/rate-limit-store.ts).
-- UNLOGGED: a counter lost in a crash only forgives a few requests, and no hit waits for a WAL
-- flush. Not in the Drizzle schema: only that store's SQL touches it.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
