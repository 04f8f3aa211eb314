import {
  type AccountEditInput,
  type AccountSummary,
  type BalanceAdjustmentInput,
  accountEditSchema,
  balanceAdjustmentSchema,
  formatWireMoney,
  messages,
} from '@mutual/shared';
import {
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { Dialog, type DialogControlProps } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { applyFieldErrors, errorMessage, fieldErrors } from '../../lib/api-errors';
import { type ApiFormProps, type UseApiFormOptions, useApiForm } from '../../lib/use-api-form';
import { useRefreshUsers } from '../admin-users/admin-api';
import { FlashAlert } from '../admin-users/flash-banner';
import { type Flash, type ShowFlash, useFlash } from '../admin-users/use-flash';
import { useEditAccount, useSetBalance } from './money-api';
import { moneyInputProps } from './staff-rows';

const a = messages.admin;

/**
 * Edit one account (spec §2 "account editing", §5 Admin): its numbers, and its balance as a target
 * with a reason (decisions.md: the ledger posts an adjustment for the difference). Two forms, each
 * saved on its own, so a number change never moves money by accident.
 */
export function AccountEditDialog({
  userId,
  account,
  open,
  onOpenChange,
}: DialogControlProps & {
  userId: string;
  account: AccountSummary;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit ${account.type} account`}
      description={`Balance ${formatWireMoney(account.balance)} · available ${formatWireMoney(account.available)}`}
    >
      <div className="space-y-6">
        <NumbersForm userId={userId} account={account} />
        <hr className="border-slate-200" />
        <BalanceForm userId={userId} account={account} />
      </div>
    </Dialog>
  );
}

/** Puts the server's field errors on the form's fields; true when there were any for it. */
function placeFieldErrors<T extends FieldValues>(
  error: unknown,
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const fields = fieldErrors(error);
  return applyFieldErrors(fields, names, setError).length < fields.length;
}

/** "Failed to update account" (spec §8), with the server's reason when no field already shows it. */
function showFailure(show: ShowFlash, error: unknown, placed: boolean) {
  const reason = errorMessage(error, '');
  const detail =
    !placed && reason && reason !== a.updateAccountFailed && reason !== a.accountNumberInUse ? reason : undefined;
  show('error', a.updateAccountFailed, detail);
}

/**
 * One of the dialog's two forms: checked by its schema, saved on its own. A refusal puts the
 * server's messages under `fields` and says "Failed to update account"; a success says what the
 * server did (for a few seconds, like every console message) and refreshes the console. Each
 * attempt clears the last answer, also one the browser stops.
 */
function useAccountForm<TInput extends FieldValues, TOutput extends FieldValues>({
  fields,
  send,
  successText,
  afterSave,
  ...options
}: Pick<UseApiFormOptions<TInput, TOutput>, 'schema' | 'defaultValues'> & {
  fields: readonly Path<TInput>[];
  send: (values: TOutput) => Promise<{ message: string }>;
  successText: (message: string) => string;
  afterSave?: (form: UseFormReturn<TInput, unknown, TOutput>) => void;
}) {
  const refresh = useRefreshUsers();
  const { flash: outcome, show, dismiss } = useFlash();
  const { form, formProps, submitting } = useApiForm<TInput, TOutput>({
    ...options,
    submit: async (values) => {
      const result = await send(values);
      show('success', successText(result.message));
      afterSave?.(form);
      void refresh();
    },
    onError: (error, form) => {
      showFailure(show, error, placeFieldErrors(error, fields, form.setError));
      return true;
    },
  });
  // A new attempt clears the last one's banner.
  const attempt: ApiFormProps = {
    ...formProps,
    onSubmit: (event) => {
      dismiss();
      formProps.onSubmit(event);
    },
  };
  return { form, formProps: attempt, submitting, outcome };
}

/** What the last save said, and the form's button. */
function SaveRow({ outcome, submitting, label }: { outcome: Flash | null; submitting: boolean; label: string }) {
  return (
    <>
      <FlashAlert flash={outcome} />
      <div className="flex justify-end">
        <Button type="submit" busy={submitting}>
          {submitting ? 'Saving...' : label}
        </Button>
      </div>
    </>
  );
}

const numberHints = { accountNumber: '10 digits, not starting with 0.', routingNumber: '9 digits.' };
const numberFields = [
  { name: 'accountNumber', suffix: 'number', label: 'Account number', maxLength: 10 },
  { name: 'routingNumber', suffix: 'routing', label: 'Routing number', maxLength: 9 },
] as const;

/** An account or routing number: digits only, in a monospaced box. */
function NumberField({
  id,
  label,
  hint,
  error,
  maxLength,
  registration,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  maxLength: number;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input
        {...controlProps(id, { error, hint }, 'font-mono')}
        {...registration}
        inputMode="numeric"
        autoComplete="off"
        maxLength={maxLength}
        aria-required="true"
      />
    </FormField>
  );
}

function NumbersForm({ userId, account }: { userId: string; account: AccountSummary }) {
  const edit = useEditAccount(userId, account.id);
  const { form, formProps, submitting, outcome } = useAccountForm<AccountEditInput, z.output<typeof accountEditSchema>>(
    {
      schema: accountEditSchema,
      defaultValues: { accountNumber: account.accountNumber, routingNumber: account.routingNumber },
      fields: numberFields.map((field) => field.name),
      send: (values) => edit.mutateAsync(values),
      successText: (message) => message || a.accountUpdated(account.type),
    },
  );
  const {
    register,
    formState: { errors },
  } = form;

  const id = (name: string) => `edit-${account.id}-${name}`;
  return (
    <form {...formProps} aria-labelledby={id('numbers')} className="space-y-4">
      <h3 id={id('numbers')} className="text-sm font-semibold text-slate-900">
        Account details
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {numberFields.map(({ name, suffix, label, maxLength }) => (
          <NumberField
            key={name}
            id={id(suffix)}
            label={label}
            hint={numberHints[name]}
            error={errors[name]?.message}
            maxLength={maxLength}
            registration={register(name)}
          />
        ))}
      </div>
      <SaveRow outcome={outcome} submitting={submitting} label="Save account details" />
    </form>
  );
}

function BalanceForm({ userId, account }: { userId: string; account: AccountSummary }) {
  const setBalance = useSetBalance(userId, account.id);
  const { form, formProps, submitting, outcome } = useAccountForm<
    BalanceAdjustmentInput,
    z.output<typeof balanceAdjustmentSchema>
  >({
    schema: balanceAdjustmentSchema,
    defaultValues: { balance: account.balance, reason: '' },
    fields: ['balance', 'reason'],
    send: (values) => setBalance.mutateAsync(values),
    successText: (message) => message,
    afterSave: (saved) => saved.resetField('reason', { defaultValue: '' }),
  });
  const {
    register,
    formState: { errors },
  } = form;

  const id = (name: string) => `edit-${account.id}-${name}`;
  const balanceHint = 'The system posts an adjustment for the difference.';
  return (
    <form {...formProps} aria-labelledby={id('balance-title')} className="space-y-4">
      <h3 id={id('balance-title')} className="text-sm font-semibold text-slate-900">
        Balance
      </h3>
      <FormField id={id('balance')} label="New balance" error={errors.balance?.message} hint={balanceHint}>
        <input
          {...controlProps(id('balance'), { error: errors.balance?.message, hint: balanceHint }, 'tabular-nums')}
          {...register('balance')}
          {...moneyInputProps}
          min="0"
        />
      </FormField>
      <FormField id={id('reason')} label="Reason" error={errors.reason?.message}>
        <textarea
          {...controlProps(id('reason'), { error: errors.reason?.message })}
          {...register('reason')}
          rows={2}
          maxLength={500}
          aria-required="true"
        />
      </FormField>
      <SaveRow outcome={outcome} submitting={submitting} label="Set balance" />
    </form>
  );
}
