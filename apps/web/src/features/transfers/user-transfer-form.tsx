import { zodResolver } from '@hookform/resolvers/zod';
import { type AccountSummary, REFERENCE_MAX, messages, userTransferSchema } from '@mutual/shared';
import { CircleCheck, CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { FieldError, controlProps } from '../../components/form-field';
import { BlockedModal } from './blocked-modal';
import { exceedsAvailable } from './money';
import { AccountSelect, AmountField, TransferFormActions, TextField } from './transfer-fields';
import { type Outcome, showTransferError } from './transfer-errors';
import { useRecipient } from './use-recipient';
import { useTransferRequest } from './use-transfer-request';

type Input = z.input<typeof userTransferSchema>;
type Output = z.output<typeof userTransferSchema>;

const m = messages.transfers;
const names = ['fromAccount', 'recipientEmail', 'amount', 'reference'] as const;

function emptyFor(accounts: AccountSummary[]): Input {
  return {
    transferType: 'user',
    fromAccount: accounts[0]?.type ?? 'Checking',
    recipientEmail: '',
    recipientName: '',
    amount: '',
    reference: '',
  };
}

/** "To Member": another member of this credit union, found by e-mail (`POST /api/transfers/user`). */
export function UserTransferForm({ accounts }: { accounts: AccountSummary[] }) {
  const { send, sending, forget } = useTransferRequest<Output>('/api/transfers/user');
  const { verification, verify, clear } = useRecipient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [blocked, setBlocked] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    getValues,
    control,
    formState: { errors },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(userTransferSchema), defaultValues: emptyFor(accounts) });
  const from = useWatch({ control, name: 'fromAccount' });
  const available = accounts.find((account) => account.type === from)?.available;

  const onVerify = async () => {
    clearErrors('recipientEmail');
    const problem = await verify(getValues('recipientEmail'));
    if (problem) setError('recipientEmail', { type: 'verify', message: problem }, { shouldFocus: true });
  };

  const onSubmit = async (values: Output) => {
    setOutcome(null);
    if (verification?.state !== 'found' || verification.email !== values.recipientEmail) {
      setError('recipientEmail', { type: 'verify', message: m.invalidRecipient }, { shouldFocus: true });
      return;
    }
    if (exceedsAvailable(values.amount, available)) {
      setError('amount', { type: 'funds', message: m.insufficientFunds }, { shouldFocus: true });
      return;
    }
    try {
      const result = await send({ ...values, recipientName: verification.recipient.name });
      if (!result) return;
      reset(emptyFor(accounts));
      clear();
      setOutcome({ tone: 'success', text: result.message });
    } catch (error) {
      showTransferError(error, { names, setError }, { setOutcome, onLocked: () => setBlocked(true) });
    }
  };

  const emailError = errors.recipientEmail?.message;
  const emailId = 'user-recipient-email';
  const describedBy = [
    verification && verification.state !== 'checking' ? `${emailId}-verify` : null,
    emailError ? `${emailId}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="space-y-5"
      aria-label="To Member"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountSelect
          id="user-from"
          label="From"
          accounts={accounts}
          registration={register('fromAccount')}
          error={errors.fromAccount?.message}
        />
        <div>
          <label htmlFor={emailId} className="mb-1.5 block text-sm font-medium text-slate-800">
            Recipient email
          </label>
          <div className="flex gap-2">
            <input
              {...controlProps(emailId, { error: emailError }, 'min-w-0')}
              {...register('recipientEmail', { onChange: clear })}
              aria-describedby={describedBy || undefined}
              onKeyDown={(event) => {
                // Enter in the address box verifies it rather than sending the transfer.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void onVerify();
                }
              }}
              type="email"
              autoComplete="off"
              inputMode="email"
              aria-required="true"
            />
            <Button
              variant="outline"
              className="shrink-0"
              onClick={() => void onVerify()}
              disabled={verification?.state === 'checking'}
            >
              {verification?.state === 'checking' ? 'Verifying...' : 'Verify'}
            </Button>
          </div>
          {verification?.state === 'found' && (
            <p
              id={`${emailId}-verify`}
              role="status"
              className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-green-700"
            >
              <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>{verification.recipient.message || m.recipientFound(verification.recipient.name)}</span>
            </p>
          )}
          {verification?.state === 'failed' && (
            <p id={`${emailId}-verify`} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
              <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>{verification.message}</span>
            </p>
          )}
          <FieldError id={emailId} error={emailError} />
        </div>
        <AmountField
          id="user-amount"
          registration={register('amount')}
          error={errors.amount?.message}
          available={available}
        />
        <TextField
          id="user-reference"
          label="Reference"
          registration={register('reference')}
          error={errors.reference?.message}
          maxLength={REFERENCE_MAX}
          autoComplete="off"
        />
      </div>
      <TransferFormActions
        outcome={outcome}
        sending={sending}
        submitLabel="Transfer"
        onClear={() => {
          forget();
          clear();
          reset(emptyFor(accounts));
          setOutcome(null);
        }}
      />
      <BlockedModal kind="suspended" open={blocked} onOpenChange={setBlocked} />
    </form>
  );
}
