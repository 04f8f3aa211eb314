-- Reads at scale (ARCHITECTURE.md "Reads at scale"): indexes for a member's history, monthly
-- figures and search; the staff console's member list, search and counts. Nothing here changes what
-- ledger_post writes: the words index is an expression PostgreSQL computes on insert.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- A transfer side's words as GIN keys scoped to the account: one int4 per trigram inside a word of
-- the text (show_trgm, without the trigrams padded at a word's edge, so that a search for part of
-- a word finds it), hashed together with the account id. A member's search then looks up only their
-- own account's keys, never the whole ledger's postings of a common word; a hash collision only
-- adds a candidate that the ILIKE recheck drops. The credit union's own accounts (fixed ids,
-- migration 0005) are nobody's history and get no keys.
-- show_trgm is named with pg_trgm's schema: index maintenance (ANALYZE, REINDEX, autovacuum) runs
-- with a search_path of pg_catalog only.
DO $do$
DECLARE
  trgm_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format($f$
    CREATE FUNCTION ledger_word_keys(account uuid, words text) RETURNS int[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $body$
      SELECT array(SELECT hashtext(account::text || t) FROM unnest(%I.show_trgm(words)) t
                   WHERE strpos(t, ' ') = 0 AND account::text NOT LIKE '00000000-0000-4000-8000-%%')
    $body$$f$, trgm_schema);
END;
$do$;
--> statement-breakpoint
CREATE TABLE "user_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "ledger_entries_transfer_idx";--> statement-breakpoint
DROP INDEX "ledger_transfers_debit_idx";--> statement-breakpoint
DROP INDEX "ledger_transfers_credit_idx";--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_category_idx" ON "ledger_transfers" USING btree ("debit_account_id","category","effective_at","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_category_idx" ON "ledger_transfers" USING btree ("credit_account_id","category","effective_at","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_open_idx" ON "ledger_transfers" USING btree ("debit_account_id","effective_at","created_at","id") WHERE "ledger_transfers"."kind" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_open_idx" ON "ledger_transfers" USING btree ("credit_account_id","effective_at","created_at","id") WHERE "ledger_transfers"."kind" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_reversal_idx" ON "ledger_transfers" USING btree ("debit_account_id","reverses_id") WHERE "ledger_transfers"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_reversal_idx" ON "ledger_transfers" USING btree ("credit_account_id","reverses_id") WHERE "ledger_transfers"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_words_idx" ON "ledger_transfers" USING gin (ledger_word_keys("debit_account_id", "debit_memo" || E'\x1f' || coalesce("reference", '')));--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_words_idx" ON "ledger_transfers" USING gin (ledger_word_keys("credit_account_id", "credit_memo" || E'\x1f' || coalesce("reference", '')));--> statement-breakpoint
CREATE INDEX "users_registration_idx" ON "users" USING btree ("registration_date");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id","account_id","balance_after");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","effective_at","created_at","id","kind","amount","credit_account_id","reverses_id","pending_id","created_by");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","effective_at","created_at","id","kind","amount","debit_account_id","reverses_id","pending_id","created_by");
--> statement-breakpoint
INSERT INTO user_status_counts (status, n)
  SELECT s, (SELECT count(*) FROM users u WHERE u.status = s) FROM unnest(array['pending', 'approved', 'rejected', 'active']) s;
--> statement-breakpoint
-- Kept in the transaction that changes a person's status, so the counts are always exact.
CREATE FUNCTION users_count_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE user_status_counts SET n = n - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO user_status_counts (status, n) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET n = user_status_counts.n + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_count_new AFTER INSERT OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_count_status();
--> statement-breakpoint
CREATE TRIGGER users_count_changed AFTER UPDATE OF status ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION users_count_status();
