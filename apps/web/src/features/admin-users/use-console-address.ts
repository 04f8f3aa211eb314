import { useCallback } from 'react';
import { useAddress } from '../../lib/use-address';

/**
 * The console's address (?filter=, ?q=, ?user=) and a write of one of its names, building on the
 * writes before it (`useAddress`): the search box writes ?q= a moment after the last keystroke
 * (its timer set on an earlier render), the look-up writes ?user= when its answer comes.
 */
export function useConsoleAddress() {
  const { params, update } = useAddress();
  const setParam = useCallback(
    (name: string, value: string | null) =>
      update((next) => {
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
        return next;
      }),
    [update],
  );
  return { params, setParam };
}
