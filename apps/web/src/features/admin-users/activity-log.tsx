import type { AuditEntry } from '@mutual/shared';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { genericFailure, useUserAudit } from './admin-api';
import { DetailSection, EmptyNote } from './detail-parts';
import { formatDateTime } from '../../lib/format-date';
import { errorMessage } from '../../lib/api-errors';

const FIRST_PAGE = 10;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Before/after as one line per changed field: "status: pending → approved". */
function changes(before: unknown, after: unknown): { key: string; from: string; to: string }[] {
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys
      .filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]))
      .map((key) => ({ key, from: show(b[key]), to: show(a[key]) }));
  }
  if (before === null && after === null) return [];
  if (before === undefined && after === undefined) return [];
  return [{ key: 'value', from: show(before), to: show(after) }];
}

function Entry({ entry }: { entry: AuditEntry }) {
  const rows = changes(entry.before, entry.after);
  return (
    <li className="py-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span className="font-mono text-sm font-semibold break-all text-slate-900">{entry.action}</span>
        <time dateTime={entry.at} className="text-xs text-slate-600">
          {formatDateTime(entry.at)}
        </time>
      </p>
      <p className="mt-0.5 text-xs text-slate-600">
        {entry.actorEmail ?? 'System'}
        {entry.ipAddress && <> · IP {entry.ipAddress}</>}
      </p>
      {rows.length > 0 && (
        <details className="mt-1.5 text-xs">
          <summary className="cursor-pointer font-medium text-brand">
            {rows.length === 1 ? '1 change' : `${rows.length} changes`}
          </summary>
          <dl className="mt-1.5 space-y-1 rounded-md bg-slate-50 p-2 font-mono">
            {rows.map((row) => (
              <div key={row.key} className="break-all">
                <dt className="inline font-semibold text-slate-800">{row.key}: </dt>
                <dd className="inline text-slate-700">
                  <span className="text-red-800">{row.from}</span> → <span className="text-green-800">{row.to}</span>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </li>
  );
}

/** Who did what to this member, from where, newest first (the append-only audit log). */
export function ActivityLog({ userId }: { userId: string }) {
  const audit = useUserAudit(userId);
  const [showAll, setShowAll] = useState(false);
  const entries = audit.data?.entries ?? [];
  const visible = showAll ? entries : entries.slice(0, FIRST_PAGE);

  return (
    <DetailSection id="detail-activity" title="Activity log" icon={<ScrollText className="h-4 w-4 text-brand" aria-hidden="true" />}>
      {audit.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading activity…
        </p>
      ) : audit.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(audit.error, genericFailure)}
        </p>
      ) : entries.length === 0 ? (
        <EmptyNote>Nothing recorded yet.</EmptyNote>
      ) : (
        <>
          <ol className="-my-3 divide-y divide-slate-200">
            {visible.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ol>
          {entries.length > FIRST_PAGE && (
            <Button variant="ghost" size="sm" className="mt-3" onClick={() => setShowAll((value) => !value)}>
              {showAll ? 'Show fewer' : `Show all ${entries.length} entries`}
            </Button>
          )}
        </>
      )}
    </DetailSection>
  );
}
