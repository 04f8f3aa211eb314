import {
  type Card,
  type CardStatement,
  formatWireBalance,
  formatWireMoney,
  isPositiveAmount,
  messages,
} from '@mutual/shared';
import { useState } from 'react';
import { ChoiceSelect } from '../../components/choice-options';
import { LoadError, Skeleton } from '../../components/query-state';
import { formatCalendarDate } from '../../lib/format-date';
import { type FactLine, FactRows } from './card-facts';
import { useCardStatement } from './cards-api';
import { CardTransactionTable } from './card-transactions';
import { cardErrorMessage, cardShortName, monthLabel, orderCards, pointsLabel } from './format';

/** The cards in the order the Overview shows them, closed ones after their replacement. */
const pickable = (cards: readonly Card[]) => orderCards(cards).flatMap(({ card, closed }) => [card, ...closed]);

/**
 * The Statements tab: one card's month — the card transactions, what the card was charged
 * (purchases apart from cash) and, for the credit card, the statement's figures (opening balance,
 * payments, statement balance, minimum payment, due date, points). The current month by default;
 * the months with activity are offered, newest first.
 */
export function CardStatements({ cards }: { cards: readonly Card[] }) {
  const choices = pickable(cards);
  const [cardId, setCardId] = useState(choices[0]?.id ?? '');
  const [month, setMonth] = useState<string | undefined>(undefined);
  const statement = useCardStatement(cardId, month);
  if (!cardId) return <p className="text-sm text-slate-700">You have no cards with us yet.</p>;

  const data = statement.data;
  const shownMonth = data?.month ?? month;
  const months = data ? [...new Set([data.month, ...data.months])].sort().reverse() : [];
  const card = choices.find((candidate) => candidate.id === cardId);

  return (
    <div className="space-y-4">
      <form
        aria-label="Choose a card statement"
        className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl"
        onSubmit={(event) => event.preventDefault()}
      >
        {choices.length > 1 && (
          <ChoiceSelect
            id="card-statement-card"
            label="Card"
            value={cardId}
            onChange={(value) => {
              setCardId(value);
              setMonth(undefined);
            }}
            choices={choices.map((choice) => ({
              value: choice.id,
              label: `${cardShortName(choice)}${choice.status === 'closed' ? ' (closed)' : ''}`,
            }))}
          />
        )}
        <ChoiceSelect
          id="card-statement-month"
          label="Month"
          value={shownMonth ?? ''}
          disabled={months.length === 0}
          onChange={setMonth}
          placeholder={months.length === 0 ? 'Loading…' : undefined}
          choices={months.map((value) => ({ value, label: monthLabel(value) }))}
        />
      </form>
      {statement.isPending ? (
        <Skeleton label="Loading the statement" className="h-48" />
      ) : statement.isError && !data ? (
        <LoadError
          error={null}
          fallback={cardErrorMessage(statement.error, messages.cards.loadFailed)}
          onRetry={() => void statement.refetch()}
        />
      ) : (
        data && (
          <StatementBody
            statement={data}
            title={card ? `${cardShortName(card)}, ${monthLabel(data.month)}` : monthLabel(data.month)}
            busy={statement.isPlaceholderData}
          />
        )
      )}
    </div>
  );
}

function StatementBody({ statement, title, busy }: { statement: CardStatement; title: string; busy: boolean }) {
  return (
    <section aria-label={title} className="space-y-4" aria-busy={busy || undefined}>
      <StatementSummary statement={statement} />
      <h5 className="text-sm font-semibold text-slate-900">Card transactions</h5>
      <CardTransactionTable
        transactions={statement.transactions}
        caption={`Card transactions, ${monthLabel(statement.month)}`}
        busy={busy}
      />
    </section>
  );
}

/**
 * The summary's lines. Any card: what it was charged, purchases apart from cash — "Withdrawals" on a
 * debit card (and its merchants' refunds, when there are any), "Cash advances" on a credit card. The
 * credit card adds the statement itself, every movement of the line in one line, so opening balance
 * + charges − payments − credits is the statement balance; a figure the portal seldom has (other
 * charges, credits, points taken back) only when there is one.
 */
function summaryLines(statement: CardStatement): FactLine[] {
  const { credit } = statement;
  const soFar = credit?.open ? ' so far' : '';
  const purchases: FactLine = [`Purchases${soFar}`, formatWireMoney(statement.purchases), 'statement-purchases'];
  const withdrawals = formatWireMoney(statement.withdrawals);
  const ifAny = (line: FactLine, amount: string): FactLine[] => (isPositiveAmount(amount) ? [line] : []);
  // Merchants' refunds: a debit card's own line; a credit card's are among its credits.
  if (!credit)
    return [
      purchases,
      ['Withdrawals', withdrawals, 'statement-withdrawals'],
      ...ifAny(['Refunds', formatWireMoney(statement.refunds), 'statement-refunds'], statement.refunds),
    ];
  return [
    ['Opening balance', formatWireBalance(credit.openingBalance), 'statement-opening'],
    purchases,
    [`Cash advances${soFar}`, withdrawals, 'statement-withdrawals'],
    ...ifAny(
      [`Other charges${soFar}`, formatWireMoney(credit.otherCharges), 'statement-other-charges'],
      credit.otherCharges,
    ),
    [`Payments${soFar}`, formatWireMoney(credit.payments), 'statement-payments'],
    ...ifAny([`Credits${soFar}`, formatWireMoney(credit.credits), 'statement-credits'], credit.credits),
    [`Statement balance${soFar}`, formatWireBalance(credit.statementBalance), 'statement-balance'],
    ['Minimum payment', formatWireMoney(credit.minimumPayment), 'statement-minimum'],
    ['Due date', formatCalendarDate(credit.dueDate), 'statement-due'],
    [`Points earned${soFar}`, pointsLabel(credit.pointsEarned), 'statement-points'],
    // Points of a purchase staff reversed this month: gone from the card's total, said where they went.
    ...(credit.pointsTakenBack > 0
      ? [[`Points taken back${soFar}`, pointsLabel(credit.pointsTakenBack), 'statement-points-taken-back'] as FactLine]
      : []),
  ];
}

/** The month's figures, with a word when the month is still open. */
function StatementSummary({ statement }: { statement: CardStatement }) {
  const { credit } = statement;
  return (
    <div className="space-y-2">
      {credit?.open && (
        <p className="text-sm text-slate-700">This month is not over yet: these are the figures so far.</p>
      )}
      <dl
        aria-label="Statement summary"
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm lg:max-w-xl"
      >
        <FactRows padding="px-3 py-2" lines={summaryLines(statement)} />
      </dl>
    </div>
  );
}
