import { type AccountSummary, formatWireMoney } from '@mutual/shared';
import { Landmark, Wallet } from 'lucide-react';
import { NumberRow } from './number-row';

/** The two figures side by side: the balance, and what can be spent now. */
const figures = [
  { label: 'Balance', amount: (account: AccountSummary) => account.balance, tone: 'text-slate-900' },
  { label: 'Available', amount: (account: AccountSummary) => account.available, tone: 'text-slate-700' },
] as const;

const iconClass = 'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand';

/** Spec §2 "checking account card": balances, and the numbers a payer needs, each copyable. */
export function CheckingCard({ account }: { account: AccountSummary }) {
  return (
    <article
      aria-labelledby="checking-card-heading"
      className="h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="checking-card"
    >
      <div className="flex items-center gap-3">
        <span className={iconClass}>
          <Wallet className="h-5 w-5" aria-hidden="true" />
        </span>
        <h2 id="checking-card-heading" className="font-semibold text-slate-900">
          {account.type} Account
          <span className="ml-2 font-mono text-sm font-normal text-slate-500">
            <span className="sr-only">ending in </span>
            <span aria-hidden="true">••</span>
            {account.accountNumber.slice(-4)}
          </span>
        </h2>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-4">
        {figures.map(({ label, amount, tone }) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className={`mt-1 text-2xl font-bold tracking-tight break-words tabular-nums ${tone}`}>
              {formatWireMoney(amount(account))}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="mt-5 space-y-1 border-t border-slate-100 pt-4 text-sm">
        <NumberRow
          label="Account number"
          value={account.accountNumber}
          masked={`${account.type} account number`}
          icon={<Wallet className="h-4 w-4" aria-hidden="true" />}
        />
        <NumberRow
          label="Routing number"
          value={account.routingNumber}
          icon={<Landmark className="h-4 w-4" aria-hidden="true" />}
        />
      </dl>
    </article>
  );
}
