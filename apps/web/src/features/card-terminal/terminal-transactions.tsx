import {
  type TerminalOverview,
  cardTransactionStatusLabels,
  formatWireMoney,
  isPositiveAmount,
  parseMoney,
} from '@mutual/shared';
import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { FieldError, controlProps } from '../../components/form-field';
import { formatDateTime } from '../../lib/format-date';
import { type TerminalAnswer, refundAnswer, requestFailedAnswer, settlementAnswer } from './answers';
import { useTerminalSettle } from './use-card-terminal';

type Recent = TerminalOverview['recent'][number];

const pillClass = 'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';
const pillTones: Record<Recent['status'], string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  posted: 'bg-green-100 text-green-900 ring-green-300',
  declined: 'bg-red-100 text-red-900 ring-red-300',
  reversed: 'bg-slate-100 text-slate-800 ring-slate-300',
  expired: 'bg-slate-100 text-slate-800 ring-slate-300',
};

/**
 * "Recent card transactions": the latest authorizations on any card, newest first. A pending one
 * can be cleared — for another amount if a tip was added — or reversed, as the merchant's
 * processor would do later in a real day; a cleared one refunded by its merchant, all of what is
 * left or part of it.
 */
export function TerminalTransactions({
  recent,
  onAnswer,
}: {
  recent: readonly Recent[];
  onAnswer: (answer: TerminalAnswer | null) => void;
}) {
  if (recent.length === 0) {
    return <p className="text-sm text-slate-600">No card transactions yet: charge a card above.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {recent.map((transaction) => (
        <TransactionItem key={transaction.id} transaction={transaction} onAnswer={onAnswer} />
      ))}
    </ul>
  );
}

function TransactionItem({
  transaction,
  onAnswer,
}: {
  transaction: Recent;
  onAnswer: (answer: TerminalAnswer | null) => void;
}) {
  const descriptionId = useId();
  return (
    <li
      className="p-4"
      data-testid="terminal-transaction"
      data-processor-id={transaction.id}
      data-status={transaction.status}
    >
      <div id={descriptionId}>
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 font-medium break-words text-slate-900">{transaction.merchant}</p>
          <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
            {formatWireMoney(transaction.amount)}
          </span>
        </div>
        <div className="mt-0.5 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="text-sm text-slate-600">
            Card ••{transaction.cardLast4} ·{' '}
            <time dateTime={transaction.authorizedAt}>{formatDateTime(transaction.authorizedAt)}</time>
          </p>
          {transaction.status === 'declined' ? (
            <span className="text-sm font-medium text-red-700">
              {transaction.declineReason ?? cardTransactionStatusLabels.declined}
            </span>
          ) : (
            <span className={`${pillClass} ${pillTones[transaction.status]}`}>
              {cardTransactionStatusLabels[transaction.status]}
            </span>
          )}
        </div>
        <p className="mt-0.5 font-mono text-xs break-all text-slate-600">{transaction.id}</p>
        {isPositiveAmount(transaction.refunded) && (
          <p className="mt-0.5 text-sm text-slate-700" data-testid="terminal-refunded">
            Refunded {formatWireMoney(transaction.refunded)}
          </p>
        )}
      </div>
      {transaction.status === 'pending' && (
        <SettleControls
          transaction={transaction}
          describedBy={descriptionId}
          onAnswer={onAnswer}
          kind={pendingActions}
        />
      )}
      {isPositiveAmount(transaction.refundable) && (
        <SettleControls
          transaction={transaction}
          describedBy={descriptionId}
          onAnswer={onAnswer}
          kind={postedActions}
        />
      )}
    </li>
  );
}

type SettleAction = 'clear' | 'reverse' | 'refund';

/** What a merchant's processor does with a transaction: its buttons, and the amount field they share. */
interface ActionKind {
  name: string;
  buttons: ReadonlyArray<{ action: SettleAction; label: string; variant: 'primary' | 'outline' }>;
  /** The button that sends the amount typed (the others send none). */
  withAmount: SettleAction;
  amountLabel: string;
  /** Under the field when what is typed is no amount. */
  amountHint: string;
  /** What an empty field means, shown in it. */
  placeholder: (transaction: Recent) => string;
}

/** A pending authorization: Clear (with an optional amount: a tip, a partial shipment) or Reverse. */
const pendingActions: ActionKind = {
  name: 'clear',
  buttons: [
    { action: 'clear', label: 'Clear', variant: 'primary' },
    { action: 'reverse', label: 'Reverse', variant: 'outline' },
  ],
  withAmount: 'clear',
  amountLabel: 'Amount to clear',
  amountHint: 'Enter an amount such as 5.25, or leave it empty to clear what was authorized.',
  placeholder: (transaction) => transaction.amount,
};

/** A cleared purchase (not cash) with some left: its merchant's Refund, of part or (empty) all that is left. */
const postedActions: ActionKind = {
  name: 'refund',
  buttons: [{ action: 'refund', label: 'Refund', variant: 'outline' }],
  withAmount: 'refund',
  amountLabel: 'Amount to refund',
  amountHint: 'Enter an amount such as 2.00, or leave it empty to refund all that is left.',
  placeholder: (transaction) => transaction.refundable,
};

/** The buttons of one kind of action for one transaction, with their optional amount. */
function SettleControls({
  transaction,
  describedBy,
  onAnswer,
  kind,
}: {
  transaction: Recent;
  describedBy: string;
  onAnswer: (answer: TerminalAnswer | null) => void;
  kind: ActionKind;
}) {
  const settle = useTerminalSettle();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const inputId = `${kind.name}-amount-${transaction.id}`;

  const send = async (action: SettleAction) => {
    if (settle.isPending) return;
    onAnswer(null);
    const typed = amount.trim();
    if (action === kind.withAmount && typed !== '') {
      const parsed = parseMoney(typed);
      if (!parsed.ok || parsed.cents < 1n) {
        setError(kind.amountHint);
        return;
      }
    }
    setError(undefined);
    try {
      const result = await settle.mutateAsync({
        authorizationId: transaction.id,
        action,
        ...(action === kind.withAmount && typed !== '' ? { amount: typed } : {}),
      });
      const answer = action === 'refund' ? refundAnswer(result) : settlementAnswer(result);
      // Done: the field is empty again (a refund's row stays, for the rest of it).
      if (answer.tone === 'approved') setAmount('');
      onAnswer(answer);
    } catch (failure) {
      onAnswer(requestFailedAnswer(failure));
    }
  };

  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <div className="w-full sm:w-56">
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
          {kind.amountLabel} <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input
          {...controlProps(inputId, { error }, 'tabular-nums')}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={kind.placeholder(transaction)}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value.replace(/[^\d.]/g, ''));
            setError(undefined);
          }}
        />
      </div>
      {kind.buttons.map(({ action, label, variant }) => {
        const sending = settle.isPending && settle.variables.action === action;
        return (
          <Button
            key={action}
            size="sm"
            variant={variant}
            className="py-2.5"
            onClick={() => void send(action)}
            busy={sending}
            disabled={settle.isPending && !sending}
            aria-describedby={describedBy}
          >
            {label}
          </Button>
        );
      })}
      <div className="w-full">
        <FieldError id={inputId} error={error} />
      </div>
    </div>
  );
}
