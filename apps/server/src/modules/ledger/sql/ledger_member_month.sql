-- The dashboard's figures for one member, from the ledger, in one call: Checking's available
-- balance and the money pending (from the accounts' counters: held going out, on its way in, and
-- the two together; a credit card's line left out), and what moved into and out of
-- the member's accounts this calendar month in the credit union's time zone (p_time_zone).
--
-- Flows count posted transfers only (a `single`, or the `post` that completes a pending one) with
-- an effective date from the start of p_now's month to p_now; moves between the member's own
-- accounts are left out. A **correction** is a movement staff made on the member's books rather
-- than one the member (or the outside world) caused; it is shown apart, net (in minus out), and
-- not counted as income or outgoing. Precisely, a transfer is a correction when
--   - it is a reversal (reverses_id set), or it has been reversed: what staff "deleted"; or
--   - its other side is one of the credit union's own (general-ledger) accounts and it was written
--     by someone other than the member: created_by is set and is not the member. For a `post` it
--     is the pending transfer's author that counts. That covers balance adjustments, transactions
--     staff entered and their completion, and the opening deposits staff type when creating a
--     member.
-- Not corrections: anything the member started (their transfers and payment orders, even when
-- staff settle or return them: the pending transfer is the member's), money from another member,
-- and what the system writes with no author (imported or demo history, expiry of a payment).
--
-- One pass over the month's transfers on each side of each of the member's accounts: the
-- (account, effective_at, created_at, id, kind, amount, other account, reverses_id, pending_id,
-- created_by) indexes (migration 0007) hold every column read, so the pass reads the index alone
-- where the visibility map allows; only a posting looks up its pending transfer's author. The
-- member's reversals come from their small partial indexes, so "has it been reversed?" is a hash
-- lookup. As a function, its plan is made once per connection, not on every dashboard load.
CREATE OR REPLACE FUNCTION ledger_member_month(
  p_user_id uuid,
  p_now timestamptz,
  p_time_zone text
) RETURNS TABLE (
  available bigint,
  pending bigint,
  pending_out bigint,
  pending_in bigint,
  income bigint,
  outgoing bigint,
  corrections bigint
)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_from timestamptz := date_trunc('month', p_now AT TIME ZONE p_time_zone) AT TIME ZONE p_time_zone;
BEGIN
  SELECT coalesce(sum(a.credits_posted - a.debits_posted - a.debits_pending) FILTER (WHERE a.type = 'Checking'), 0),
         coalesce(sum(a.debits_pending) FILTER (WHERE a.type <> 'Credit Card'), 0),
         coalesce(sum(a.credits_pending) FILTER (WHERE a.type <> 'Credit Card'), 0)
  INTO available, pending_out, pending_in
  FROM ledger_accounts a WHERE a.user_id = p_user_id;
  pending := pending_out + pending_in;

  WITH mine AS MATERIALIZED (
    SELECT a.id FROM ledger_accounts a WHERE a.user_id = p_user_id
  ), general AS MATERIALIZED (
    SELECT a.id FROM ledger_accounts a WHERE a.user_id IS NULL
  ), undone AS MATERIALIZED (
    SELECT z.reverses_id AS id FROM ledger_transfers z WHERE z.reverses_id IS NOT NULL AND z.debit_account_id IN (SELECT id FROM mine)
    UNION
    SELECT z.reverses_id FROM ledger_transfers z WHERE z.reverses_id IS NOT NULL AND z.credit_account_id IN (SELECT id FROM mine)
  ), moves AS (
    SELECT t.id, t.amount, t.reverses_id, t.pending_id, t.created_by, t.debit_account_id AS other, 1 AS direction
    FROM ledger_transfers t
    WHERE t.credit_account_id IN (SELECT id FROM mine) AND t.kind IN ('single', 'post') AND t.effective_at >= v_from AND t.effective_at <= p_now
    UNION ALL
    SELECT t.id, t.amount, t.reverses_id, t.pending_id, t.created_by, t.credit_account_id, -1
    FROM ledger_transfers t
    WHERE t.debit_account_id IN (SELECT id FROM mine) AND t.kind IN ('single', 'post') AND t.effective_at >= v_from AND t.effective_at <= p_now
  ), classified AS MATERIALIZED (
    SELECT m.amount, m.direction,
      m.reverses_id IS NOT NULL OR m.id IN (SELECT id FROM undone)
      OR (m.other IN (SELECT id FROM general)
          AND coalesce(CASE WHEN m.pending_id IS NOT NULL THEN (SELECT p.created_by FROM ledger_transfers p WHERE p.id = m.pending_id) ELSE m.created_by END
                       <> p_user_id, false)) AS correction
    FROM moves m WHERE m.other NOT IN (SELECT id FROM mine)
  )
  SELECT coalesce(sum(c.amount) FILTER (WHERE c.direction = 1 AND NOT c.correction), 0),
         coalesce(sum(c.amount) FILTER (WHERE c.direction = -1 AND NOT c.correction), 0),
         coalesce(sum(c.amount * c.direction) FILTER (WHERE c.correction), 0)
  INTO income, outgoing, corrections
  FROM classified c;

  RETURN NEXT;
END;
$$;
