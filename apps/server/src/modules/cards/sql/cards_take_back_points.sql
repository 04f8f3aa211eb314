-- Takes back the reward points card purchases earned, when staff reverse their postings (`p_postings`:
-- card_authorizations.post_transfer_id, the hold's posting or the transfer of a different cleared
-- amount): points are for purchases that stand. The one rule for a staff reversal of one transaction
-- (cards/issue-card.ts, takeBackRewardPoints) and for Delete User Transactions (ledger_reverse_member).
-- One UPDATE per call, as the points were added at clearing; from the card in use (cards_in_use),
-- where the points are once a card is replaced. Answers the points taken: 0 when no posting was a
-- card purchase that earned any.
CREATE OR REPLACE FUNCTION cards_take_back_points(p_postings uuid[]) RETURNS integer
LANGUAGE sql AS $$
  WITH taken AS (
    UPDATE cards c SET rewards_points = c.rewards_points - s.points
    FROM (
      SELECT cards_in_use(a.card_id) AS card_id, sum(a.points)::integer AS points
      FROM card_authorizations a
      WHERE a.post_transfer_id = ANY (p_postings) AND a.points > 0
      GROUP BY 1
    ) s
    WHERE c.id = s.card_id
    RETURNING s.points
  )
  SELECT coalesce(sum(points), 0)::integer FROM taken
$$;
