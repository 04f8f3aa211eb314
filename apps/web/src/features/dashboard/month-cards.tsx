import { type AccountOverview, formatWireMoney } from '@mutual/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadError, Skeleton } from '../../components/query-state';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-03" → "March 2026"; anything else is shown as the server sent it. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  return monthFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

const cards = [
  {
    title: 'Monthly Income',
    amount: (overview: AccountOverview) => overview.monthIncome,
    Icon: ArrowDownLeft,
    tone: 'bg-green-100 text-green-800',
  },
  {
    title: 'Monthly Outgoing',
    amount: (overview: AccountOverview) => overview.monthOutgoing,
    Icon: ArrowUpRight,
    tone: 'bg-red-100 text-red-800',
  },
] as const;

/**
 * Spec §2: this month's income and outgoing (transfers between own accounts and staff corrections
 * excluded: the header shows corrections apart).
 */
export function MonthCards({ summary }: { summary: UseQueryResult<AccountOverview> }) {
  if (summary.isPending) {
    return (
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
        <Skeleton label="Loading this month's income" className="h-32" />
        <Skeleton label="Loading this month's outgoing" className="h-32" />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <LoadError
        error={summary.error}
        fallback="We could not load this month's figures."
        onRetry={() => void summary.refetch()}
      />
    );
  }
  const month = monthLabel(summary.data.month);
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
      {cards.map(({ title, amount, Icon, tone }) => (
        <MonthCard
          key={title}
          title={title}
          month={month}
          amount={amount(summary.data)}
          icon={<Icon className="h-5 w-5" aria-hidden="true" />}
          tone={tone}
        />
      ))}
    </div>
  );
}

function MonthCard({
  title,
  month,
  amount,
  icon,
  tone,
}: {
  title: string;
  month: string;
  amount: string;
  icon: ReactNode;
  tone: string;
}) {
  return (
    <article
      className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label={`${title}, ${month}`}
    >
      <span className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${tone}`}>{icon}</span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-slate-600">
          {title} <span className="font-normal text-slate-500">· {month}</span>
        </h2>
        <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{formatWireMoney(amount)}</p>
      </div>
    </article>
  );
}
