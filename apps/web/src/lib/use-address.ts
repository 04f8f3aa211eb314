import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen whose state lives in the address (`?action=…&member=…`): the address shown, and writes
 * to it that build on each other. Each write starts from the address as the screen last asked for
 * it, even before the router shows it, never from the address of the render that set the write up.
 *
 * React Router shows a new address in a transition: a render later, and later still on a busy
 * machine. A write made in between from the render's own address put back what the write before
 * it had just changed. On the Audit Log, an action picked and then a member applied before the
 * page re-rendered lost the action; in the staff console, a look-up answered while a cleared search
 * was still waiting lost its member when the search landed.
 */
export function useAddress() {
  const [params, setParams] = useSearchParams();
  const shown = params.toString();
  // The address shown, the writes not shown yet (oldest first), and the newest of them all.
  const address = useRef({ shown, pending: [] as string[], latest: shown });

  useLayoutEffect(() => {
    const state = address.current;
    if (state.shown === shown) return;
    state.shown = shown;
    // One of ours has arrived (with those before it); any other address came from elsewhere
    // (a link, back or forward) and replaces what the screen had asked for.
    const at = state.pending.indexOf(shown);
    state.pending = at === -1 ? [] : state.pending.slice(at + 1);
    state.latest = state.pending.at(-1) ?? shown;
  }, [shown]);

  /**
   * Goes to the address `next` makes of the latest one: in place (the default, for a filter), or
   * as a new history entry (`push`, for a page Back should return from).
   */
  const update = useCallback(
    (next: (latest: URLSearchParams) => URLSearchParams, { push = false }: { push?: boolean } = {}) => {
      const state = address.current;
      const target = next(new URLSearchParams(state.latest));
      const search = target.toString();
      if (search === state.latest) return;
      state.latest = search;
      state.pending.push(search);
      setParams(target, { replace: !push });
    },
    [setParams],
  );

  return { params, update };
}
