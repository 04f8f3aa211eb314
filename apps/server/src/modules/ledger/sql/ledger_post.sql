-- The ledger engine. Every money movement goes through ledger_post(): it locks the two accounts
-- in id order, checks funds, and writes the transfer, both entries and both counters in one
-- statement, so the rules hold whoever calls it.
--
-- p_kind: 'single' moves money now; 'pending' holds it; 'post', 'void' and 'expire' resolve a
-- pending transfer (p_pending_id); a 'single' with p_reverses_id sends a completed transfer's
-- money back; 'failed' records a movement that did not happen (no entries, no counters, no funds
-- check — a declined payment is usually declined for want of funds).
--
-- Refusals are raised with SQLSTATEs of class MU, before anything is written: MU402 insufficient
-- funds, MU404 account or transfer not found, MU409 already resolved or reversed, MU422 a request
-- the ledger cannot carry out. Callers run it as (part of) one statement or inside their own
-- transaction, so a refusal leaves nothing behind without a savepoint.
--
-- p_live: members' open pages are told of the change by pg_notify when this commits; a caller
-- that tells them itself after the commit (the money commands) passes false and reads
-- debit_user/credit_user instead.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text,
  p_now timestamptz,
  p_created_by uuid DEFAULT NULL,
  p_debit uuid DEFAULT NULL,
  p_credit uuid DEFAULT NULL,
  p_amount bigint DEFAULT NULL,
  p_pending_id uuid DEFAULT NULL,
  p_reverses_id uuid DEFAULT NULL,
  p_category text DEFAULT NULL,
  p_debit_memo text DEFAULT NULL,
  p_credit_memo text DEFAULT NULL,
  p_reference text DEFAULT NULL,
  p_reason text DEFAULT NULL,
  p_effective_at timestamptz DEFAULT NULL,
  p_transfer_id uuid DEFAULT NULL,
  p_live boolean DEFAULT true
) RETURNS TABLE (
  transfer_id uuid,
  debit_user uuid,
  credit_user uuid,
  debit_available bigint,
  credit_available bigint
)
LANGUAGE plpgsql AS $$
DECLARE
  v_debit uuid := p_debit;
  v_credit uuid := p_credit;
  v_amount bigint := p_amount;
  v_category text := p_category;
  v_debit_memo text := p_debit_memo;
  v_credit_memo text := p_credit_memo;
  v_reference text := p_reference;
  v_effective_at timestamptz := coalesce(p_effective_at, p_now);
  v_id uuid := coalesce(p_transfer_id, gen_random_uuid());
  v_pending ledger_transfers%ROWTYPE;
  v_original ledger_transfers%ROWTYPE;
  v_account ledger_accounts%ROWTYPE;
  d ledger_accounts%ROWTYPE;
  c ledger_accounts%ROWTYPE;
  v_d_pending bigint := 0; v_d_posted bigint := 0;
  v_c_pending bigint := 0; v_c_posted bigint := 0;
BEGIN
  IF p_kind IN ('post', 'void', 'expire') THEN
    -- A resolution moves exactly what the pending transfer held, between the same accounts.
    SELECT * INTO v_pending FROM ledger_transfers t WHERE t.id = p_pending_id;
    IF NOT FOUND OR v_pending.kind <> 'pending' THEN
      RAISE EXCEPTION 'pending transfer % not found', p_pending_id USING ERRCODE = 'MU404';
    END IF;
    v_debit := v_pending.debit_account_id;
    v_credit := v_pending.credit_account_id;
    v_amount := v_pending.amount;
    v_category := v_pending.category;
    v_debit_memo := coalesce(p_debit_memo, v_pending.debit_memo);
    v_credit_memo := coalesce(p_credit_memo, v_pending.credit_memo);
    v_reference := v_pending.reference;
  ELSIF p_kind = 'single' AND p_reverses_id IS NOT NULL THEN
    -- A reversal sends the same amount back the other way.
    SELECT * INTO v_original FROM ledger_transfers t WHERE t.id = p_reverses_id;
    IF NOT FOUND OR v_original.kind NOT IN ('single', 'post') OR v_original.reverses_id IS NOT NULL THEN
      RAISE EXCEPTION 'transfer % cannot be reversed', p_reverses_id USING ERRCODE = 'MU404';
    END IF;
    v_debit := v_original.credit_account_id;
    v_credit := v_original.debit_account_id;
    v_amount := v_original.amount;
    v_category := v_original.category;
    v_debit_memo := coalesce(p_debit_memo, 'Reversal: ' || v_original.credit_memo);
    v_credit_memo := coalesce(p_credit_memo, 'Reversal: ' || v_original.debit_memo);
  ELSIF p_kind NOT IN ('single', 'pending', 'failed') THEN
    RAISE EXCEPTION 'unknown transfer kind %', p_kind USING ERRCODE = 'MU422';
  END IF;

  IF v_amount IS NULL OR v_amount <= 0 THEN
    RAISE EXCEPTION 'amount must be positive' USING ERRCODE = 'MU422';
  END IF;
  IF v_debit = v_credit THEN
    RAISE EXCEPTION 'debit and credit accounts must differ' USING ERRCODE = 'MU422';
  END IF;

  -- Lock both accounts in id order (one statement), so two transfers over the same pair never
  -- deadlock.
  FOR v_account IN SELECT * FROM ledger_accounts a WHERE a.id IN (v_debit, v_credit) ORDER BY a.id FOR NO KEY UPDATE LOOP
    IF v_account.id = v_debit THEN d := v_account; ELSE c := v_account; END IF;
  END LOOP;
  IF d.id IS NULL THEN RAISE EXCEPTION 'account % not found', v_debit USING ERRCODE = 'MU404'; END IF;
  IF c.id IS NULL THEN RAISE EXCEPTION 'account % not found', v_credit USING ERRCODE = 'MU404'; END IF;

  -- Checked under the locks, so a concurrent resolver or reverser has either committed or not
  -- started; the unique indexes stay as the last word.
  IF p_kind IN ('post', 'void', 'expire')
     AND EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.pending_id = p_pending_id) THEN
    RAISE EXCEPTION 'pending transfer % is already resolved', p_pending_id USING ERRCODE = 'MU409';
  END IF;
  IF p_reverses_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.reverses_id = p_reverses_id) THEN
    RAISE EXCEPTION 'transfer % is already reversed', p_reverses_id USING ERRCODE = 'MU409';
  END IF;

  IF p_kind = 'failed' THEN
    INSERT INTO ledger_transfers (id, kind, debit_account_id, credit_account_id, amount, pending_id, reverses_id,
      category, debit_memo, credit_memo, reference, reason, effective_at, created_at, created_by)
    VALUES (v_id, p_kind, v_debit, v_credit, v_amount, NULL, NULL,
      v_category, v_debit_memo, v_credit_memo, v_reference, p_reason, v_effective_at, p_now, p_created_by);
  ELSE
    CASE p_kind
      WHEN 'single' THEN v_d_posted := v_amount; v_c_posted := v_amount;
      WHEN 'pending' THEN v_d_pending := v_amount; v_c_pending := v_amount;
      WHEN 'post' THEN v_d_pending := -v_amount; v_d_posted := v_amount; v_c_pending := -v_amount; v_c_posted := v_amount;
      ELSE v_d_pending := -v_amount; v_c_pending := -v_amount;
    END CASE;

    -- A member account never goes below zero, counting money already on hold; a credit card's
    -- line goes down to minus its limit and no further.
    IF d.user_id IS NOT NULL
       AND d.debits_posted + v_d_posted + d.debits_pending + v_d_pending > d.credits_posted + d.credit_limit THEN
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'MU402';
    END IF;

    INSERT INTO ledger_transfers (id, kind, debit_account_id, credit_account_id, amount, pending_id, reverses_id,
      category, debit_memo, credit_memo, reference, reason, effective_at, created_at, created_by)
    VALUES (v_id, p_kind, v_debit, v_credit, v_amount, p_pending_id, p_reverses_id,
      v_category, v_debit_memo, v_credit_memo, v_reference, p_reason, v_effective_at, p_now, p_created_by);

    UPDATE ledger_accounts a SET
      debits_pending = a.debits_pending + v_d_pending,
      debits_posted = a.debits_posted + v_d_posted,
      version = a.version + 1
    WHERE a.id = v_debit
    RETURNING * INTO d;
    UPDATE ledger_accounts a SET
      credits_pending = a.credits_pending + v_c_pending,
      credits_posted = a.credits_posted + v_c_posted,
      version = a.version + 1
    WHERE a.id = v_credit
    RETURNING * INTO c;

    INSERT INTO ledger_entries (account_id, account_version, transfer_id, side, amount, balance_after, available_after, created_at)
    VALUES
      (v_debit, d.version, v_id, 'debit', v_amount, d.credits_posted - d.debits_posted,
       d.credits_posted - d.debits_posted - d.debits_pending, p_now),
      (v_credit, c.version, v_id, 'credit', v_amount, c.credits_posted - c.debits_posted,
       c.credits_posted - c.debits_posted - c.debits_pending, p_now);
  END IF;

  -- Members watching their dashboard hear about it when (and only if) this commits.
  IF p_live THEN
    IF d.user_id IS NOT NULL THEN PERFORM pg_notify('mutual_live', json_build_object('userId', d.user_id, 'kind', 'ledger')::text); END IF;
    IF c.user_id IS NOT NULL AND c.user_id IS DISTINCT FROM d.user_id THEN
      PERFORM pg_notify('mutual_live', json_build_object('userId', c.user_id, 'kind', 'ledger')::text);
    END IF;
  END IF;

  RETURN QUERY SELECT v_id, d.user_id, c.user_id,
    d.credits_posted - d.debits_posted - d.debits_pending,
    c.credits_posted - c.debits_posted - c.debits_pending;
END;
$$;
