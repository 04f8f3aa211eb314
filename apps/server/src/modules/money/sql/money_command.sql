-- A money command: one member request that moves money (or a staff balance target), done in one
-- statement — so in one round trip and one transaction, with no savepoint. In order: the
-- Idempotency-Key (a stored answer is replayed), the US-bank code, the staff hold, the accounts,
-- the outgoing-transfer limit, the ledger, then what goes with the money: the payment order, the
-- recipient's notification and e-mail, the sender's notification, the audit row and the stored answer.
-- A notification for someone with Push off is filed read and raises no live event (notify.ts).
--
-- The caller builds every row and the answer beforehand (it names the transfer, p_transfer_id);
-- p_fill lists the few places that need facts only found here (the recipient's name, the
-- account's balance before), each as literal parts and {"fact": …} parts joined.
--
-- A refusal is raised before anything is written, with SQLSTATE class MU (MU400 recipient not
-- found, MU402 insufficient funds — DETAIL: the money held, for a balance target —, MU404 account
-- not found, MU409 already resolved, MU410 code no longer usable, MU423 on hold, MU428 key used for
-- another request, MU429 transfer limit; and one found once the money is posted: MU422 a credit
-- card paid beyond what it owes — DETAIL: what it owed): the statement rolls back as a whole, and
-- the caller stores the refusal under the key in a second statement (only refusals take two).
--
-- Members' open pages are told after the commit, by the caller, from `live` ([{userId, kind}]):
-- a NOTIFY inside this transaction would hold PostgreSQL's notify lock across the commit's WAL flush.
CREATE OR REPLACE FUNCTION money_command(
  p_user_id uuid,
  p_now timestamptz,
  p_transfer_id uuid,
  p_category text,
  p_debit_memo text,
  p_credit_memo text,
  p_audit jsonb,
  p_answer jsonb,
  p_answer_status int DEFAULT 201,
  p_key text DEFAULT NULL,
  p_request_hash text DEFAULT NULL,
  p_kind text DEFAULT 'single',
  p_amount bigint DEFAULT NULL,
  p_reference text DEFAULT NULL,
  p_check_hold boolean DEFAULT true,
  p_limit_count int DEFAULT 0,
  p_limit_window_hours int DEFAULT 24,
  p_challenge_id uuid DEFAULT NULL,
  p_challenge_hash text DEFAULT NULL,
  p_from_type text DEFAULT NULL,
  p_to_type text DEFAULT NULL,
  p_to_email text DEFAULT NULL,
  p_general_account uuid DEFAULT NULL,
  p_account_id uuid DEFAULT NULL,
  p_account_owner uuid DEFAULT NULL,
  p_set_balance bigint DEFAULT NULL,
  p_payment_order jsonb DEFAULT NULL,
  p_recipient_notice jsonb DEFAULT NULL,
  p_recipient_mail jsonb DEFAULT NULL,
  p_fill jsonb DEFAULT NULL,
  p_sender_notice jsonb DEFAULT NULL
) RETURNS TABLE (status_code int, answer jsonb, replayed boolean, live jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_stored idempotency_keys%ROWTYPE;
  v_account ledger_accounts%ROWTYPE;
  v_recipient_id uuid;
  v_recipient_name text;
  v_recipient_email text;
  v_recipient_notify boolean;
  v_recipient_push boolean;
  v_sender_push boolean;
  v_debit uuid;
  v_credit uuid;
  v_amount bigint := p_amount;
  v_before bigint;
  v_over bigint;
  v_count int;
  v_posted record;
  v_facts jsonb := '{}'::jsonb;
  v_live jsonb := '[]'::jsonb;
  v_answer jsonb := p_answer;
  v_audit jsonb := p_audit;
  v_fill jsonb;
  v_part jsonb;
  v_text text;
  v_debit_memo text := p_debit_memo;
  v_sender_notice jsonb := p_sender_notice;
BEGIN
  -- Exactly once: the same key waits here for the first request, then replays its answer.
  IF p_key IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_user_id::text || '/' || p_key, 0));
    SELECT * INTO v_stored FROM idempotency_keys k WHERE k.user_id = p_user_id AND k.key = p_key;
    IF FOUND THEN
      IF v_stored.request_hash <> p_request_hash THEN
        RAISE EXCEPTION 'idempotency key used for another request' USING ERRCODE = 'MU428';
      END IF;
      RETURN QUERY SELECT v_stored.status_code, v_stored.response, true, '[]'::jsonb;
      RETURN;
    END IF;
  END IF;

  -- The US-bank code verified for exactly this transfer, used once.
  IF p_challenge_id IS NOT NULL THEN
    UPDATE transfer_challenges ch SET used_at = p_now
    WHERE ch.id = p_challenge_id AND ch.user_id = p_user_id AND ch.payload_hash = p_challenge_hash
      AND ch.verified_at IS NOT NULL AND ch.used_at IS NULL;
    IF NOT FOUND THEN RAISE EXCEPTION 'confirmation no longer usable' USING ERRCODE = 'MU410'; END IF;
  END IF;

  IF p_check_hold AND EXISTS (SELECT 1 FROM member_holds h WHERE h.user_id = p_user_id AND h.lifted_at IS NULL) THEN
    RAISE EXCEPTION 'money movement on hold' USING ERRCODE = 'MU423';
  END IF;

  -- The accounts: the member's own by type, a member's Checking by e-mail, a general-ledger account.
  IF p_from_type IS NOT NULL THEN
    SELECT a.id INTO v_debit FROM ledger_accounts a WHERE a.user_id = p_user_id AND a.type = p_from_type;
    IF NOT FOUND THEN RAISE EXCEPTION 'source account not found' USING ERRCODE = 'MU404'; END IF;
  END IF;
  IF p_to_type IS NOT NULL THEN
    SELECT a.id INTO v_credit FROM ledger_accounts a WHERE a.user_id = p_user_id AND a.type = p_to_type;
    IF NOT FOUND THEN RAISE EXCEPTION 'destination account not found' USING ERRCODE = 'MU404'; END IF;
  ELSIF p_to_email IS NOT NULL THEN
    SELECT u.id, u.name, u.email, u.notify_email, u.notify_push, a.id
    INTO v_recipient_id, v_recipient_name, v_recipient_email, v_recipient_notify, v_recipient_push, v_credit
    FROM users u JOIN ledger_accounts a ON a.user_id = u.id AND a.type = 'Checking'
    WHERE lower(u.email) = lower(p_to_email) AND u.role = 'user' AND u.status IN ('approved', 'active');
    IF NOT FOUND THEN RAISE EXCEPTION 'recipient not found' USING ERRCODE = 'MU400'; END IF;
    v_facts := v_facts || jsonb_build_object('recipient.id', v_recipient_id, 'recipient.name', v_recipient_name);
  ELSIF p_general_account IS NOT NULL AND p_set_balance IS NULL THEN
    v_credit := p_general_account;
  END IF;

  -- A staff balance target: the difference, worked out under the account's lock, against the
  -- general-ledger account; never below the money held for pending payments.
  IF p_set_balance IS NOT NULL THEN
    SELECT * INTO v_account FROM ledger_accounts a WHERE a.id = p_account_id AND a.user_id = p_account_owner FOR NO KEY UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION 'account not found' USING ERRCODE = 'MU404'; END IF;
    v_before := v_account.credits_posted - v_account.debits_posted;
    IF p_set_balance < v_account.debits_pending THEN
      RAISE EXCEPTION 'below the money held' USING ERRCODE = 'MU402', DETAIL = v_account.debits_pending::text;
    END IF;
    v_facts := v_facts || jsonb_build_object('account.type', v_account.type,
      'balance.before', trim(to_char(v_before::numeric / 100, 'FM999999999999990.00')));
    v_amount := abs(p_set_balance - v_before);
    IF p_set_balance > v_before THEN v_debit := p_general_account; v_credit := v_account.id;
    ELSE v_debit := v_account.id; v_credit := p_general_account; END IF;
  END IF;

  -- Facts into the answer, the audit row (at a JSON path) and the debit memo: literal parts and
  -- facts joined.
  FOR v_fill IN SELECT * FROM jsonb_array_elements(p_fill) WHERE p_fill IS NOT NULL LOOP
    v_text := '';
    FOR v_part IN SELECT * FROM jsonb_array_elements(v_fill->'parts') LOOP
      v_text := v_text || CASE WHEN jsonb_typeof(v_part) = 'string' THEN v_part #>> '{}'
                               ELSE coalesce(v_facts->>(v_part->>'fact'), '') END;
    END LOOP;
    IF v_fill->>'doc' = 'answer' THEN
      v_answer := jsonb_set(v_answer, ARRAY(SELECT jsonb_array_elements_text(v_fill->'path')), to_jsonb(v_text));
    ELSIF v_fill->>'doc' = 'debitMemo' THEN
      v_debit_memo := v_text;
    ELSIF v_fill->>'doc' = 'senderNotice' THEN
      v_sender_notice := jsonb_set(v_sender_notice, ARRAY(SELECT jsonb_array_elements_text(v_fill->'path')), to_jsonb(v_text));
    ELSE
      v_audit := jsonb_set(v_audit, ARRAY(SELECT jsonb_array_elements_text(v_fill->'path')), to_jsonb(v_text));
    END IF;
  END LOOP;

  -- The outgoing-transfer limit: the counter row's lock serialises a member's racing transfers.
  IF p_limit_count > 0 THEN
    INSERT INTO transfer_counters AS tc (user_id, window_started_at, count) VALUES (p_user_id, p_now, 1)
    ON CONFLICT (user_id) DO UPDATE SET
      window_started_at = CASE WHEN tc.window_started_at <= p_now - make_interval(hours => p_limit_window_hours)
        THEN p_now ELSE tc.window_started_at END,
      count = CASE WHEN tc.window_started_at <= p_now - make_interval(hours => p_limit_window_hours)
        THEN 1 ELSE tc.count + 1 END
    RETURNING tc.count INTO v_count;
    IF v_count > p_limit_count THEN RAISE EXCEPTION 'transfer limit reached' USING ERRCODE = 'MU429'; END IF;
  END IF;

  IF v_amount > 0 THEN
    SELECT * INTO v_posted FROM ledger_post(
      p_kind => p_kind, p_now => p_now, p_created_by => p_user_id, p_debit => v_debit, p_credit => v_credit,
      p_amount => v_amount, p_category => p_category, p_debit_memo => v_debit_memo, p_credit_memo => p_credit_memo,
      p_reference => p_reference, p_transfer_id => p_transfer_id, p_live => false);
    v_live := v_live || jsonb_build_array(jsonb_build_object('userId', v_posted.debit_user, 'kind', 'ledger'))
                     || jsonb_build_array(jsonb_build_object('userId', v_posted.credit_user, 'kind', 'ledger'));
    -- A payment to the member's credit card goes up to what the card owes (its posted balance;
    -- purchases still waiting to clear are paid once they post), never into credit: checked on
    -- the card's row, which ledger_post holds locked.
    IF p_to_type = 'Credit Card' THEN
      SELECT a.credits_posted - a.debits_posted INTO v_over
      FROM ledger_accounts a WHERE a.id = v_credit;
      IF v_over > 0 THEN
        RAISE EXCEPTION 'more than the card owes' USING ERRCODE = 'MU422', DETAIL = (v_amount - v_over)::text;
      END IF;
    END IF;
  END IF;

  IF p_payment_order IS NOT NULL THEN
    INSERT INTO payment_orders (id, user_id, rail, status, from_account_id, amount, pending_transfer_id, beneficiary_name,
      bank_name, routing_number, account_number, swift_code, iban, country, currency, reference, created_at)
    VALUES ((p_payment_order->>'id')::uuid, p_user_id, p_payment_order->>'rail', 'pending', v_debit, v_amount, p_transfer_id,
      p_payment_order->>'beneficiaryName', p_payment_order->>'bankName', p_payment_order->>'routingNumber',
      p_payment_order->>'accountNumber', p_payment_order->>'swiftCode', p_payment_order->>'iban',
      p_payment_order->>'country', p_payment_order->>'currency', p_reference, p_now);
  END IF;

  IF p_recipient_notice IS NOT NULL AND v_recipient_id IS NOT NULL THEN
    INSERT INTO notifications (user_id, kind, title, body, created_at, read_at)
    VALUES (v_recipient_id, p_recipient_notice->>'kind', p_recipient_notice->>'title', p_recipient_notice->>'body', p_now,
      CASE WHEN v_recipient_push THEN NULL ELSE p_now END);
    IF v_recipient_push THEN
      v_live := v_live || jsonb_build_array(jsonb_build_object('userId', v_recipient_id, 'kind', 'notification'));
    END IF;
  END IF;
  IF v_sender_notice IS NOT NULL THEN
    SELECT u.notify_push INTO v_sender_push FROM users u WHERE u.id = p_user_id;
    INSERT INTO notifications (user_id, kind, title, body, created_at, read_at)
    VALUES (p_user_id, v_sender_notice->>'kind', v_sender_notice->>'title', v_sender_notice->>'body', p_now,
      CASE WHEN v_sender_push THEN NULL ELSE p_now END);
    IF v_sender_push THEN
      v_live := v_live || jsonb_build_array(jsonb_build_object('userId', p_user_id, 'kind', 'notification'));
    END IF;
  END IF;
  IF p_recipient_mail IS NOT NULL AND v_recipient_id IS NOT NULL AND v_recipient_notify THEN
    INSERT INTO mail_outbox (to_address, subject, text_body, html_body, template, status, created_at)
    VALUES (v_recipient_email, p_recipient_mail->>'subject', p_recipient_mail->>'text', p_recipient_mail->>'html',
      p_recipient_mail->>'template', p_recipient_mail->>'status', p_now);
  END IF;

  INSERT INTO audit_log (at, action, actor_user_id, actor_email, target_user_id, ip_address, user_agent, before, after)
  VALUES (p_now, v_audit->>'action', (v_audit->>'actorUserId')::uuid, v_audit->>'actorEmail', (v_audit->>'targetUserId')::uuid,
    v_audit->>'ipAddress', v_audit->>'userAgent', nullif(v_audit->'before', 'null'), nullif(v_audit->'after', 'null'));

  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
    VALUES (p_user_id, p_key, p_request_hash, p_answer_status, v_answer, p_now);
  END IF;

  RETURN QUERY SELECT p_answer_status, v_answer, false, v_live;
END;
$$;
