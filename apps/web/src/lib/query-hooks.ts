import {
  type QueryKey,
  keepPreviousData,
  replaceEqualDeep,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/**
 * The TanStack Query patterns the feature hooks files share, so each rule is written once: a page
 * of a list that stays on screen while the next loads, the one item a screen has selected, and an
 * action after which its screen is read again.
 */

/** The tab each list answer was read for (answers are objects; an answer outlives no query). */
const tabOfAnswer = new WeakMap<object, string>();

/**
 * One page of a list: the old answer stays on screen (dimmed) while another page or filter loads.
 * On a tabbed list (`tab`), while another tab loads only the old answer's tab counts stay:
 * `otherTab` says its rows belong to another tab, so the list shows itself loading instead of
 * another tab's rows under this tab's name and columns.
 */
export function usePageQuery<T extends object>(queryKey: QueryKey, queryFn: () => Promise<T>, tab?: string) {
  const query = useQuery({
    queryKey,
    queryFn,
    placeholderData: keepPreviousData,
    // Every answer passes here (a refetch may make a new object), and so does a placeholder, which
    // keeps the mark of the tab it was read for.
    structuralSharing: (old: unknown, answer: unknown) => {
      const stored = replaceEqualDeep(old, answer);
      if (tab !== undefined && typeof stored === 'object' && stored && !tabOfAnswer.has(stored)) {
        tabOfAnswer.set(stored, tab);
      }
      return stored;
    },
  });
  const otherTab = tab !== undefined && query.isPlaceholderData && tabOfAnswer.get(query.data) !== tab;
  return { ...query, otherTab };
}

/** The item a screen has selected (`id`), if any: nothing is read until one is. */
export function useSelectedQuery<T>(
  id: string | null,
  queryKey: (id: string) => QueryKey,
  queryFn: (id: string) => Promise<T>,
) {
  return useQuery({ queryKey: queryKey(id ?? ''), queryFn: () => queryFn(id ?? ''), enabled: Boolean(id) });
}

/**
 * An action after which every query under `queryKey` is read again, whether it worked or was refused
 * (a 409 means the thing moved meanwhile, and the screen should show how). The action stays pending
 * until the screen's queries have been read again.
 */
export function useMutationThenRefresh<TData, TVariables = void>(
  queryKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey }) });
}
