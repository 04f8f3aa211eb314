import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AccountSummary,
  EXTERNAL_ACCOUNT_NUMBER,
  type TransferChallenge,
  externalTransferSchema,
  messages,
  usBanks,
} from '@mutual/shared';
import { useCallback, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormField, controlProps } from '../../components/form-field';
import { api } from '../../lib/api';
import { BlockedModal } from './blocked-modal';
import { type ExternalTransfer, ExternalConfirmStep } from './external-confirm-step';
import { exceedsAvailable } from './money';
import { SuccessModal } from './success-modal';
import { AccountSelect, AmountField, MemoField, TransferFormActions, TextField, transformed } from './transfer-fields';
import { applyFieldErrors } from '../../lib/api-errors';
import { type Outcome, showTransferError } from './transfer-errors';

type Input = z.input<typeof externalTransferSchema>;

const names = [
  'fromAccount',
  'toBank',
  'routingNumber',
  'accountNumber',
  'accountName',
  'amount',
  'reference',
] as const;

function emptyFor(accounts: AccountSummary[]): Input {
  return {
    transferType: 'external',
    fromAccount: accounts[0]?.type ?? 'Checking',
    toBank: '',
    routingNumber: '',
    accountNumber: '',
    accountName: '',
    amount: '',
    reference: '',
  };
}

/**
 * "To US Bank" (spec §2/§4): the form, then a confirmation step with the summary and a one-time
 * code, then a success modal for 3 seconds and a fresh form. The money is held as a payment order
 * until staff settle it, so the result is Pending.
 */
export function ExternalTransferForm({ accounts }: { accounts: AccountSummary[] }) {
  const [confirming, setConfirming] = useState<{ transfer: ExternalTransfer; challenge: TransferChallenge } | null>(
    null,
  );
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const askingNow = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<Input, unknown, ExternalTransfer>({
    resolver: zodResolver(externalTransferSchema),
    defaultValues: emptyFor(accounts),
  });
  const from = useWatch({ control, name: 'fromAccount' });
  const fromAccount = accounts.find((account) => account.type === from);

  const onContinue = async (values: ExternalTransfer) => {
    setOutcome(null);
    if (exceedsAvailable(values.amount, fromAccount?.available)) {
      setError('amount', { type: 'funds', message: messages.transfers.insufficientFunds }, { shouldFocus: true });
      return;
    }
    // A second click while the code is being requested would send a second code.
    if (askingNow.current) return;
    askingNow.current = true;
    setAsking(true);
    try {
      const challenge = await api<TransferChallenge>('/api/transfers/external/challenge', {
        method: 'POST',
        body: values,
      });
      setConfirming({ transfer: values, challenge });
    } catch (error) {
      showTransferError(error, { names, setError }, { setOutcome, onLocked: () => setBlocked(true) });
    } finally {
      askingNow.current = false;
      setAsking(false);
    }
  };

  const onReturn = (problem: { message?: string; fields?: [string, string][] }) => {
    setConfirming(null);
    const leftover = problem.fields ? applyFieldErrors(problem.fields, names, setError) : [];
    const text = [problem.message, ...leftover].filter(Boolean).join(' ');
    if (text) setOutcome({ tone: 'error', text });
  };

  const finish = useCallback(() => {
    setSuccess(null);
    setConfirming(null);
    reset(emptyFor(accounts));
  }, [accounts, reset]);

  const bankRegistration = register('toBank', {
    onChange: (event: { target: { value: string } }) => {
      const bank = usBanks.find((entry) => entry.name === event.target.value);
      setValue('routingNumber', bank?.routingNumber ?? '', { shouldValidate: false });
    },
  });
  const bankError = errors.toBank?.message ?? errors.routingNumber?.message;

  return (
    <>
      {confirming ? (
        <ExternalConfirmStep
          transfer={confirming.transfer}
          challenge={confirming.challenge}
          from={fromAccount}
          onBack={() => setConfirming(null)}
          onReturn={onReturn}
          onLocked={() => setBlocked(true)}
          onDone={setSuccess}
        />
      ) : (
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(onContinue)(event)}
          className="space-y-5"
          aria-label="To US Bank"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <AccountSelect
              id="external-from"
              label="From"
              accounts={accounts}
              registration={register('fromAccount')}
              error={errors.fromAccount?.message}
            />
            <FormField id="external-bank" label="Bank" error={bankError}>
              <select
                {...controlProps('external-bank', { error: bankError })}
                {...bankRegistration}
                aria-required="true"
              >
                <option value="">Select a bank</option>
                {usBanks.map((bank) => (
                  <option key={bank.routingNumber} value={bank.name}>
                    {bank.name}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id="external-routing" label="Routing number" hint="Filled in from the bank you choose.">
              <input
                {...controlProps(
                  'external-routing',
                  { hint: 'Filled in from the bank you choose.' },
                  'bg-slate-50 font-mono text-slate-700',
                )}
                {...register('routingNumber')}
                readOnly
              />
            </FormField>
            <TextField
              id="external-account-number"
              label="Account number"
              hint={`${EXTERNAL_ACCOUNT_NUMBER.min} to ${EXTERNAL_ACCOUNT_NUMBER.max} digits`}
              registration={transformed(register('accountNumber'), (value) => value.replace(/\D/g, ''))}
              error={errors.accountNumber?.message}
              inputMode="numeric"
              maxLength={EXTERNAL_ACCOUNT_NUMBER.max}
              autoComplete="off"
            />
            <TextField
              id="external-account-name"
              label="Account holder name"
              registration={register('accountName')}
              error={errors.accountName?.message}
              maxLength={120}
              autoComplete="off"
            />
            <AmountField
              id="external-amount"
              registration={register('amount')}
              error={errors.amount?.message}
              available={fromAccount?.available}
            />
            <div className="sm:col-span-2">
              <MemoField id="external-memo" registration={register('reference')} error={errors.reference?.message} />
            </div>
          </div>
          <TransferFormActions
            outcome={outcome}
            sending={asking}
            submitLabel="Continue"
            onClear={() => {
              reset(emptyFor(accounts));
              setOutcome(null);
            }}
          />
        </form>
      )}
      <BlockedModal kind="denied" open={blocked} onOpenChange={setBlocked} />
      <SuccessModal message={success} onClose={finish} />
    </>
  );
}
