import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AccountSummary,
  INTERNATIONAL_ACCOUNT_NUMBER,
  SWIFT_CODE,
  countries,
  currencies,
  internationalTransferSchema,
  messages,
} from '@mutual/shared';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { BlockedModal } from './blocked-modal';
import { type InternationalTransfer, InternationalConfirmStep } from './international-confirm-step';
import { exceedsAvailable } from './money';
import { OptionCombobox } from './option-combobox';
import { AccountSelect, AmountField, MemoField, TransferFormActions, TextField, transformed } from './transfer-fields';
import { applyFieldErrors } from '../../lib/api-errors';
import { type Outcome, readTransferError } from './transfer-errors';
import { useTransferRequest } from './use-transfer-request';

type Input = z.input<typeof internationalTransferSchema>;

const names = [
  'fromAccount',
  'recipientName',
  'bankName',
  'swiftCode',
  'accountNumber',
  'iban',
  'country',
  'currency',
  'amount',
  'reference',
] as const;

function emptyFor(accounts: AccountSummary[]): Input {
  return {
    transferType: 'international',
    fromAccount: accounts[0]?.type ?? 'Checking',
    recipientName: '',
    bankName: '',
    swiftCode: '',
    accountNumber: '',
    iban: '',
    country: '',
    currency: '',
    amount: '',
    reference: '',
  };
}

const upper = (value: string) => value.toUpperCase();

/** The two searchable pickers (country, currency): same control, their own list. */
const pickers = [
  { name: 'country', label: 'Country', options: countries },
  { name: 'currency', label: 'Currency', options: currencies },
] as const;

/**
 * "International" (spec §2/§4/§5): the form, a confirmation with the notice that fees may apply
 * and the transfer cannot be reversed, then `POST /api/transfers/international`. The money is
 * held as a payment order until staff send it, so the result is Pending.
 */
export function InternationalTransferForm({ accounts }: { accounts: AccountSummary[] }) {
  const { send, sending, forget } = useTransferRequest<InternationalTransfer>('/api/transfers/international');
  const [confirming, setConfirming] = useState<InternationalTransfer | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [blocked, setBlocked] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<Input, unknown, InternationalTransfer>({
    resolver: zodResolver(internationalTransferSchema),
    defaultValues: emptyFor(accounts),
  });
  const from = useWatch({ control, name: 'fromAccount' });
  const fromAccount = accounts.find((account) => account.type === from);

  const onContinue = (values: InternationalTransfer) => {
    setOutcome(null);
    if (exceedsAvailable(values.amount, fromAccount?.available)) {
      setError('amount', { type: 'funds', message: messages.transfers.insufficientFunds }, { shouldFocus: true });
      return;
    }
    setConfirmError(null);
    setConfirming(values);
  };

  const onConfirm = async () => {
    if (!confirming) return;
    setConfirmError(null);
    try {
      const result = await send(confirming);
      if (!result) return;
      setConfirming(null);
      reset(emptyFor(accounts));
      setOutcome({ tone: 'success', text: result.message });
    } catch (error) {
      const failure = readTransferError(error);
      if (failure.kind === 'locked') setBlocked(true);
      else if (failure.kind === 'fields') {
        // A field the server refused is fixed on the form.
        setConfirming(null);
        const leftover = applyFieldErrors(failure.fields, names, setError);
        if (leftover.length > 0) setOutcome({ tone: 'error', text: leftover.join(' ') });
      } else setConfirmError(failure.message);
    }
  };

  return (
    <>
      {confirming ? (
        <InternationalConfirmStep
          transfer={confirming}
          from={fromAccount}
          sending={sending}
          error={confirmError}
          onBack={() => setConfirming(null)}
          onConfirm={() => void onConfirm()}
        />
      ) : (
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(onContinue)(event)}
          className="space-y-5"
          aria-label="International"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <AccountSelect
              id="intl-from"
              label="From"
              accounts={accounts}
              registration={register('fromAccount')}
              error={errors.fromAccount?.message}
            />
            <TextField
              id="intl-recipient-name"
              label="Recipient name"
              registration={register('recipientName')}
              error={errors.recipientName?.message}
              maxLength={140}
              autoComplete="off"
            />
            <TextField
              id="intl-bank-name"
              label="Bank name"
              registration={register('bankName')}
              error={errors.bankName?.message}
              maxLength={140}
              autoComplete="off"
            />
            <TextField
              id="intl-swift"
              label="SWIFT/BIC"
              hint={`${SWIFT_CODE.min} to ${SWIFT_CODE.max} letters or digits`}
              registration={transformed(register('swiftCode'), upper)}
              error={errors.swiftCode?.message}
              maxLength={SWIFT_CODE.max}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <TextField
              id="intl-account-number"
              label="Account number"
              hint={`${INTERNATIONAL_ACCOUNT_NUMBER.min} to ${INTERNATIONAL_ACCOUNT_NUMBER.max} characters; spaces are removed`}
              registration={register('accountNumber')}
              error={errors.accountNumber?.message}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
            />
            <TextField
              id="intl-iban"
              label="IBAN"
              optional
              registration={transformed(register('iban'), upper)}
              error={errors.iban?.message}
              maxLength={42}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            {pickers.map(({ name, label, options }) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <OptionCombobox
                    id={`intl-${name}`}
                    label={label}
                    options={options}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.error?.message}
                    placeholder="Search by name or code"
                  />
                )}
              />
            ))}
            <AmountField
              id="intl-amount"
              registration={register('amount')}
              error={errors.amount?.message}
              available={fromAccount?.available}
            />
            <MemoField id="intl-memo" registration={register('reference')} error={errors.reference?.message} />
          </div>
          <TransferFormActions
            outcome={outcome}
            sending={false}
            submitLabel="Continue"
            onClear={() => {
              forget();
              reset(emptyFor(accounts));
              setOutcome(null);
            }}
          />
        </form>
      )}
      <BlockedModal kind="denied" open={blocked} onOpenChange={setBlocked} />
    </>
  );
}
