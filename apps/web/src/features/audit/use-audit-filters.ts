import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type AuditCursor,
  type AuditFilterName,
  type AuditFilters,
  auditFilterNames,
  auditFilterQuery,
} from './audit-api';

const cursorOf = (params: URLSearchParams): AuditCursor => {
  const older = params.get('olderThan');
  const newer = params.get('newerThan');
  if (older && /^\d+$/.test(older)) return { olderThan: older };
  if (newer && /^\d+$/.test(newer)) return { newerThan: newer };
  return null;
};

/**
 * The Audit Log screen's filters and page live in the address (`?action=hold.&member=…`), so a
 * view can be bookmarked, sent to a colleague and survives a reload. A new filter starts again
 * from the newest entries; paging pushes history, so Back returns to the page before.
 */
export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<AuditFilters>(
    () =>
      Object.fromEntries(auditFilterNames.map((name) => [name, params.get(name)?.trim() || undefined])) as AuditFilters,
    [params],
  );
  const cursor = useMemo(() => cursorOf(params), [params]);

  const setFilters = useCallback(
    (patch: Partial<Record<AuditFilterName, string>>) => {
      const next = auditFilterQuery({ ...filters, ...patch });
      setParams(next, { replace: true });
    },
    [filters, setParams],
  );

  const goTo = useCallback(
    (target: AuditCursor) => {
      const next = auditFilterQuery(filters);
      if (target && 'olderThan' in target) next.set('olderThan', target.olderThan);
      if (target && 'newerThan' in target) next.set('newerThan', target.newerThan);
      setParams(next);
    },
    [filters, setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);

  return { filters, cursor, setFilters, goTo, clear };
}
