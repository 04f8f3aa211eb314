import { type DepositOverview, type DepositWindow, formatWireMoney, longDay, messages } from '@mutual/shared';
import { PenLine } from 'lucide-react';
import { Alert } from '../../components/alert';
import { checks } from './format';
import { PanelSection } from '../../components/layout';

const m = messages.deposits;

/** One window's limit: what is left of the amount and of the number of checks. */
function WindowLimit({ limit }: { limit: DepositWindow }) {
  const strong = 'font-medium text-slate-900 tabular-nums';
  return (
    <>
      <span className="block">
        <span className={strong}>{formatWireMoney(limit.amountLeft)}</span> left of{' '}
        <span className="tabular-nums">{formatWireMoney(limit.amount)}</span>
      </span>
      <span className="block">
        <span className={strong}>{checks(limit.countLeft)}</span> left of {limit.count}
      </span>
    </>
  );
}

/** A limit already used up, in the words the server refuses with. */
function usedUp({ daily, thirtyDays }: DepositOverview['limits']): string | null {
  if (daily.countLeft <= 0) return m.overDailyCount(daily.count);
  if (thirtyDays.countLeft <= 0) return m.overMonthlyCount(thirtyDays.count);
  return null;
}

/**
 * What the member must know before they start (issue 17 item 1; decisions.md: the limit is
 * enforced and shown): the endorsement, their limits and what is left of them, and when the money
 * becomes available.
 */
export function DepositFacts({ overview }: { overview: DepositOverview }) {
  const { limits } = overview;
  const limitReached = usedUp(limits);
  return (
    <PanelSection headingId="deposit-facts-heading" title="Before you deposit" headingGap={null} className="space-y-4">
      <div className="space-y-2 text-sm text-slate-700" data-testid="deposit-endorsement">
        <p>Endorse the back of the check with your signature and these words:</p>
        <blockquote className="flex items-start gap-2 rounded-lg border-l-4 border-brand bg-brand-soft px-3 py-2.5">
          <PenLine className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
          <p className="font-semibold break-words text-slate-900">“{overview.endorsement}”</p>
        </blockquote>
      </div>
      <div>
        <h5 id="deposit-limits-heading" className="mb-2 text-sm font-semibold text-slate-900">
          Your mobile deposit limits
        </h5>
        <dl
          aria-labelledby="deposit-limits-heading"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
        >
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2">
            <dt className="text-slate-600">Per check</dt>
            <dd className="ml-auto text-right font-medium text-slate-900 tabular-nums">
              Up to {formatWireMoney(limits.perCheck)}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2">
            <dt className="text-slate-600">Today</dt>
            <dd className="ml-auto text-right text-slate-700" data-testid="deposit-limit-daily">
              <WindowLimit limit={limits.daily} />
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2">
            <dt className="text-slate-600">Last 30 days</dt>
            <dd className="ml-auto text-right text-slate-700" data-testid="deposit-limit-30-days">
              <WindowLimit limit={limits.thirtyDays} />
            </dd>
          </div>
        </dl>
        {limits.newMember && (
          <p className="mt-2 text-sm text-slate-700" data-testid="deposit-new-member">
            {limits.newMemberUntil
              ? `As a new member, your limits are lower until ${longDay(limits.newMemberUntil)}.`
              : 'As a new member, your limits are lower for now.'}
          </p>
        )}
      </div>
      {limitReached && <Alert tone="warning">{limitReached}</Alert>}
      <p className="text-sm text-slate-700" data-testid="deposit-policy">
        <span className="font-medium text-slate-900">When your money is available: </span>
        {overview.policy}
      </p>
    </PanelSection>
  );
}
