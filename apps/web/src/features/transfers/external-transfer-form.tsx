import {
  type AccountSummary,
  EXTERNAL_ACCOUNT_NUMBER,
  type TransferChallenge,
  externalTransferSchema,
  usBanks,
} from '@mutual/shared';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { ChoiceOptions } from '../../components/choice-options';
import { FormField, controlProps } from '../../components/form-field';
import { BlockedModal } from './blocked-modal';
import { type ExternalTransfer, ExternalConfirmStep } from './external-confirm-step';
import { SuccessModal } from './success-modal';
import { AccountSelect, AmountField, ReferenceField, TextField } from './transfer-fields';
import { TransferForm, confirmHeading } from './transfer-form';
import { useExternalChallenge } from './transfers-api';
import { type TransferProblem, blankTransfer, useTransferForm } from './use-transfer-form';

type Input = z.input<typeof externalTransferSchema>;

const textFields = ['toBank', 'routingNumber', 'accountNumber', 'accountName', 'amount', 'reference'] as const;
const names = ['fromAccount', ...textFields] as const;

const emptyFor = (accounts: AccountSummary[]): Input => blankTransfer('external', accounts, textFields);

/**
 * "To US Bank" (spec §2/§4): the form, then a confirmation step with the summary and a one-time
 * code, then a success modal for 3 seconds and a fresh form. The money is held as a payment order
 * until staff settle it, so the result is Pending.
 */
export function ExternalTransferForm({ accounts }: { accounts: AccountSummary[] }) {
  const [confirming, setConfirming] = useState<{ transfer: ExternalTransfer; challenge: TransferChallenge } | null>(
    null,
  );
  const [success, setSuccess] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const askingNow = useRef(false);
  const { mutateAsync: askForCode } = useExternalChallenge();
  const transfer = useTransferForm({
    schema: externalTransferSchema,
    emptyFor,
    names,
    accounts,
    submit: async (values, { fundsShort, land }) => {
      if (fundsShort(values)) return;
      // A second click while the code is being requested would send a second code.
      if (askingNow.current) return;
      askingNow.current = true;
      setAsking(true);
      try {
        const challenge = await askForCode(values);
        setConfirming({ transfer: values, challenge });
        land(confirmHeading('external'));
      } finally {
        askingNow.current = false;
        setAsking(false);
      }
    },
  });
  const { field, succeed, focusForm } = transfer;
  const {
    register,
    setValue,
    clearErrors,
    formState: { errors },
  } = transfer.form;

  const onReturn = (problem: TransferProblem) => {
    setConfirming(null);
    transfer.showProblem(problem);
  };

  // The form starts again, with the confirmation in its Alert too (the modal closes by itself).
  const finish = () => {
    if (success !== null) succeed(success);
    setSuccess(null);
    setConfirming(null);
  };

  const bankRegistration = register('toBank', {
    onChange: (event: { target: { value: string } }) => {
      const bank = usBanks.find((entry) => entry.name === event.target.value);
      setValue('routingNumber', bank?.routingNumber ?? '', { shouldValidate: false });
      // The Bank box shows the routing number's error too: a bank chosen answers it.
      if (bank) clearErrors('routingNumber');
    },
  });
  const bankError = errors.toBank?.message ?? errors.routingNumber?.message;

  return (
    <>
      {confirming ? (
        <ExternalConfirmStep
          transfer={confirming.transfer}
          challenge={confirming.challenge}
          from={transfer.fromAccount}
          onBack={() => {
            setConfirming(null);
            focusForm();
          }}
          onReturn={onReturn}
          onLocked={() => transfer.setBlocked(true)}
          onDone={setSuccess}
        />
      ) : (
        <TransferForm label="To US Bank" transfer={transfer} sending={asking} submitLabel="Continue">
          <AccountSelect id="external-from" label="From" {...transfer.fromProps} />
          <FormField id="external-bank" label="Bank" error={bankError}>
            <select {...controlProps('external-bank', { error: bankError })} {...bankRegistration} aria-required="true">
              <ChoiceOptions placeholder="Select a bank" choices={usBanks.map((bank) => bank.name)} />
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
            {...field('accountNumber', (value) => value.replace(/\D/g, ''))}
            inputMode="numeric"
            maxLength={EXTERNAL_ACCOUNT_NUMBER.max}
            autoComplete="off"
          />
          <TextField
            id="external-account-name"
            label="Account holder name"
            {...field('accountName')}
            maxLength={120}
            autoComplete="off"
          />
          <AmountField id="external-amount" {...transfer.amountProps} />
          <div className="sm:col-span-2">
            <ReferenceField id="external-reference" {...field('reference')} />
          </div>
        </TransferForm>
      )}
      <BlockedModal kind="denied" open={transfer.blocked} onOpenChange={transfer.setBlocked} />
      <SuccessModal message={success} onClose={finish} />
    </>
  );
}
