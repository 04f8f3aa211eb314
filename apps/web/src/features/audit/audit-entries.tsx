import type { AuditEntry } from '@mutual/shared';
import { DataTable, type DataTableColumn } from '../../components/data-table';
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

/**
 * The table's columns; widths fixed so a long change list cannot squeeze the others. "Done by"
 * holds a staff e-mail on one line at 1280 px; codes and addresses wrap after a dot, e-mails at "@".
 */
function auditColumns(timeZone: string): DataTableColumn<AuditEntry>[] {
  return [
    {
      id: 'when',
      header: 'When',
      headerClassName: 'w-[12%]',
      className: 'text-slate-700',
      cell: (entry) => <AuditWhen at={entry.at} timeZone={timeZone} wrap />,
    },
    { id: 'action', header: 'Action', headerClassName: 'w-[16%]', cell: (entry) => <AuditAction entry={entry} /> },
    {
      id: 'actor',
      header: 'Done by',
      headerClassName: 'w-[20%]',
      className: 'break-words text-slate-800',
      cell: (entry) => <AuditActor entry={entry} />,
    },
    { id: 'member', header: 'Member', headerClassName: 'w-[16%]', cell: (entry) => <AuditMember entry={entry} /> },
    { id: 'origin', header: 'From where', headerClassName: 'w-[10%]', cell: (entry) => <AuditOrigin entry={entry} /> },
    {
      id: 'changes',
      header: 'Before → after',
      headerClassName: 'w-[26%]',
      cell: (entry) => <AuditChanges entry={entry} />,
    },
  ];
}

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
    <DataTable
      caption={caption}
      variant="plain"
      tableClassName="table-fixed"
      columns={auditColumns(timeZone)}
      rows={entries}
      rowKey="id"
      rowProps={() => ({ 'data-testid': 'audit-row' })}
      renderCard={(entry) => <AuditEntryCard entry={entry} timeZone={timeZone} />}
      cardsBelow="lg"
      cardListAs="ol"
      cardListClassName="divide-y divide-slate-200"
    />
  );
}
