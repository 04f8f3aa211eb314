-- Takes back the reward points card purchases earned, when staff reverse their postings (`p_postings`:
-- card_authorizations.post_transfer_id, the hold's posting or the transfer of a different cleared
-- amount): points are for purchases that stand. The one rule for a staff reversal of one transaction
-- (cards/issue-card.ts, takeBackRewardPoints) and for Delete User Transactions (ledger_reverse_member).
-- From the card in use (cards_lock_in_use: locked before it is chosen, so a card reported lost at the
-- same moment cannot keep the points while they are taken from the closed one), one card at a time
-- in the order of their ids. A purchase a merchant partly refunded gave back its refunds' share of
-- the points already (cards/refund.ts): only what it still has is taken, so the card never loses a
-- purchase's points twice. Answers the points taken: 0 when no posting was a card purchase that
-- earned any.
CREATE OR REPLACE FUNCTION cards_take_back_points(p_postings uuid[]) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_earned record;
  v_card uuid;
  v_taken integer := 0;
BEGIN
  FOR v_earned IN
    SELECT a.card_id, sum(a.points - r.points)::integer AS points
    FROM card_authorizations a
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(f.points), 0) AS points FROM card_refunds f WHERE f.authorization_id = a.id
    ) r
    WHERE a.post_transfer_id = ANY (p_postings) AND a.points > r.points
    GROUP BY a.card_id
    ORDER BY a.card_id
  LOOP
    v_card := cards_lock_in_use(v_earned.card_id);
    UPDATE cards SET rewards_points = rewards_points - v_earned.points WHERE id = v_card;
    v_taken := v_taken + v_earned.points;
  END LOOP;
  RETURN v_taken;
END
$$;
