-- Whether a transfer's money was sent back: the transfer itself has a reversal, or — for a pending
-- transfer — the posting that completed it has one. The member's history hides such a transfer
-- with its reversal unless corrections are shown (accounts/history-sql.ts).
-- A function, not a sub-select in the history's query: a filtered page of the history is planned for
-- its values each time, and this check's three look-ups of ledger_transfers, written into each of
-- the page's (up to four) reads, cost a common-word search about half its time at the database:
-- planning them, and setting up their plan nodes whether they ran or not
-- (docs/decisions/2026-12-01-reversal-check-planned-once.md). Here they are planned once per
-- connection. A call costs more than an index probe, so only filtered pages call it (the prepared
-- unfiltered page and an export's batches keep the anti-join), and its COST makes the planner test
-- it last, on the rows every other filter left.
-- Each look-up is a statement of its own, with no test of p_kind inside it: PL/pgSQL keeps a
-- statement's one generic plan only when it costs no more than the plans made for the values, and
-- a single statement testing p_kind cost less for a completed transfer (the pending half folded
-- away), so it was planned afresh on every call: 139 µs a call, against 31 µs as it is
-- (docs/decisions/2026-12-01-generic-plans-in-functions.md).
CREATE OR REPLACE FUNCTION ledger_was_reversed(p_transfer_id uuid, p_kind text) RETURNS boolean
    LANGUAGE plpgsql STABLE STRICT COST 100000 AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM ledger_transfers z WHERE z.reverses_id = p_transfer_id) THEN
        RETURN true;
      END IF;
      IF p_kind <> 'pending' THEN
        RETURN false;
      END IF;
      RETURN EXISTS (SELECT 1 FROM ledger_transfers r
        WHERE r.pending_id = p_transfer_id
          AND EXISTS (SELECT 1 FROM ledger_transfers z WHERE z.reverses_id = r.id));
    END
    $$;
