import {
  type AccountSummary,
  INTERNATIONAL_ACCOUNT_NUMBER,
  SWIFT_CODE,
  countries,
  currencies,
  internationalTransferSchema,
} from '@mutual/shared';
import { transfersApi } from '@mutual/shared/contract/transfers';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { BlockedModal } from './blocked-modal';
import { type InternationalTransfer, InternationalConfirmStep } from './international-confirm-step';
import { OptionCombobox } from './option-combobox';
import { readTransferError } from './transfer-errors';
import { AccountSelect, AmountField, ReferenceField, TextField } from './transfer-fields';
import { TransferForm, confirmHeading } from './transfer-form';
import { blankTransfer, useTransferForm } from './use-transfer-form';
import { useTransferRequest } from './use-transfer-request';

type Input = z.input<typeof internationalTransferSchema>;

const textFields = [
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
const names = ['fromAccount', ...textFields] as const;

const emptyFor = (accounts: AccountSummary[]): Input => blankTransfer('international', accounts, textFields);

const upper = (value: string) => value.toUpperCase();
const { min: accountMin, max: accountMax } = INTERNATIONAL_ACCOUNT_NUMBER;
const accountNumberHint = `${accountMin} to ${accountMax} characters; spaces are removed`;

/** The two searchable pickers (country, currency): same control, their own list. */
const pickers = [
  { name: 'country', label: 'Country', options: countries },
  { name: 'currency', label: 'Currency', options: currencies },
] as const;

/**
 * "International" (spec §2/§4/§5): the form, a confirmation with the notice that fees may apply
 * and the transfer cannot be reversed, then `transfersApi.international`. The money is
 * held as a payment order until staff send it, so the result is Pending.
 */
export function InternationalTransferForm({ accounts }: { accounts: AccountSummary[] }) {
  const { send, sending, forget } = useTransferRequest(transfersApi.international);
  const [confirming, setConfirming] = useState<InternationalTransfer | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const transfer = useTransferForm({
    schema: internationalTransferSchema,
    emptyFor,
    names,
    accounts,
    onClear: forget,
    submit: async (values, { fundsShort, land }) => {
      if (fundsShort(values)) return;
      setConfirmError(null);
      setConfirming(values);
      land(confirmHeading('international'));
    },
  });
  const { field } = transfer;
  const { control } = transfer.form;

  const onConfirm = async () => {
    if (!confirming) return;
    setConfirmError(null);
    try {
      const result = await send(confirming);
      if (!result) return;
      setConfirming(null);
      transfer.succeed(result.message);
    } catch (error) {
      const failure = readTransferError(error);
      if (failure.kind === 'locked') transfer.setBlocked(true);
      else if (failure.kind === 'fields') {
        // A field the server refused is fixed on the form.
        setConfirming(null);
        transfer.showProblem({ fields: failure.fields });
      } else setConfirmError(failure.message);
    }
  };

  return (
    <>
      {confirming ? (
        <InternationalConfirmStep
          transfer={confirming}
          from={transfer.fromAccount}
          sending={sending}
          error={confirmError}
          onBack={() => {
            setConfirming(null);
            transfer.focusForm();
          }}
          onConfirm={() => void onConfirm()}
        />
      ) : (
        <TransferForm label="International" transfer={transfer} sending={false} submitLabel="Continue">
          <AccountSelect id="intl-from" label="From" {...transfer.fromProps} />
          <TextField
            id="intl-recipient-name"
            label="Recipient name"
            {...field('recipientName')}
            maxLength={140}
            autoComplete="off"
          />
          <TextField id="intl-bank-name" label="Bank name" {...field('bankName')} maxLength={140} autoComplete="off" />
          <TextField
            id="intl-swift"
            label="SWIFT/BIC"
            hint={`${SWIFT_CODE.min} to ${SWIFT_CODE.max} letters or digits`}
            {...field('swiftCode', upper)}
            maxLength={SWIFT_CODE.max}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <TextField
            id="intl-account-number"
            label="Account number"
            hint={accountNumberHint}
            {...field('accountNumber')}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            id="intl-iban"
            label="IBAN"
            optional
            {...field('iban', upper)}
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
          {/* The member's account is debited in US dollars; the banks convert for the recipient. */}
          <AmountField id="intl-amount" label="Amount (USD)" {...transfer.amountProps} />
          <ReferenceField id="intl-reference" {...field('reference')} />
        </TransferForm>
      )}
      <BlockedModal kind="denied" open={transfer.blocked} onOpenChange={transfer.setBlocked} />
    </>
  );
}
