import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The console's address (?filter=, ?q=, ?user=) and a write of one of its names. Each write starts
 * from the address as the console last asked for it, even before the router shows it, never from
 * the address of the render that set the write up. React Router's own updater starts from the
 * latter, and the console's writes come late: the search box writes ?q= a moment after the last
 * keystroke (its timer set on an earlier render), the look-up writes ?user= when its answer comes.
 * Each of them put back what the other had just changed: a look-up answered while the cleared
 * search was still waiting lost its member when the search landed.
 */
export function useConsoleAddress() {
  const [params, setParams] = useSearchParams();
  const shown = params.toString();
  // The address shown, the writes not shown yet (oldest first), and the newest of them all.
  const address = useRef({ shown, pending: [] as string[], latest: shown });

  useLayoutEffect(() => {
    const state = address.current;
    if (state.shown === shown) return;
    state.shown = shown;
    // One of ours has arrived (with those before it); any other address came from elsewhere
    // (a link, back or forward) and replaces what the console had asked for.
    const at = state.pending.indexOf(shown);
    state.pending = at === -1 ? [] : state.pending.slice(at + 1);
    state.latest = state.pending.at(-1) ?? shown;
  }, [shown]);

  const setParam = useCallback(
    (name: string, value: string | null) => {
      const state = address.current;
      const next = new URLSearchParams(state.latest);
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
      const search = next.toString();
      if (search === state.latest) return;
      state.latest = search;
      state.pending.push(search);
      setParams(next, { replace: true });
    },
    [setParams],
  );

  return { params, setParam };
}
