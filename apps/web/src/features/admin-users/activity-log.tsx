import { messages } from '@mutual/shared';
import { ExternalLink, ScrollText, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
import { ActionSelect } from '../audit/action-select';
import type { AuditCursor, AuditFilters } from '../audit/audit-api';
import { AuditEntryCards } from '../audit/audit-entries';
import { AuditDateRange } from '../audit/audit-filters';
import { AuditPager } from '../audit/audit-pager';
import { useUserAudit } from './admin-api';
import { DetailSection, EmptyNote } from './detail-parts';

type TrailFilters = Pick<AuditFilters, 'action' | 'from' | 'to'>;

/**
 * Who did what to this member, and what they did, from where, newest first (the append-only
 * audit log), with the Audit Log screen's action and date filters and paging.
 */
export function ActivityLog({ userId }: { userId: string }) {
  const [filters, setFilters] = useState<TrailFilters>({});
  const [cursor, setCursor] = useState<AuditCursor>(null);
  const audit = useUserAudit(userId, filters, cursor);
  const errors = Object.fromEntries(fieldErrors(audit.error)) as Partial<Record<keyof TrailFilters, string>>;
  const filtered = Boolean(filters.action || filters.from || filters.to);
  // An emptied box means "any": it is dropped rather than kept as "".
  const change = (patch: TrailFilters) => {
    setFilters((current) => Object.fromEntries(Object.entries({ ...current, ...patch }).filter(([, value]) => value)));
    setCursor(null);
  };
  const page = audit.data;

  return (
    <DetailSection
      id="detail-activity"
      title="Activity log"
      icon={ScrollText}
      actions={
        <Link
          to={`/admin/audit?member=${encodeURIComponent(userId)}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline"
        >
          Open in Audit Log
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        </Link>
      }
    >
      <div role="search" aria-label="Filter the activity log" className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <ActionSelect
          id="activity-action"
          value={filters.action}
          error={errors.action}
          onChange={(action) => change({ action })}
        />
        <AuditDateRange idPrefix="activity" value={filters} errors={errors} onChange={change} />
      </div>
      {filtered && (
        <Button
          icon={X}
          variant="ghost"
          size="sm"
          className="mb-2"
          onClick={() => {
            setFilters({});
            setCursor(null);
          }}
        >
          Clear filters
        </Button>
      )}
      {audit.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading activity…
        </p>
      ) : audit.isError && !page ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(audit.error, messages.audit.loadFailed)}
        </p>
      ) : !page || page.entries.length === 0 ? (
        <EmptyNote>{filtered ? messages.audit.empty : messages.audit.nothingYet}</EmptyNote>
      ) : (
        <>
          <div
            className={audit.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            aria-busy={audit.isFetching}
          >
            <AuditEntryCards
              entries={page.entries}
              timeZone={page.timeZone}
              label="Activity, newest first"
              subjectId={userId}
            />
          </div>
          <div className="mt-2 border-t border-slate-200 pt-3">
            <AuditPager page={page} busy={audit.isPlaceholderData} onNavigate={setCursor} />
          </div>
        </>
      )}
    </DetailSection>
  );
}
