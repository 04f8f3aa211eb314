-- The ledger engine. Every money movement goes through ledger_post(): it locks the two accounts
-- in id order, checks funds, and writes the transfer, both entries and both counters in one
-- statement, so a transfer is one round trip and the rules hold whoever calls it.

-- The credit union's general-ledger accounts: the other side of every movement that enters or
-- leaves the members' accounts.
-- Their ids are fixed, so the application names them without a look-up (general-ledger.ts).
INSERT INTO ledger_accounts (id, type, code, created_at) VALUES
  ('00000000-0000-4000-8000-000000000001', 'General', 'cash', now()),
  ('00000000-0000-4000-8000-000000000002', 'General', 'ach_clearing', now()),
  ('00000000-0000-4000-8000-000000000003', 'General', 'wire_clearing', now()),
  ('00000000-0000-4000-8000-000000000004', 'General', 'billpay_clearing', now()),
  ('00000000-0000-4000-8000-000000000005', 'General', 'deposit_clearing', now()),
  ('00000000-0000-4000-8000-000000000006', 'General', 'card_settlement', now()),
  ('00000000-0000-4000-8000-000000000007', 'General', 'adjustments', now());
--> statement-breakpoint
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Accounts are never deleted, and an account's identity (owner, kind, code) never changes.
CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.id <> OLD.id OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.type <> OLD.type
     OR NEW.code IS DISTINCT FROM OLD.code THEN
    RAISE EXCEPTION 'a ledger account''s owner and kind never change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
--> statement-breakpoint
-- Error codes (SQLSTATE class MU): MU402 insufficient funds, MU404 account or transfer not found,
-- MU409 already resolved or reversed, MU422 a request the ledger cannot carry out.
CREATE FUNCTION ledger_post(
  p_kind text,
  p_debit uuid,
  p_credit uuid,
  p_amount bigint,
  p_pending_id uuid,
  p_reverses_id uuid,
  p_category text,
  p_debit_memo text,
  p_credit_memo text,
  p_reference text,
  p_reason text,
  p_effective_at timestamptz,
  p_now timestamptz,
  p_created_by uuid
) RETURNS TABLE (transfer_id uuid, debit_available bigint, credit_available bigint)
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
  v_pending ledger_transfers%ROWTYPE;
  v_original ledger_transfers%ROWTYPE;
  d ledger_accounts%ROWTYPE;
  c ledger_accounts%ROWTYPE;
  v_id uuid := gen_random_uuid();
  v_d_pending bigint := 0; v_d_posted bigint := 0;
  v_c_pending bigint := 0; v_c_posted bigint := 0;
BEGIN
  IF p_kind IN ('post', 'void', 'expire') THEN
    -- A resolution moves exactly what the pending transfer held, between the same accounts.
    SELECT * INTO v_pending FROM ledger_transfers WHERE id = p_pending_id;
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
    SELECT * INTO v_original FROM ledger_transfers WHERE id = p_reverses_id;
    IF NOT FOUND OR v_original.kind NOT IN ('single', 'post') OR v_original.reverses_id IS NOT NULL THEN
      RAISE EXCEPTION 'transfer % cannot be reversed', p_reverses_id USING ERRCODE = 'MU404';
    END IF;
    v_debit := v_original.credit_account_id;
    v_credit := v_original.debit_account_id;
    v_amount := v_original.amount;
    v_category := v_original.category;
    v_debit_memo := coalesce(p_debit_memo, 'Reversal: ' || v_original.credit_memo);
    v_credit_memo := coalesce(p_credit_memo, 'Reversal: ' || v_original.debit_memo);
  ELSIF p_kind NOT IN ('single', 'pending') THEN
    RAISE EXCEPTION 'unknown transfer kind %', p_kind USING ERRCODE = 'MU422';
  END IF;

  IF v_amount IS NULL OR v_amount <= 0 THEN
    RAISE EXCEPTION 'amount must be positive' USING ERRCODE = 'MU422';
  END IF;
  IF v_debit = v_credit THEN
    RAISE EXCEPTION 'debit and credit accounts must differ' USING ERRCODE = 'MU422';
  END IF;

  -- Lock both accounts in id order, so two transfers over the same pair never deadlock.
  PERFORM 1 FROM ledger_accounts WHERE id IN (v_debit, v_credit) ORDER BY id FOR UPDATE;
  SELECT * INTO d FROM ledger_accounts WHERE id = v_debit;
  IF NOT FOUND THEN RAISE EXCEPTION 'account % not found', v_debit USING ERRCODE = 'MU404'; END IF;
  SELECT * INTO c FROM ledger_accounts WHERE id = v_credit;
  IF NOT FOUND THEN RAISE EXCEPTION 'account % not found', v_credit USING ERRCODE = 'MU404'; END IF;

  -- Checked under the locks, so a concurrent resolver or reverser has either committed or not
  -- started; the unique indexes stay as the last word.
  IF p_kind IN ('post', 'void', 'expire')
     AND EXISTS (SELECT 1 FROM ledger_transfers WHERE pending_id = p_pending_id) THEN
    RAISE EXCEPTION 'pending transfer % is already resolved', p_pending_id USING ERRCODE = 'MU409';
  END IF;
  IF p_reverses_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM ledger_transfers WHERE reverses_id = p_reverses_id) THEN
    RAISE EXCEPTION 'transfer % is already reversed', p_reverses_id USING ERRCODE = 'MU409';
  END IF;

  CASE p_kind
    WHEN 'single' THEN v_d_posted := v_amount; v_c_posted := v_amount;
    WHEN 'pending' THEN v_d_pending := v_amount; v_c_pending := v_amount;
    WHEN 'post' THEN v_d_pending := -v_amount; v_d_posted := v_amount; v_c_pending := -v_amount; v_c_posted := v_amount;
    ELSE v_d_pending := -v_amount; v_c_pending := -v_amount;
  END CASE;

  -- A member account never goes below zero, counting money already on hold.
  IF d.user_id IS NOT NULL
     AND d.debits_posted + v_d_posted + d.debits_pending + v_d_pending > d.credits_posted THEN
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'MU402';
  END IF;

  INSERT INTO ledger_transfers (id, kind, debit_account_id, credit_account_id, amount, pending_id, reverses_id,
    category, debit_memo, credit_memo, reference, reason, effective_at, created_at, created_by)
  VALUES (v_id, p_kind, v_debit, v_credit, v_amount, p_pending_id, p_reverses_id,
    v_category, v_debit_memo, v_credit_memo, v_reference, p_reason, v_effective_at, p_now, p_created_by);

  UPDATE ledger_accounts SET
    debits_pending = debits_pending + v_d_pending,
    debits_posted = debits_posted + v_d_posted,
    version = version + 1
  WHERE id = v_debit
  RETURNING * INTO d;
  UPDATE ledger_accounts SET
    credits_pending = credits_pending + v_c_pending,
    credits_posted = credits_posted + v_c_posted,
    version = version + 1
  WHERE id = v_credit
  RETURNING * INTO c;

  INSERT INTO ledger_entries (account_id, account_version, transfer_id, side, amount, balance_after, available_after, created_at)
  VALUES
    (v_debit, d.version, v_id, 'debit', v_amount, d.credits_posted - d.debits_posted,
     d.credits_posted - d.debits_posted - d.debits_pending, p_now),
    (v_credit, c.version, v_id, 'credit', v_amount, c.credits_posted - c.debits_posted,
     c.credits_posted - c.debits_posted - c.debits_pending, p_now);

  -- Members watching their dashboard hear about it when (and only if) this commits.
  IF d.user_id IS NOT NULL THEN PERFORM pg_notify('mutual_live', json_build_object('userId', d.user_id, 'kind', 'ledger')::text); END IF;
  IF c.user_id IS NOT NULL AND c.user_id IS DISTINCT FROM d.user_id THEN
    PERFORM pg_notify('mutual_live', json_build_object('userId', c.user_id, 'kind', 'ledger')::text);
  END IF;

  RETURN QUERY SELECT v_id,
    d.credits_posted - d.debits_posted - d.debits_pending,
    c.credits_posted - c.debits_posted - c.debits_pending;
END;
$$;
