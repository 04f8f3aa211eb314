import { useCallback, useMemo } from 'react';
import { keysetCursorOf } from '../../lib/search-params';
import { useAddress } from '../../lib/use-address';
import {
  type AuditCursor,
  type AuditFilterName,
  type AuditFilters,
  auditFilterNames,
  auditFilterQuery,
} from './audit-api';

const filtersOf = (params: URLSearchParams): AuditFilters =>
  Object.fromEntries(auditFilterNames.map((name) => [name, params.get(name)?.trim() || undefined])) as AuditFilters;

/** An entry's cursor: its number in the log. */
const entryNumber = /^\d+$/;

/**
 * The Audit Log screen's filters and page live in the address (`?action=hold.&member=…`), so a
 * view can be bookmarked, sent to a colleague and survives a reload. A new filter starts again
 * from the newest entries; paging pushes history, so Back returns to the page before. Each change
 * builds on the one before it, shown or not yet (`useAddress`): an action picked and a member
 * applied at once keep both.
 */
export function useAuditFilters() {
  const { params, update } = useAddress();
  const filters = useMemo(() => filtersOf(params), [params]);
  const cursor = useMemo(() => keysetCursorOf(params, entryNumber), [params]);

  const setFilters = useCallback(
    (patch: Partial<Record<AuditFilterName, string>>) =>
      update((latest) => auditFilterQuery({ ...filtersOf(latest), ...patch })),
    [update],
  );

  const goTo = useCallback(
    (target: AuditCursor) =>
      update(
        (latest) => {
          const next = auditFilterQuery(filtersOf(latest));
          if (target && 'olderThan' in target) next.set('olderThan', target.olderThan);
          if (target && 'newerThan' in target) next.set('newerThan', target.newerThan);
          return next;
        },
        { push: true },
      ),
    [update],
  );

  const clear = useCallback(() => update(() => new URLSearchParams()), [update]);

  return { filters, cursor, setFilters, goTo, clear };
}
