import type { AuditEntry } from '@mutual/shared';
import { AuditAction, AuditActor, AuditChanges, AuditMember, AuditOrigin, AuditWhen } from './audit-parts';

/** One entry as a card: phones, and the member detail's narrow column. */
export function AuditEntryCard({
  entry,
  timeZone,
  subjectId,
}: {
  entry: AuditEntry;
  timeZone: string;
  subjectId?: string;
}) {
  // In one member's trail the member goes without saying; someone else acted on is named.
  const showMember = entry.target !== null && entry.target.id !== subjectId;
  return (
    <li className="space-y-2 py-3" data-testid="audit-entry">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="min-w-0">
          <AuditAction entry={entry} />
        </p>
        <p className="text-xs text-slate-600">
          <AuditWhen at={entry.at} timeZone={timeZone} />
        </p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">By</dt>
        <dd className="break-words text-slate-900">
          <AuditActor entry={entry} />
        </dd>
        {showMember && (
          <>
            <dt className="text-slate-600">Member</dt>
            <dd className="min-w-0">
              <AuditMember entry={entry} />
            </dd>
          </>
        )}
        <dt className="text-slate-600">From</dt>
        <dd className="min-w-0">
          <AuditOrigin entry={entry} />
        </dd>
      </dl>
      <AuditChanges entry={entry} />
    </li>
  );
}

export function AuditEntryCards({
  entries,
  timeZone,
  label,
  subjectId,
}: {
  entries: AuditEntry[];
  timeZone: string;
  label: string;
  subjectId?: string;
}) {
  return (
    <ol className="divide-y divide-slate-200" aria-label={label}>
      {entries.map((entry) => (
        <AuditEntryCard key={entry.id} entry={entry} timeZone={timeZone} subjectId={subjectId} />
      ))}
    </ol>
  );
}

const th = 'py-3 pr-4 font-semibold';

/**
 * The log as a table on wide screens and as cards below that (only one is displayed, so
 * assistive tech meets each entry once).
 */
export function AuditTable({
  entries,
  timeZone,
  caption,
}: {
  entries: AuditEntry[];
  timeZone: string;
  caption: string;
}) {
  return (
    <>
      <div className="hidden lg:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <colgroup>
            <col className="w-[13%]" />
            <col className="w-[17%]" />
            <col className="w-[17%]" />
            <col className="w-[16%]" />
            <col className="w-[11%]" />
            <col className="w-[26%]" />
          </colgroup>
          <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className={th}>
                When
              </th>
              <th scope="col" className={th}>
                Action
              </th>
              <th scope="col" className={th}>
                Done by
              </th>
              <th scope="col" className={th}>
                Member
              </th>
              <th scope="col" className={th}>
                From where
              </th>
              <th scope="col" className="py-3 font-semibold">
                Before → after
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <tr key={entry.id} className="align-top" data-testid="audit-row">
                <td className="py-3 pr-4 text-slate-700">
                  <AuditWhen at={entry.at} timeZone={timeZone} wrap />
                </td>
                <td className="py-3 pr-4">
                  <AuditAction entry={entry} />
                </td>
                <td className="py-3 pr-4 break-words text-slate-800">
                  <AuditActor entry={entry} />
                </td>
                <td className="py-3 pr-4">
                  <AuditMember entry={entry} />
                </td>
                <td className="py-3 pr-4">
                  <AuditOrigin entry={entry} />
                </td>
                <td className="py-3">
                  <AuditChanges entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="lg:hidden">
        <AuditEntryCards entries={entries} timeZone={timeZone} label={caption} />
      </div>
    </>
  );
}
