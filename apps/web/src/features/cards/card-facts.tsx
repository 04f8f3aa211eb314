import { type Card, cardStatusLabels, formatWireBalance, formatWireMoney } from '@mutual/shared';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format-date';
import { cardStatusPillClass, pointsLabel } from './format';

/**
 * One term and its value, right-aligned: a card's facts, a statement's summary (which sets its own
 * `padding`).
 */
export function Fact({
  term,
  testId,
  padding = 'py-1.5',
  children,
}: {
  term: string;
  testId?: string;
  padding?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 ${padding}`}>
      <dt className="text-slate-600">{term}</dt>
      <dd className="ml-auto text-right font-medium text-slate-900 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Plain facts as data: the term, the value and the test id that marks the value. */
export type FactLine = [term: string, value: ReactNode, testId: string];

/** One `Fact` per line. */
export function FactRows({ lines, padding }: { lines: FactLine[]; padding?: string }) {
  return lines.map(([term, value, testId]) => (
    <Fact key={testId} term={term} testId={testId} padding={padding}>
      {value}
    </Fact>
  ));
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
          <FactRows
            lines={[
              ['Credit limit', formatWireMoney(credit.limit), 'card-credit-limit'],
              // Paid past zero, the balance is below zero: written with the portal's minus sign.
              ['Balance', formatWireBalance(credit.balance), 'card-credit-balance'],
              ['Pending', formatWireMoney(credit.pending), 'card-credit-pending'],
              ['Available credit', formatWireMoney(credit.available), 'card-credit-available'],
            ]}
          />
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
