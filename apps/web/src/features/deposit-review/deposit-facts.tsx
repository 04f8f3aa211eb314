import { type DepositView, type StaffDepositDetail, formatWireMoney } from '@mutual/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { TermList, type TermRow } from '../../components/term-list';
import { formatCalendarDate, formatDate, formatDateTime } from '../../lib/format-date';
import { DepositStatusBadge } from '../deposits/deposit-status-badge';
import { FlagBadge } from './badges';
import { accountLabel, depositAmount, usualText } from './format';

/** The address that selects a deposit (the screen keeps the tab and page). */
export type DepositHref = (id: string) => string;

const linkClass = 'font-medium text-brand underline-offset-2 hover:underline';

function Facts({ rows }: { rows: TermRow[] }) {
  return (
    <TermList
      rows={rows}
      className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_minmax(0,1fr)]"
      termClassName="font-medium text-slate-600"
      valueClassName="-mt-2 break-words text-slate-900 sm:mt-0"
    />
  );
}

/** One part of the detail (the deposit, its flags, the member): a bordered box under its heading. */
function FactsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id={id} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
const by = (iso: string, who: string | null) => (
  <>
    {when(iso)}
    {/* "by staff@…" moves to the next line whole rather than breaking at the address's hyphen. */}
    {who && (
      <>
        {' '}
        <span className="inline-block max-w-full text-slate-600 [overflow-wrap:anywhere]">by {who}</span>
      </>
    )}
  </>
);

/** Accepted: each part of the money and the day it is (or was) available. */
function Availability({ deposit }: { deposit: DepositView }) {
  return (
    <ul className="space-y-0.5">
      {deposit.availability.map((part) => (
        <li key={`${part.availableOn}-${part.amount}`}>
          <span className="font-medium tabular-nums">{formatWireMoney(part.amount)}</span> on{' '}
          {formatCalendarDate(part.availableOn)}{' '}
          <span className="text-slate-600">({part.released ? 'available' : 'on hold'})</span>
        </li>
      ))}
    </ul>
  );
}

/** Amount, account, check number, dates, status, the decision and its reason, the schedule and what is owed. */
export function DepositFacts({ deposit }: { deposit: StaffDepositDetail['deposit'] }) {
  return (
    <FactsSection id="deposit-facts-heading" title="Deposit">
      <Facts
        rows={[
          ['Amount', <span className="font-semibold tabular-nums">{depositAmount(deposit)}</span>],
          ['Account', accountLabel(deposit)],
          ['Check number', deposit.checkNumber ?? 'Not given'],
          ['Submitted', when(deposit.submittedAt)],
          ['Status', <DepositStatusBadge deposit={deposit} />],
          deposit.reviewedAt && ['Reviewed', by(deposit.reviewedAt, deposit.reviewedBy)],
          deposit.rejectReason && ['Reject reason', deposit.rejectReason],
          deposit.availability.length > 0 && ['Availability', <Availability deposit={deposit} />],
          deposit.returnedAt && ['Returned', by(deposit.returnedAt, deposit.returnedBy)],
          deposit.returnReason && ['Return reason', deposit.returnReason],
          deposit.reversedAt && ['Reversed by staff', by(deposit.reversedAt, deposit.reversedBy)],
          deposit.reversalReason && ['Reversal reason', deposit.reversalReason],
          deposit.amountOwed && [
            'Amount owed',
            <span className="font-semibold text-red-800 tabular-nums">{formatWireMoney(deposit.amountOwed)}</span>,
          ],
        ]}
      />
    </FactsSection>
  );
}

/** What to look at before approving; a flag about another deposit opens that one. */
export function DepositFlags({
  flags,
  hrefFor,
}: {
  flags: StaffDepositDetail['deposit']['flags'];
  hrefFor: DepositHref;
}) {
  return (
    <FactsSection id="deposit-flags-heading" title="Flags">
      {flags.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing flagged.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {flags.map((flag, index) => (
            <li key={`${flag.kind}-${index}`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <FlagBadge flag={flag} />
              {flag.depositId && (
                <Link to={hrefFor(flag.depositId)} className={linkClass}>
                  Open the other deposit<span className="sr-only"> ({flag.label})</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </FactsSection>
  );
}

/** The member, what they usually deposit, and their other deposits (newest first). */
export function MemberHistory({ detail, hrefFor }: { detail: StaffDepositDetail; hrefFor: DepositHref }) {
  const { member } = detail.deposit;
  const columns: DataTableColumn<DepositView>[] = [
    {
      id: 'date',
      header: 'Date',
      className: 'whitespace-nowrap',
      cell: (row) => (
        <Link to={hrefFor(row.id)} className={linkClass}>
          <time dateTime={row.submittedAt}>{formatDate(row.submittedAt)}</time>
        </Link>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: depositAmount,
    },
    { id: 'status', header: 'Status', cell: (row) => <DepositStatusBadge deposit={row} /> },
  ];
  return (
    <FactsSection id="deposit-member-heading" title="Member">
      <Facts
        rows={[
          ['Name', member.name],
          ['E-mail', <span className="[overflow-wrap:anywhere]">{member.email}</span>],
          ['Member since', formatCalendarDate(member.memberSince)],
          ['Usual', usualText(detail.usual)],
        ]}
      />
      <h4 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Deposit history</h4>
      <DataTable
        caption={`${member.name}’s other deposits`}
        columns={columns}
        rows={detail.history}
        rowKey="id"
        rowProps={(row) => ({ 'data-testid': 'deposit-history-row', 'data-deposit-id': row.id })}
        variant="plain"
        emptyMessage="No other deposits."
      />
    </FactsSection>
  );
}
