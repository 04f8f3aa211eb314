-- A transfer side's words as GIN keys scoped to the account (the member history's search index,
-- migration 0007): one int4 per trigram inside a word of the text (pg_trgm's show_trgm, without the
-- trigrams padded at a word's edge, so a search for part of a word finds it), hashed with the
-- account id. A member's search looks up only their own account's keys; a hash collision only adds
-- a candidate that the ILIKE recheck drops. The credit union's own accounts get no keys.
-- Indexes are built from this function: a change to what it returns needs a migration that
-- rebuilds ledger_transfers_debit_words_idx and ledger_transfers_credit_words_idx.
CREATE OR REPLACE FUNCTION ledger_word_keys(account uuid, words text) RETURNS int[]
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT array(SELECT hashtext(account::text || t) FROM unnest(public.show_trgm(words)) t
                   WHERE strpos(t, ' ') = 0 AND account::text NOT LIKE '00000000-0000-4000-8000-%')
    $$;
