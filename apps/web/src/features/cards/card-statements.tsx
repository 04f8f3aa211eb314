import { type Card, type CardStatement, formatWireMoney, messages } from '@mutual/shared';
import { useState } from 'react';
import { FormField, controlProps } from '../../components/form-field';
import { LoadError, Skeleton } from '../../components/query-state';
import { formatCalendarDate } from '../../lib/format-date';
import { useCardStatement } from './cards-api';
import { CardTransactionTable } from './card-transactions';
import { cardErrorMessage, cardShortName, monthLabel, orderCards, pointsLabel } from './format';

/** The cards in the order the Overview shows them, closed ones after their replacement. */
const pickable = (cards: readonly Card[]) => orderCards(cards).flatMap(({ card, closed }) => [card, ...closed]);

/**
 * The Statements tab: one card's month — the card transactions and, for the credit card, the
 * statement's figures (opening balance, payments, statement balance, minimum payment, due date,
 * points). The current month by default; the months with activity are offered, newest first.
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
          <FormField id="card-statement-card" label="Card">
            <select
              {...controlProps('card-statement-card', {})}
              value={cardId}
              onChange={(event) => {
                setCardId(event.target.value);
                setMonth(undefined);
              }}
            >
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {cardShortName(choice)}
                  {choice.status === 'closed' ? ' (closed)' : ''}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField id="card-statement-month" label="Month">
          <select
            {...controlProps('card-statement-month', {})}
            value={shownMonth ?? ''}
            disabled={months.length === 0}
            onChange={(event) => setMonth(event.target.value)}
          >
            {months.length === 0 && <option value="">Loading…</option>}
            {months.map((value) => (
              <option key={value} value={value}>
                {monthLabel(value)}
              </option>
            ))}
          </select>
        </FormField>
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

function SummaryRow({ term, value, testId }: { term: string; value: string; testId: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-3 py-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="ml-auto text-right font-medium text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The month's figures: purchases for any card; the statement itself for the credit card. */
function StatementSummary({ statement }: { statement: CardStatement }) {
  const { credit } = statement;
  const soFar = credit?.open ? ' so far' : '';
  return (
    <div className="space-y-2">
      {credit?.open && (
        <p className="text-sm text-slate-700">This month is not over yet: these are the figures so far.</p>
      )}
      <dl
        aria-label="Statement summary"
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm lg:max-w-xl"
      >
        {credit && (
          <SummaryRow
            term="Opening balance"
            value={formatWireMoney(credit.openingBalance)}
            testId="statement-opening"
          />
        )}
        <SummaryRow
          term={`Purchases${soFar}`}
          value={formatWireMoney(statement.purchases)}
          testId="statement-purchases"
        />
        {credit && (
          <>
            <SummaryRow
              term={`Payments${soFar}`}
              value={formatWireMoney(credit.payments)}
              testId="statement-payments"
            />
            <SummaryRow
              term={`Statement balance${soFar}`}
              value={formatWireMoney(credit.statementBalance)}
              testId="statement-balance"
            />
            <SummaryRow
              term="Minimum payment"
              value={formatWireMoney(credit.minimumPayment)}
              testId="statement-minimum"
            />
            <SummaryRow term="Due date" value={formatCalendarDate(credit.dueDate)} testId="statement-due" />
            <SummaryRow
              term={`Points earned${soFar}`}
              value={pointsLabel(credit.pointsEarned)}
              testId="statement-points"
            />
          </>
        )}
      </dl>
    </div>
  );
}
