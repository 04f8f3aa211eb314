import type { ReactNode } from 'react';
import { TermList } from '../../components/term-list';

/**
 * A line under a cell's main text saying when something happened ("Sent Mar 4, 2026, 2:00 PM"),
 * kept on one line (from `lg` up when `nowrapFrom` says so); nothing when it has not happened.
 */
export function WhenLine({
  label,
  at,
  format,
  nowrapFrom,
}: {
  label: string;
  at: string | null;
  format: (iso: string) => string;
  nowrapFrom?: 'lg';
}) {
  if (!at) return null;
  const nowrap = nowrapFrom === 'lg' ? 'lg:whitespace-nowrap' : 'whitespace-nowrap';
  return (
    <span className={`block text-sm text-slate-600 ${nowrap}`}>
      {label} <time dateTime={at}>{format(at)}</time>
    </span>
  );
}

/**
 * One payment as a card on a phone, for both queues of Payment Operations: who and how much on
 * top, then labelled rows, then the actions.
 */
export function StaffPaymentCard({
  rowProps,
  member,
  amount,
  rows,
  actions,
}: {
  /** The card's test id and data attributes (the same the table row carries). */
  rowProps: Record<string, string>;
  member: ReactNode;
  amount: ReactNode;
  rows: Array<[label: string, value: ReactNode] | false>;
  actions?: ReactNode;
}) {
  return (
    <li {...rowProps} className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">{member}</div>
        <div className="shrink-0 text-right">{amount}</div>
      </div>
      <TermList
        rows={rows}
        className="mt-3 grid grid-cols-1 gap-3 border-t border-slate-100 pt-3 text-sm"
        rowClassName="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-2"
        termClassName="text-xs font-semibold tracking-wide text-slate-500 uppercase"
      />
      {actions && <div className="mt-4">{actions}</div>}
    </li>
  );
}
