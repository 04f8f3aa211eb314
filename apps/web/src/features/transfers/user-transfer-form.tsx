import { type AccountSummary, messages, userTransferSchema } from '@mutual/shared';
import { transfersApi } from '@mutual/shared/contract/transfers';
import { CircleCheck, CircleAlert } from 'lucide-react';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { FieldError, controlProps } from '../../components/form-field';
import { BlockedModal } from './blocked-modal';
import { AccountSelect, AmountField, ReferenceField } from './transfer-fields';
import { TransferForm } from './transfer-form';
import { useRecipient } from './use-recipient';
import { blankTransfer, useTransferForm } from './use-transfer-form';
import { useTransferRequest } from './use-transfer-request';

type Input = z.input<typeof userTransferSchema>;

const m = messages.transfers;
const textFields = ['recipientEmail', 'amount', 'reference'] as const;
const names = ['fromAccount', ...textFields] as const;

/** The recipient's name is not a field: it comes with the verified address. */
const emptyFor = (accounts: AccountSummary[]): Input => ({
  ...blankTransfer('user', accounts, textFields),
  recipientName: '',
});

/** "To Member": another member of this credit union, found by e-mail (`transfersApi.user`). */
export function UserTransferForm({ accounts }: { accounts: AccountSummary[] }) {
  const { send, sending, forget } = useTransferRequest(transfersApi.user);
  const { verification, verify, clear } = useRecipient();
  const transfer = useTransferForm({
    schema: userTransferSchema,
    emptyFor,
    names,
    accounts,
    onClear: () => {
      forget();
      clear();
    },
    submit: async (values, { form, fundsShort, succeed }) => {
      if (verification?.state !== 'found' || verification.email !== values.recipientEmail) {
        form.setError('recipientEmail', { type: 'verify', message: m.invalidRecipient }, { shouldFocus: true });
        return;
      }
      if (fundsShort(values)) return;
      const result = await send({ ...values, recipientName: verification.recipient.name });
      if (!result) return;
      succeed(result.message);
      clear();
    },
  });
  const {
    register,
    setError,
    clearErrors,
    getValues,
    formState: { errors },
  } = transfer.form;

  const onVerify = async () => {
    clearErrors('recipientEmail');
    const problem = await verify(getValues('recipientEmail'));
    if (problem) setError('recipientEmail', { type: 'verify', message: problem }, { shouldFocus: true });
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
    <>
      <TransferForm label="To Member" transfer={transfer} sending={sending} submitLabel="Transfer">
        <AccountSelect id="user-from" label="From" {...transfer.fromProps} />
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
              busy={verification?.state === 'checking'}
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
        <AmountField id="user-amount" {...transfer.amountProps} />
        <ReferenceField id="user-reference" {...transfer.field('reference')} />
      </TransferForm>
      <BlockedModal kind="suspended" open={transfer.blocked} onOpenChange={transfer.setBlocked} />
    </>
  );
}
