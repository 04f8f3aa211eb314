import type { TransferCountList, TransferCountRow } from '@mutual/shared';
import { Lock, RotateCcw } from 'lucide-react';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmailText } from '../../components/email-text';
import { formatDateTime } from '../../lib/format-date';
import { iconPillClass } from '../../components/pill';

interface ListProps {
  data: TransferCountList;
  /** Any reset under way: every button waits. */
  busy: boolean;
  /** The member whose Reset is under way, if any. */
  resettingId: string | null;
  onReset: (row: TransferCountRow) => void;
}

export const countText = (count: number, limit: number) =>
  limit === 0 ? `${count} (no limit)` : `${count} of ${limit}`;
const atLimit = (row: TransferCountRow, limit: number) => limit > 0 && row.count >= limit;
/** Table and cards are both in the page (one hidden): each needs its own ids. */
type Layout = 'table' | 'card';
const protectedNoteId = (row: TransferCountRow, layout: Layout) => `protected-note-${layout}-${row.id}`;

function ProtectedBadge() {
  return (
    <span className={`${iconPillClass} bg-slate-800 text-white ring-slate-800`}>
      <Lock className="h-3 w-3" aria-hidden="true" />
      Protected
    </span>
  );
}

function Count({ row, limit }: { row: TransferCountRow; limit: number }) {
  return (
    <span className="block">
      <span className="flex flex-wrap items-center gap-1.5">
        <span className="font-semibold text-slate-900 tabular-nums">{countText(row.count, limit)}</span>
        {atLimit(row, limit) && (
          <span className={`${iconPillClass} bg-amber-100 text-amber-900 ring-amber-300`}>Limit reached</span>
        )}
      </span>
      {row.count > 0 && row.windowEndsAt && (
        <span className="mt-0.5 block text-xs text-slate-600">Window ends {formatDateTime(row.windowEndsAt)}</span>
      )}
    </span>
  );
}

function LastReset({ row, layout }: { row: TransferCountRow; layout: Layout }) {
  if (!row.lastResetAt) return <span className="text-slate-600">Never</span>;
  // The table has room for a line each; a card's half-width column wraps the e-mail at its "@".
  const wrap = layout === 'table' ? 'whitespace-nowrap' : 'break-words';
  return (
    <span className="block">
      <time dateTime={row.lastResetAt} className="whitespace-nowrap text-slate-800">
        {formatDateTime(row.lastResetAt)}
      </time>
      {row.lastResetBy && (
        <span className={`block text-xs text-slate-600 ${wrap}`}>
          by <EmailText email={row.lastResetBy} />
        </span>
      )}
    </span>
  );
}

function ResetButton({
  row,
  layout,
  busy,
  resettingId,
  onReset,
  className = '',
}: Omit<ListProps, 'data'> & { row: TransferCountRow; layout: Layout; className?: string }) {
  const resetting = resettingId === row.id;
  return (
    <Button
      icon={RotateCcw}
      variant="outline"
      size="sm"
      className={className}
      busy={resetting}
      disabled={row.protected || (busy && !resetting)}
      aria-describedby={row.protected ? protectedNoteId(row, layout) : undefined}
      onClick={() => onReset(row)}
    >
      {resetting ? 'Resetting…' : 'Reset'}
      <span className="sr-only"> transfer count for {row.email}</span>
    </Button>
  );
}

function ProtectedNote({ row, layout }: { row: TransferCountRow; layout: Layout }) {
  return (
    <span id={protectedNoteId(row, layout)} className="mt-1 block text-xs text-slate-600">
      Protected staff account: its count is never reset.
    </span>
  );
}

/** The member's e-mail (with the protected badge), their name and, when protected, why. */
function MemberIdentity({ row, layout }: { row: TransferCountRow; layout: Layout }) {
  const card = layout === 'card';
  const Line = card ? 'p' : 'span';
  const emailClass = card
    ? 'min-w-0 font-semibold break-words text-slate-900'
    : 'truncate font-semibold text-slate-900';
  return (
    <>
      <Line className="flex flex-wrap items-center gap-1.5">
        <span className={emailClass}>
          <EmailText email={row.email} />
        </span>
        {row.protected && <ProtectedBadge />}
      </Line>
      <Line className={card ? 'text-sm text-slate-600' : 'block truncate text-slate-600'}>{row.name}</Line>
      {row.protected && <ProtectedNote row={row} layout={layout} />}
    </>
  );
}

/** One member as a card (phone). */
function CountCard({ row, limit, ...actions }: Omit<ListProps, 'data'> & { row: TransferCountRow; limit: number }) {
  return (
    <li data-testid="transfer-count-card" className="rounded-xl border border-slate-200 bg-white p-3.5">
      <MemberIdentity row={row} layout="card" />
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Transfer count</dt>
          <dd className="mt-0.5">
            <Count row={row} limit={limit} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Last reset</dt>
          <dd className="mt-0.5">
            <LastReset row={row} layout="card" />
          </dd>
        </div>
      </dl>
      <div className="mt-3">
        <ResetButton row={row} layout="card" {...actions} className="w-full" />
      </div>
    </li>
  );
}

/** Every member's count: a table on wide screens, one card per member on a phone. */
export function TransferCountTable({ data, ...actions }: ListProps) {
  const columns: DataTableColumn<TransferCountRow>[] = [
    {
      id: 'member',
      header: 'Member',
      className: 'w-full max-w-0',
      cell: (row) => <MemberIdentity row={row} layout="table" />,
    },
    {
      id: 'count',
      header: 'Transfer count',
      headerClassName: 'whitespace-nowrap',
      className: 'whitespace-nowrap',
      cell: (row) => <Count row={row} limit={data.limit} />,
    },
    {
      id: 'last-reset',
      header: 'Last reset',
      headerClassName: 'whitespace-nowrap',
      cell: (row) => <LastReset row={row} layout="table" />,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      cell: (row) => <ResetButton row={row} layout="table" {...actions} />,
    },
  ];
  return (
    <DataTable
      caption="Transfer counts in the current window"
      columns={columns}
      rows={data.users}
      rowKey="id"
      rowProps={(row) => ({
        'data-testid': 'transfer-count-row',
        className: row.protected ? 'bg-slate-50' : undefined,
      })}
      emptyMessage="No members yet."
      renderCard={(row) => <CountCard row={row} limit={data.limit} {...actions} />}
    />
  );
}
