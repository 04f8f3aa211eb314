import { type DepositOverview, type DepositView, formatWireMoney, isReversedDeposit, longDay } from '@mutual/shared';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Pager } from '../../components/pager';
import { formatDate } from '../../lib/format-date';
import { useSite } from '../site/site-context';
import { DepositStatusBadge } from './deposit-status-badge';
import { availabilityParts, depositAccountName } from './format';
import { PanelSection } from '../../components/layout';

const linkClass =
  'inline-flex items-center gap-1 rounded text-sm font-medium text-brand underline underline-offset-2 ' +
  'hover:text-brand-dark';

/** Its status in words: the badge, and what it means for the money. */
function DepositStatus({ deposit }: { deposit: DepositView }) {
  const badge = <DepositStatusBadge deposit={deposit} />;
  if (isReversedDeposit(deposit)) return <Reversed deposit={deposit} badge={badge} />;
  if (deposit.status === 'accepted') {
    const parts = availabilityParts(deposit.availability);
    return (
      <div className="space-y-1">
        <p className="text-sm text-slate-800">
          {badge}
          {deposit.availableOn && <> — funds available on {longDay(deposit.availableOn)}</>}
        </p>
        {parts.length > 1 && (
          <ul aria-label="When the money is available" className="text-sm text-slate-700">
            {parts.map((part) => (
              <li key={part.text} className="block sm:inline sm:after:content-['_·_'] sm:last:after:content-none">
                {part.text} <span className="text-slate-600">({part.released ? 'available' : 'on hold'})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  if (deposit.status === 'rejected') {
    return (
      <div className="space-y-1">
        <p>{badge}</p>
        {deposit.rejectReason && <p className="text-sm break-words text-slate-800">{deposit.rejectReason}</p>}
      </div>
    );
  }
  if (deposit.status === 'returned') return <Returned deposit={deposit} badge={badge} />;
  return <p>{badge}</p>;
}

/** Accepted, then its money taken back by staff: when and why. */
function Reversed({ deposit, badge }: { deposit: DepositView; badge: ReactNode }) {
  return (
    <div className="space-y-1 text-sm text-slate-800" data-testid="deposit-reversed">
      <p>
        {badge}
        <span className="text-slate-600">
          {' '}
          — its money was taken back by staff on{' '}
          <time dateTime={deposit.reversedAt ?? undefined}>{formatDate(deposit.reversedAt)}</time>
        </span>
      </p>
      {deposit.reversalReason && <p className="break-words">{deposit.reversalReason}</p>}
    </div>
  );
}

/** The check bounced: why, when, and what is still owed if the money had been spent. */
function Returned({ deposit, badge }: { deposit: DepositView; badge: ReactNode }) {
  const { support } = useSite();
  return (
    <div className="space-y-1 text-sm text-slate-800">
      <p>
        {badge}
        {deposit.returnedAt && (
          <span className="text-slate-600">
            {' '}
            on <time dateTime={deposit.returnedAt}>{formatDate(deposit.returnedAt)}</time>
          </span>
        )}
      </p>
      {deposit.returnReason && <p className="break-words">{deposit.returnReason}</p>}
      {deposit.reversedAt && (
        <p data-testid="deposit-reversed">
          Nothing is owed: staff reversed this deposit on{' '}
          <time dateTime={deposit.reversedAt}>{formatDate(deposit.reversedAt)}</time>
          {deposit.reversalReason && <span className="break-words"> ({deposit.reversalReason})</span>}.
        </p>
      )}
      {deposit.amountOwed && (
        <p className="font-medium text-amber-900" data-testid="deposit-amount-owed">
          Amount still owed: {formatWireMoney(deposit.amountOwed)}. Please contact us.{' '}
          <span className="font-normal text-slate-700">
            Call{' '}
            <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} className={`whitespace-nowrap ${linkClass}`}>
              {support.phone}
            </a>{' '}
            or e-mail{' '}
            <a href={`mailto:${support.email}`} className={`break-words ${linkClass}`}>
              {support.email}
            </a>
            .
          </span>
        </p>
      )}
    </div>
  );
}

function DepositItem({ deposit }: { deposit: DepositView }) {
  const amount = formatWireMoney(deposit.amount);
  const submitted = formatDate(deposit.submittedAt);
  // The links' spoken names tell the deposits apart: "View front of the $500.00 check of Mar 4, 2026".
  const which = `of the ${amount} check of ${submitted} (opens in a new tab)`;
  return (
    <li className="py-3" data-testid="deposit-item">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {depositAccountName({ type: deposit.toAccount, accountNumberLast4: deposit.accountNumberLast4 })}
          </p>
          <p className="text-sm text-slate-600">
            Submitted <time dateTime={deposit.submittedAt}>{submitted}</time>
            {/* On a phone the check number has a line of its own, not a separator left at a line's end. */}
            {deposit.checkNumber && (
              <span className="block sm:inline">
                <span className="hidden sm:inline"> · </span>Check #{deposit.checkNumber}
              </span>
            )}
          </p>
        </div>
        <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{amount}</span>
      </div>
      <div className="mt-2">
        <DepositStatus deposit={deposit} />
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <a href={deposit.frontImageUrl} target="_blank" rel="noopener" className={linkClass}>
          View front<span className="sr-only"> {which}</span>
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        </a>
        <a href={deposit.backImageUrl} target="_blank" rel="noopener" className={linkClass}>
          View back<span className="sr-only"> {which}</span>
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        </a>
      </p>
    </li>
  );
}

/**
 * "Your deposits" (issue 17 item 5): newest first, each with its account, amount, check number,
 * status in words and its two photos; paged when there are more than a page.
 */
export function DepositHistory({
  overview,
  busy,
  onPageChange,
}: {
  overview: Pick<DepositOverview, 'deposits' | 'total' | 'page' | 'pageSize'>;
  busy: boolean;
  onPageChange: (page: number) => void;
}) {
  const { deposits, total, page, pageSize } = overview;
  return (
    <PanelSection headingId="deposit-history-heading" title="Your deposits" headingGap="mb-2">
      {deposits.length === 0 ? (
        <p className="text-sm text-slate-600">You have not deposited a check yet.</p>
      ) : (
        <ul
          aria-labelledby="deposit-history-heading"
          aria-busy={busy || undefined}
          className={`divide-y divide-slate-100 ${busy ? 'opacity-60' : ''}`}
        >
          {deposits.map((deposit) => (
            <DepositItem key={deposit.id} deposit={deposit} />
          ))}
        </ul>
      )}
      {total > pageSize && (
        <div className="mt-3 border-t border-slate-100 pt-3">
          <Pager
            mode="numbered"
            navLabel="Your deposits pages"
            page={page}
            total={total}
            pageSize={pageSize}
            shown={deposits.length}
            showPages
            busy={busy}
            onPageChange={onPageChange}
          />
        </div>
      )}
    </PanelSection>
  );
}
