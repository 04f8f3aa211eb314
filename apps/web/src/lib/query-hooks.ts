import { type QueryKey, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The TanStack Query patterns the feature hooks files share, so each rule is written once: a page
 * of a list that stays on screen while the next loads, the one item a screen has selected, and an
 * action after which its screen is read again.
 */

/** One page of a list: the old rows (and tab counts) stay on screen while another tab, filter or page loads. */
export function usePageQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
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
