import { type AccountOverview, type SessionUser, formatWireBalance, formatWireMoney } from '@mutual/shared';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { dateTimeFormat, localDay } from '../../lib/format-date';
import { useNow } from '../navigation/use-now';

const dateOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' } as const;
/** The zone is named: it is the credit union's clock, which may not be the member's. */
const timeOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;

const headerClass =
  'flex flex-col gap-6 rounded-2xl bg-gradient-to-br from-brand-dark via-brand to-accent-dark px-5 py-6 text-white ' +
  'shadow-sm sm:px-8 sm:py-8 lg:flex-row lg:items-end lg:justify-between';
const jointMarkerClass =
  'mt-3 inline-flex max-w-full items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium';
const smallFigureClass = 'text-xl text-white/95 sm:text-2xl';

/**
 * Spec §2 dashboard header: date, time, welcome, joint marker and — for members — the Checking
 * account's available balance and the pending total (with what of it is going out and what is coming
 * in under it), and this month's staff corrections when
 * there are any. Staff have no accounts, so no `summary`.
 */
export function WelcomeHeader({ user, summary }: { user: SessionUser; summary?: UseQueryResult<AccountOverview> }) {
  const now = useNow(60_000);
  // Staff corrections (adjustments, entries, reversals) are kept out of income and outgoing and
  // shown here, only in a month that has any.
  const corrections =
    summary?.data && !isZero(summary.data.monthCorrections) ? summary.data.monthCorrections : undefined;
  const iso = new Date(now).toISOString();
  return (
    <header className={headerClass}>
      <div className="min-w-0">
        <p className="text-sm text-white/85">
          <time dateTime={localDay(new Date(now))}>{dateTimeFormat(dateOptions).format(now)}</time>
          <span aria-hidden="true"> · </span>
          <time dateTime={iso} data-testid="dashboard-clock">
            {dateTimeFormat(timeOptions).format(now)}
          </time>
        </p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {user.firstName}</h1>
        {user.isJointAccount && (
          <p className={jointMarkerClass} data-testid="joint-account-marker">
            <Users className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0">
              Joint Account
              {user.jointAccountHolderName && (
                <span className="font-normal text-white/85"> with {user.jointAccountHolderName}</span>
              )}
            </span>
          </p>
        )}
      </div>
      {summary && (
        <dl
          className={`grid gap-4 sm:gap-8 lg:shrink-0 ${corrections ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-2'}`}
          aria-busy={summary.isPending}
        >
          <HeaderFigure
            label="Available Balance"
            value={summary.data?.availableBalance}
            pending={summary.isPending}
            large
          />
          <HeaderFigure label="Pending" value={summary.data?.pendingTotal} pending={summary.isPending}>
            {summary.data && <PendingParts overview={summary.data} />}
          </HeaderFigure>
          {corrections && (
            <HeaderFigure
              label="Corrections this month"
              value={corrections}
              pending={false}
              signed
              testId="corrections-total"
            />
          )}
        </dl>
      )}
    </header>
  );
}

const isZero = (amount: string) => /^-?0\.00$/.test(amount.trim());

/**
 * Under the pending total, its two directions, which it adds up unsigned: money held going out (a
 * payment, a card authorization) and money on its way in (a deposit under review). Only the parts
 * that are not zero; nothing when neither is. Stacked on a phone, on one line from `sm` up.
 */
function PendingParts({ overview }: { overview: AccountOverview }) {
  const parts = [
    { amount: overview.pendingOut, words: 'going out' },
    { amount: overview.pendingIn, words: 'coming in' },
  ].filter((part) => !isZero(part.amount));
  if (parts.length === 0) return null;
  return (
    <dd className="mt-1 text-xs text-white/85 tabular-nums sm:text-sm" data-testid="pending-parts">
      {parts.map((part, index) => (
        <span key={part.words} className="block whitespace-nowrap sm:inline">
          {index > 0 && (
            <span className="hidden sm:inline" aria-hidden="true">
              {' · '}
            </span>
          )}
          {formatWireMoney(part.amount)} {part.words}
        </span>
      ))}
    </dd>
  );
}

function HeaderFigure({
  label,
  value,
  pending,
  large = false,
  signed = false,
  testId,
  children,
}: {
  label: string;
  value?: string;
  pending: boolean;
  large?: boolean;
  /** Shows "+" before money in (a minus is always shown). */
  signed?: boolean;
  testId?: string;
  /** More about the figure, under it (a further `<dd>`). */
  children?: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-white/85">{label}</dt>
      <dd
        className={`mt-1 font-bold tracking-tight tabular-nums ${large ? 'text-2xl sm:text-3xl' : smallFigureClass}`}
        data-testid={testId ?? (large ? 'available-balance' : 'pending-total')}
      >
        {pending ? (
          <span className="inline-block h-7 w-28 animate-pulse rounded bg-white/25 align-middle">
            <span className="sr-only">Loading</span>
          </span>
        ) : value === undefined ? (
          '—'
        ) : (
          `${signed && !value.trim().startsWith('-') ? '+' : ''}${formatWireBalance(value)}`
        )}
      </dd>
      {children}
    </div>
  );
}
