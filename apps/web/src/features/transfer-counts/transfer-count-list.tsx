import type { TransferCountList, TransferCountRow } from '@mutual/shared';
import { Lock, RotateCcw } from 'lucide-react';
import { Button } from '../../components/button';
import { formatDateTime } from '../../lib/format-date';

interface ListProps {
  data: TransferCountList;
  /** Any reset under way: every button waits. */
  busy: boolean;
  /** The member whose Reset is under way, if any. */
  resettingId: string | null;
  onReset: (row: TransferCountRow) => void;
}

const pill =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

export const countText = (count: number, limit: number) =>
  limit === 0 ? `${count} (no limit)` : `${count} of ${limit}`;
const atLimit = (row: TransferCountRow, limit: number) => limit > 0 && row.count >= limit;
/** Table and cards are both in the page (one hidden): each needs its own ids. */
type Layout = 'table' | 'card';
const protectedNoteId = (row: TransferCountRow, layout: Layout) => `protected-note-${layout}-${row.id}`;

function ProtectedBadge() {
  return (
    <span className={`${pill} bg-slate-800 text-white ring-slate-800`}>
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
          <span className={`${pill} bg-amber-100 text-amber-900 ring-amber-300`}>Limit reached</span>
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
  // The table has room for a line each; a card's half-width column wraps the e-mail.
  const wrap = layout === 'table' ? 'whitespace-nowrap' : 'break-all';
  return (
    <span className="block">
      <time dateTime={row.lastResetAt} className="whitespace-nowrap text-slate-800">
        {formatDateTime(row.lastResetAt)}
      </time>
      {row.lastResetBy && <span className={`block text-xs text-slate-600 ${wrap}`}>by {row.lastResetBy}</span>}
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
      variant="outline"
      size="sm"
      className={className}
      disabled={row.protected || busy}
      aria-describedby={row.protected ? protectedNoteId(row, layout) : undefined}
      onClick={() => onReset(row)}
    >
      <RotateCcw className="h-4 w-4" aria-hidden="true" />
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

/** Every member's count: a table on wide screens, one card per member on a phone. */
export function TransferCountTable({ data, ...actions }: ListProps) {
  if (data.users.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        No members yet.
      </p>
    );
  }
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Transfer counts in the current window</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Member
              </th>
              <th scope="col" className="px-4 py-3 whitespace-nowrap">
                Transfer count
              </th>
              <th scope="col" className="px-4 py-3 whitespace-nowrap">
                Last reset
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {data.users.map((row) => (
              <tr key={row.id} data-testid="transfer-count-row" className={row.protected ? 'bg-slate-50' : undefined}>
                <td className="w-full max-w-0 px-4 py-3 align-top">
                  <span className="flex flex-wrap items-center gap-1.5">
                    <span className="truncate font-semibold text-slate-900">{row.email}</span>
                    {row.protected && <ProtectedBadge />}
                  </span>
                  <span className="block truncate text-slate-600">{row.name}</span>
                  {row.protected && <ProtectedNote row={row} layout="table" />}
                </td>
                <td className="px-4 py-3 align-top whitespace-nowrap">
                  <Count row={row} limit={data.limit} />
                </td>
                <td className="px-4 py-3 align-top">
                  <LastReset row={row} layout="table" />
                </td>
                <td className="px-4 py-3 text-right align-top">
                  <ResetButton row={row} layout="table" {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-2 md:hidden" aria-label="Transfer counts in the current window">
        {data.users.map((row) => (
          <li
            key={row.id}
            data-testid="transfer-count-card"
            className="rounded-xl border border-slate-200 bg-white p-3.5"
          >
            <p className="flex flex-wrap items-center gap-1.5">
              <span className="min-w-0 font-semibold break-all text-slate-900">{row.email}</span>
              {row.protected && <ProtectedBadge />}
            </p>
            <p className="text-sm text-slate-600">{row.name}</p>
            {row.protected && <ProtectedNote row={row} layout="card" />}
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Transfer count</dt>
                <dd className="mt-0.5">
                  <Count row={row} limit={data.limit} />
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
        ))}
      </ul>
    </>
  );
}
