-- Delete User Transactions (spec §4), set-based: undoes every open transaction of one member in
-- a few statements, whatever their number. Holds still waiting are voided (their payment orders
-- returned, deposits awaiting review rejected, deposit funds holds closed, bill payments failed,
-- card authorizations reversed, each with the reason); what moved is reversed by a transfer the
-- other way that points at it (a held payment that was posted is reversed through its posting).
-- Transactions already undone, reversals themselves and failed records are left alone, so a
-- second run finds nothing. A returned check's owed part goes with its credit.
--
-- The same rules as ledger_post, checked once for the whole set: a member account never ends below
-- zero counting holds (another member who has spent money the member sent them refuses the run:
-- MU402), and a payment already in a NACHA file is the ACH operator's to return (MU409). A refusal
-- (DETAIL: the member's transaction that cannot be undone) undoes the whole statement.
--
-- Locks: the member's accounts from the start, so nothing lands on them between the list and the
-- posting; every other account touched (the other members', the general ledger's) only for the
-- short phase at the end (funds check, entries, counters), in id order. Another member's deposit
-- through the same general-ledger account waits for that phase, not for the whole run. Each account's new entries come in
-- the order voids, credits, debits (newest first within each), so no running balance dips below
-- where it starts or ends. Members watching their dashboard hear of it once each, on commit.
CREATE OR REPLACE FUNCTION ledger_reverse_member(
  p_user_id uuid,
  p_now timestamptz,
  p_created_by uuid,
  p_reason text
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_blocker uuid;
  v_count integer;
  v_user uuid;
BEGIN
  PERFORM 1 FROM ledger_accounts a WHERE a.user_id = p_user_id ORDER BY a.id FOR NO KEY UPDATE;

  IF to_regclass('pg_temp.reverse_plan') IS NOT NULL THEN DROP TABLE pg_temp.reverse_plan; END IF;
  CREATE TEMP TABLE reverse_plan ON COMMIT DROP AS
  WITH accounts AS (
    SELECT a.id FROM ledger_accounts a WHERE a.user_id = p_user_id
  ), mine AS (
    SELECT t.id FROM ledger_transfers t
    WHERE t.debit_account_id IN (SELECT id FROM accounts) AND t.kind IN ('single', 'pending') AND t.reverses_id IS NULL
    UNION
    SELECT t.id FROM ledger_transfers t
    WHERE t.credit_account_id IN (SELECT id FROM accounts) AND t.kind IN ('single', 'pending') AND t.reverses_id IS NULL
  ), open AS (
    SELECT m.kind AS member_kind, m.id AS source_id, r.id AS resolution_id, coalesce(r.id, m.id) AS target_id
    FROM mine
    JOIN ledger_transfers m ON m.id = mine.id
    LEFT JOIN ledger_transfers r ON r.pending_id = m.id
    WHERE (r.id IS NULL OR r.kind = 'post')
      AND NOT EXISTS (SELECT 1 FROM ledger_transfers z WHERE z.reverses_id = coalesce(r.id, m.id))
  )
  SELECT
    o.source_id,
    o.target_id,
    CASE WHEN o.member_kind = 'pending' AND o.resolution_id IS NULL THEN 'void' ELSE 'reverse' END AS action,
    gen_random_uuid() AS new_id,
    -- A void moves what the hold held between the same accounts; a reversal sends it back.
    CASE WHEN o.member_kind = 'pending' AND o.resolution_id IS NULL THEN t.debit_account_id ELSE t.credit_account_id END AS debit,
    CASE WHEN o.member_kind = 'pending' AND o.resolution_id IS NULL THEN t.credit_account_id ELSE t.debit_account_id END AS credit,
    t.amount,
    t.category,
    CASE WHEN o.member_kind = 'pending' AND o.resolution_id IS NULL THEN t.debit_memo ELSE 'Reversal: ' || t.credit_memo END AS debit_memo,
    CASE WHEN o.member_kind = 'pending' AND o.resolution_id IS NULL THEN t.credit_memo ELSE 'Reversal: ' || t.debit_memo END AS credit_memo,
    CASE WHEN o.member_kind = 'pending' AND o.resolution_id IS NULL THEN t.reference END AS reference,
    (SELECT max(e.id) FROM ledger_entries e WHERE e.transfer_id = o.target_id) AS recency,
    po.id AS order_id,
    po.ach_export_id IS NOT NULL AS exported
  FROM open o
  JOIN ledger_transfers t ON t.id = o.target_id
  LEFT JOIN payment_orders po ON po.pending_transfer_id = o.source_id AND o.resolution_id IS NULL;

  SELECT count(*) INTO v_count FROM reverse_plan;

  -- A returned check whose credit the run reverses is owed no more: the part its return booked to
  -- the returned-items account (the receivable; no account of the member's, so not listed above)
  -- is reversed with it. It is not one of the member's transactions the run counts.
  INSERT INTO reverse_plan
  SELECT t.id, t.id, 'reverse', gen_random_uuid(), t.credit_account_id, t.debit_account_id, t.amount, t.category,
    'Reversal: ' || t.credit_memo, 'Reversal: ' || t.debit_memo, NULL,
    (SELECT max(e.id) FROM ledger_entries e WHERE e.transfer_id = t.id), NULL, false
  FROM mobile_deposits d
  JOIN reverse_plan p ON p.source_id = d.pending_transfer_id AND p.action = 'reverse'
  JOIN ledger_transfers t ON t.id = d.owed_transfer_id
  WHERE d.user_id = p_user_id AND NOT EXISTS (SELECT 1 FROM ledger_transfers z WHERE z.reverses_id = t.id);

  SELECT p.source_id INTO v_blocker FROM reverse_plan p WHERE p.action = 'void' AND p.exported ORDER BY p.recency DESC LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'a payment in a NACHA file cannot be voided' USING ERRCODE = 'MU409', DETAIL = v_blocker::text;
  END IF;

  IF to_regclass('pg_temp.reverse_moves') IS NOT NULL THEN DROP TABLE pg_temp.reverse_moves; END IF;
  CREATE TEMP TABLE reverse_moves ON COMMIT DROP AS
  SELECT s.account_id, sum(s.debits_posted) AS debits_posted, sum(s.debits_pending) AS debits_pending,
    sum(s.credits_posted) AS credits_posted, sum(s.credits_pending) AS credits_pending, count(*) AS entries
  FROM (
    SELECT p.debit AS account_id,
      CASE p.action WHEN 'reverse' THEN p.amount ELSE 0 END AS debits_posted,
      CASE p.action WHEN 'void' THEN -p.amount ELSE 0 END AS debits_pending,
      0::bigint AS credits_posted, 0::bigint AS credits_pending
    FROM reverse_plan p
    UNION ALL
    SELECT p.credit, 0, 0,
      CASE p.action WHEN 'reverse' THEN p.amount ELSE 0 END,
      CASE p.action WHEN 'void' THEN -p.amount ELSE 0 END
    FROM reverse_plan p
  ) s
  GROUP BY s.account_id;

  -- The transfers first: they need no account locked (a void or a reversal is written once: the
  -- unique indexes on pending_id and reverses_id).
  INSERT INTO ledger_transfers (id, kind, debit_account_id, credit_account_id, amount, pending_id, reverses_id,
    category, debit_memo, credit_memo, reference, reason, effective_at, created_at, created_by)
  SELECT p.new_id, CASE p.action WHEN 'void' THEN 'void' ELSE 'single' END, p.debit, p.credit, p.amount,
    CASE p.action WHEN 'void' THEN p.target_id END, CASE p.action WHEN 'reverse' THEN p.target_id END,
    p.category, p.debit_memo, p.credit_memo, p.reference, p_reason, p_now, p_now, p_created_by
  FROM reverse_plan p
  ORDER BY p.recency DESC;

  -- The short phase: every other account touched, locked in id order (the member's are held
  -- already) for the funds check, the entries and the counters.
  PERFORM 1 FROM ledger_accounts a WHERE a.id IN (SELECT m.account_id FROM reverse_moves m) ORDER BY a.id FOR NO KEY UPDATE;

  -- No member account may end below zero (a credit card's line: below minus its limit), counting
  -- money still on hold. The transaction named is
  -- the newest reversal that takes money from that account.
  SELECT p.source_id INTO v_blocker
  FROM reverse_moves m
  JOIN ledger_accounts a ON a.id = m.account_id
  JOIN reverse_plan p ON p.debit = m.account_id AND p.action = 'reverse'
  WHERE a.user_id IS NOT NULL
    AND a.debits_posted + m.debits_posted + a.debits_pending + m.debits_pending > a.credits_posted + m.credits_posted + a.credit_limit
  ORDER BY p.recency DESC
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'MU402', DETAIL = v_blocker::text;
  END IF;

  INSERT INTO ledger_entries (account_id, account_version, transfer_id, side, amount, balance_after, available_after, created_at)
  SELECT n.account_id, a.version + n.step, n.transfer_id, n.side, n.amount,
    a.credits_posted - a.debits_posted + n.balance_change,
    a.credits_posted - a.debits_posted + n.balance_change - (a.debits_pending + n.debits_pending_change),
    p_now
  FROM (
    SELECT s.*,
      row_number() OVER w AS step,
      sum(s.balance_delta) OVER w AS balance_change,
      sum(s.debits_pending_delta) OVER w AS debits_pending_change
    FROM (
      SELECT p.new_id AS transfer_id, p.debit AS account_id, 'debit' AS side, p.amount, p.recency,
        CASE p.action WHEN 'void' THEN 0 ELSE 2 END AS phase,
        CASE p.action WHEN 'reverse' THEN -p.amount ELSE 0 END AS balance_delta,
        CASE p.action WHEN 'void' THEN -p.amount ELSE 0 END AS debits_pending_delta
      FROM reverse_plan p
      UNION ALL
      SELECT p.new_id, p.credit, 'credit', p.amount, p.recency,
        CASE p.action WHEN 'void' THEN 0 ELSE 1 END,
        CASE p.action WHEN 'reverse' THEN p.amount ELSE 0 END,
        0
      FROM reverse_plan p
    ) s
    WINDOW w AS (PARTITION BY s.account_id ORDER BY s.phase, s.recency DESC NULLS LAST, s.transfer_id ROWS UNBOUNDED PRECEDING)
  ) n
  JOIN ledger_accounts a ON a.id = n.account_id
  ORDER BY n.account_id, n.step;

  UPDATE ledger_accounts a SET
    debits_posted = a.debits_posted + m.debits_posted,
    debits_pending = a.debits_pending + m.debits_pending,
    credits_posted = a.credits_posted + m.credits_posted,
    credits_pending = a.credits_pending + m.credits_pending,
    version = a.version + m.entries
  FROM reverse_moves m
  WHERE a.id = m.account_id;

  UPDATE payment_orders o SET status = 'returned', resolved_at = p_now, resolved_by = p_created_by,
    return_code = NULL, return_reason = p_reason
  FROM reverse_plan p
  WHERE p.action = 'void' AND o.id = p.order_id AND o.status = 'pending';

  -- Every other workflow a voided hold belonged to ends in its own record too, with the reason, so
  -- nothing waits on money no longer held (admin/pending-workflows.ts lists them): a deposit
  -- awaiting review is rejected, an accepted deposit's funds hold closed (the release job skips
  -- it), a scheduled bill payment failed (the send job skips it), a card authorization reversed (a
  -- later clearing is refused; the expiry job skips it). The caller locked these rows first.
  UPDATE mobile_deposits d SET status = 'rejected', reviewed_at = p_now, reviewed_by = p_created_by,
    reject_reason = p_reason
  FROM reverse_plan p
  WHERE p.action = 'void' AND d.pending_transfer_id = p.source_id AND d.status = 'pending_review';

  UPDATE deposit_holds h SET voided_at = p_now
  FROM reverse_plan p
  WHERE p.action = 'void' AND h.transfer_id = p.source_id AND h.released_at IS NULL AND h.voided_at IS NULL;

  UPDATE bill_payments b SET status = 'failed', failed_at = p_now, reason = p_reason
  FROM reverse_plan p
  WHERE p.action = 'void' AND b.pending_transfer_id = p.source_id AND b.status = 'scheduled';

  UPDATE card_authorizations c SET status = 'reversed', reversed_at = p_now
  FROM reverse_plan p
  WHERE p.action = 'void' AND c.hold_transfer_id = p.source_id AND c.status = 'pending';

  -- A reversed card purchase's reward points go with it (the cards module's rule).
  PERFORM cards_take_back_points(array(SELECT p.target_id FROM reverse_plan p WHERE p.action = 'reverse'));

  FOR v_user IN SELECT DISTINCT a.user_id FROM reverse_moves m JOIN ledger_accounts a ON a.id = m.account_id WHERE a.user_id IS NOT NULL LOOP
    PERFORM pg_notify('mutual_live', json_build_object('userId', v_user, 'kind', 'ledger')::text);
  END LOOP;

  RETURN v_count;
END;
$$;
