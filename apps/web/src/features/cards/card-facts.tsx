import { type Card, cardStatusLabels, formatWireMoney } from '@mutual/shared';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format-date';
import { cardStatusPillClass, pointsLabel } from './format';

function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-1.5">
      <dt className="text-slate-600">{term}</dt>
      <dd className="ml-auto text-right font-medium text-slate-900 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function CardStatusBadge({ card }: { card: Card }) {
  return (
    <span className={cardStatusPillClass(card.status)} data-testid="card-status">
      {cardStatusLabels[card.status]}
    </span>
  );
}

/**
 * A card's facts beside its picture: status, the account a debit card spends from, and a credit
 * card's line (limit, what is owed, pending, what is left, and the rewards earned).
 */
export function CardFacts({ card }: { card: Card }) {
  const { credit } = card;
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      <Fact term="Status">
        <CardStatusBadge card={card} />
      </Fact>
      {card.status === 'closed' && card.closedAt && (
        <Fact term={card.closedReason === 'stolen' ? 'Reported stolen' : 'Reported lost'}>
          <time dateTime={card.closedAt}>{formatDate(card.closedAt)}</time>
        </Fact>
      )}
      {card.linkedAccount && (
        <Fact term="Linked account" testId="card-linked-account">
          {card.linkedAccount.type} ••{card.linkedAccount.last4}
        </Fact>
      )}
      {credit && (
        <>
          <Fact term="Credit limit" testId="card-credit-limit">
            {formatWireMoney(credit.limit)}
          </Fact>
          <Fact term="Balance" testId="card-credit-balance">
            {formatWireMoney(credit.balance)}
          </Fact>
          <Fact term="Pending" testId="card-credit-pending">
            {formatWireMoney(credit.pending)}
          </Fact>
          <Fact term="Available credit" testId="card-credit-available">
            {formatWireMoney(credit.available)}
          </Fact>
          <Fact term="Rewards" testId="card-rewards">
            <span className="block">
              {pointsLabel(credit.rewardsPoints)} ({formatWireMoney(credit.rewardsValue)})
            </span>
            <span className="block text-xs font-normal text-slate-600">{credit.rewardsRate} cash back</span>
          </Fact>
        </>
      )}
    </dl>
  );
}
