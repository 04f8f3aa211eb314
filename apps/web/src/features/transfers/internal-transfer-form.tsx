import { zodResolver } from '@hookform/resolvers/zod';
import { type AccountSummary, internalTransferSchema, messages } from '@mutual/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { BlockedModal } from './blocked-modal';
import { exceedsAvailable } from './money';
import { AccountSelect, AmountField, MemoField, TransferFormActions } from './transfer-fields';
import { type Outcome, showTransferError } from './transfer-errors';
import { useTransferRequest } from './use-transfer-request';

type Input = z.input<typeof internalTransferSchema>;
type Output = z.output<typeof internalTransferSchema>;

const names = ['fromAccount', 'toAccount', 'amount', 'reference'] as const;

function emptyFor(accounts: AccountSummary[]): Input {
  const from = accounts[0]?.type ?? 'Checking';
  const to = accounts.find((account) => account.type !== from)?.type ?? 'Savings';
  return { transferType: 'internal', fromAccount: from, toAccount: to, amount: '', reference: '' };
}

/** "Between Accounts": Checking ⇄ Savings, completed at once (`POST /api/transfers/internal`). */
export function InternalTransferForm({ accounts }: { accounts: AccountSummary[] }) {
  const { send, sending, forget } = useTransferRequest<Output>('/api/transfers/internal');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [blocked, setBlocked] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(internalTransferSchema),
    defaultValues: emptyFor(accounts),
  });
  const from = useWatch({ control, name: 'fromAccount' });
  const available = accounts.find((account) => account.type === from)?.available;

  const onSubmit = async (values: Output) => {
    setOutcome(null);
    if (exceedsAvailable(values.amount, available)) {
      setError('amount', { type: 'funds', message: messages.transfers.insufficientFunds }, { shouldFocus: true });
      return;
    }
    try {
      const result = await send(values);
      if (!result) return;
      reset(emptyFor(accounts));
      setOutcome({ tone: 'success', text: result.message });
    } catch (error) {
      showTransferError(error, { names, setError }, { setOutcome, onLocked: () => setBlocked(true) });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="space-y-5"
      aria-label="Between Accounts"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountSelect
          id="internal-from"
          label="From"
          accounts={accounts}
          registration={register('fromAccount')}
          error={errors.fromAccount?.message}
        />
        <AccountSelect
          id="internal-to"
          label="To"
          accounts={accounts}
          registration={register('toAccount')}
          error={errors.toAccount?.message}
        />
        <AmountField
          id="internal-amount"
          registration={register('amount')}
          error={errors.amount?.message}
          available={available}
        />
        <MemoField id="internal-memo" registration={register('reference')} error={errors.reference?.message} />
      </div>
      <TransferFormActions
        outcome={outcome}
        sending={sending}
        submitLabel="Transfer"
        onClear={() => {
          forget();
          reset(emptyFor(accounts));
          setOutcome(null);
        }}
      />
      <BlockedModal kind="suspended" open={blocked} onOpenChange={setBlocked} />
    </form>
  );
}
