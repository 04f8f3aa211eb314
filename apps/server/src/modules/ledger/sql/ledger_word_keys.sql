-- A transfer side's words as GIN keys scoped to the account (the member history's search index,
-- migration 0007): one int4 per trigram inside a word of the text (pg_trgm's show_trgm, without the
-- trigrams padded at a word's edge, so a search for part of a word finds it), hashed with the
-- account id. A member's search looks up only their own account's keys; a hash collision only adds
-- a candidate that the ILIKE recheck drops. The credit union's own accounts get no keys.
-- Indexes are built from this function: a change to what it returns needs a migration that
-- rebuilds ledger_transfers_debit_words_idx and ledger_transfers_credit_words_idx.
-- PL/pgSQL, not SQL: every posting computes it for both words indexes, and a SQL-language function
-- there is planned again on every INSERT, where PL/pgSQL keeps its plan for the connection
-- (docs/decisions/2026-11-25-money-command.md, "The words index's function").
CREATE OR REPLACE FUNCTION ledger_word_keys(account uuid, words text) RETURNS int[]
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
    DECLARE
      prefix constant text := account::text;
    BEGIN
      IF prefix LIKE '00000000-0000-4000-8000-%' THEN
        RETURN '{}';
      END IF;
      RETURN array(SELECT hashtext(prefix || t) FROM unnest(public.show_trgm(words)) t WHERE strpos(t, ' ') = 0);
    END
    $$;
