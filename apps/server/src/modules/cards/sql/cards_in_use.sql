-- The card a member uses in place of `p_card`: the card itself, or the replacement issued when it
-- was reported lost (and that one's, and so on). Reward points belong to the card in use: the
-- points a closed card's purchase earns when it clears later, or gives back when staff reverse it,
-- land there (cards/issue-card.ts addRewardPoints, cards_take_back_points).
CREATE OR REPLACE FUNCTION cards_in_use(p_card uuid) RETURNS uuid
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE chain(id, depth) AS (
    SELECT id, 0 FROM cards WHERE id = p_card
    UNION ALL
    SELECT c.id, chain.depth + 1 FROM cards c JOIN chain ON c.replaces_id = chain.id
  )
  SELECT id FROM chain ORDER BY depth DESC LIMIT 1
$$;
