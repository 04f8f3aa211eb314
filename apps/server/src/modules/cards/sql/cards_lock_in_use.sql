-- Locks the card in use in place of `p_card` (cards_in_use: the card itself, or its replacement, and
-- that one's) and answers its id: what every change of reward points takes before it decides which
-- card the points go to. Report Lost or Stolen closes a card and moves its points to the replacement
-- under the card's row lock, so the card in use is read again once its lock is held: if a report
-- committed while this waited, the replacement is locked in its turn. Once held, no report can move
-- the points away until this transaction ends (cards/issue-card.ts addRewardPoints,
-- cards_take_back_points).
CREATE OR REPLACE FUNCTION cards_lock_in_use(p_card uuid) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_target uuid;
  v_now uuid;
BEGIN
  SELECT cards_in_use(p_card) INTO v_target;
  LOOP
    PERFORM 1 FROM cards WHERE id = v_target FOR UPDATE;
    -- A new statement, so a new snapshot: it sees a report that committed while the lock was awaited.
    SELECT cards_in_use(p_card) INTO v_now;
    IF v_now = v_target THEN
      RETURN v_target;
    END IF;
    v_target := v_now;
  END LOOP;
END
$$;
