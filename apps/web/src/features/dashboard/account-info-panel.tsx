import { type AccountOverview, type AccountSummary, formatWireBalance } from '@mutual/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { PiggyBank, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format-date';
import { MaskedNumber } from './masked-number';

/** Spec §2 "account-information panel": both accounts, and how much of the transfer limit is used. */
export function AccountInfoPanel({
  accounts,
  summary,
}: {
  accounts: AccountSummary[];
  summary: UseQueryResult<AccountOverview>;
}) {
  return (
    <section
      aria-labelledby="account-info-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="account-info-heading" className="text-lg font-semibold text-slate-900">
        Account Information
      </h2>
      {accounts.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">You have no open accounts.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {accounts.map((account) => (
            <li key={account.id} className="py-4 first:pt-0">
              <AccountDetails account={account} />
            </li>
          ))}
        </ul>
      )}
      <TransferLimit summary={summary} />
    </section>
  );
}

function AccountDetails({ account }: { account: AccountSummary }) {
  const Icon = account.type === 'Savings' ? PiggyBank : Wallet;
  const headingId = `account-${account.id}`;
  const last4 = account.accountNumber.slice(-4);
  return (
    <article aria-labelledby={headingId} data-testid="account-card">
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon className="h-4 w-4 text-brand" aria-hidden="true" />
        {account.type}
        <span className="font-mono text-sm font-normal text-slate-500">
          <span className="sr-only">ending in </span>
          <span aria-hidden="true">••</span>
          {last4}
        </span>
      </h3>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm min-[420px]:grid-cols-2">
        <Row label="Type">{account.type}</Row>
        <Row label="Account number">
          <MaskedNumber value={account.accountNumber} name={`${account.type} account number`} />
        </Row>
        <Row label="Routing number">
          <span className="font-mono">{account.routingNumber}</span>
        </Row>
        <Row label="Opened">{formatDate(account.createdAt)}</Row>
        <Row label="Balance">
          <span className="font-semibold tabular-nums">{formatWireBalance(account.balance)}</span>
        </Row>
        <Row label="Available">
          <span className="font-semibold tabular-nums">{formatWireBalance(account.available)}</span>
        </Row>
      </dl>
    </article>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-8 items-center justify-between gap-3 min-[420px]:block">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function TransferLimit({ summary }: { summary: UseQueryResult<AccountOverview> }) {
  if (!summary.data) return null;
  const { used, limit, windowHours } = summary.data.transferLimit;
  const ratio = limit > 0 ? Math.min(used / limit, 1) : 1;
  return (
    <div className="mt-2 rounded-xl bg-slate-50 p-4 text-sm" data-testid="transfer-limit">
      <p className="font-medium text-slate-800">Transfer limit</p>
      <p className="mt-1 text-slate-700">
        {used} of {limit} outgoing transfers used in the last {windowHours} hours
      </p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div
          className={`h-full rounded-full ${ratio >= 1 ? 'bg-red-600' : 'bg-brand'}`}
          style={{ width: `${Math.round(ratio * 100)}%` }}
        />
      </div>
    </div>
  );
}
