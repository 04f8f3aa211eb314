import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AccountEditInput,
  type AccountSummary,
  type BalanceAdjustmentInput,
  accountEditSchema,
  balanceAdjustmentSchema,
  formatWireMoney,
  messages,
} from '@mutual/shared';
import { useState } from 'react';
import { type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { api } from '../../lib/api';
import { applyFieldErrors, errorMessage, fieldErrors } from '../../lib/api-errors';
import { useRefreshUsers } from '../admin-users/admin-api';
import { accountPath } from './money-api';

type Outcome = { tone: 'success' | 'error'; text: string; detail?: string } | null;
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
}: {
  userId: string;
  account: AccountSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
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
function failure(error: unknown, placed: boolean): Outcome {
  const reason = errorMessage(error, '');
  const detail =
    !placed && reason && reason !== a.updateAccountFailed && reason !== a.accountNumberInUse ? reason : undefined;
  return { tone: 'error', text: a.updateAccountFailed, detail };
}

function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return outcome.detail ? (
    <Alert tone={outcome.tone} title={outcome.text}>
      {outcome.detail}
    </Alert>
  ) : (
    <Alert tone={outcome.tone}>{outcome.text}</Alert>
  );
}

const numberHints = { accountNumber: '10 digits, not starting with 0.', routingNumber: '9 digits.' };

function NumbersForm({ userId, account }: { userId: string; account: AccountSummary }) {
  const refresh = useRefreshUsers();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountEditInput, unknown, z.output<typeof accountEditSchema>>({
    resolver: zodResolver(accountEditSchema),
    defaultValues: { accountNumber: account.accountNumber, routingNumber: account.routingNumber },
  });

  const onSubmit = async (values: z.output<typeof accountEditSchema>) => {
    setOutcome(null);
    try {
      const result = await api<{ message: string }>(accountPath(userId, account.id), { method: 'PATCH', body: values });
      setOutcome({ tone: 'success', text: result.message || a.accountUpdated(account.type) });
      void refresh();
    } catch (error) {
      const placed = placeFieldErrors(error, ['accountNumber', 'routingNumber'] as const, setError);
      setOutcome(failure(error, placed));
    }
  };

  const id = (name: string) => `edit-${account.id}-${name}`;
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-labelledby={id('numbers')}
      className="space-y-4"
    >
      <h3 id={id('numbers')} className="text-sm font-semibold text-slate-900">
        Account details
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={id('number')}
          label="Account number"
          error={errors.accountNumber?.message}
          hint={numberHints.accountNumber}
        >
          <input
            {...controlProps(
              id('number'),
              { error: errors.accountNumber?.message, hint: numberHints.accountNumber },
              'font-mono',
            )}
            {...register('accountNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            aria-required="true"
          />
        </FormField>
        <FormField
          id={id('routing')}
          label="Routing number"
          error={errors.routingNumber?.message}
          hint={numberHints.routingNumber}
        >
          <input
            {...controlProps(
              id('routing'),
              { error: errors.routingNumber?.message, hint: numberHints.routingNumber },
              'font-mono',
            )}
            {...register('routingNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            aria-required="true"
          />
        </FormField>
      </div>
      <OutcomeAlert outcome={outcome} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save account details'}
        </Button>
      </div>
    </form>
  );
}

function BalanceForm({ userId, account }: { userId: string; account: AccountSummary }) {
  const refresh = useRefreshUsers();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<BalanceAdjustmentInput, unknown, z.output<typeof balanceAdjustmentSchema>>({
    resolver: zodResolver(balanceAdjustmentSchema),
    defaultValues: { balance: account.balance, reason: '' },
  });

  const onSubmit = async (values: z.output<typeof balanceAdjustmentSchema>) => {
    setOutcome(null);
    try {
      const result = await api<{ message: string }>(`${accountPath(userId, account.id)}/balance`, {
        method: 'PUT',
        body: values,
      });
      setOutcome({ tone: 'success', text: result.message });
      resetField('reason', { defaultValue: '' });
      void refresh();
    } catch (error) {
      const placed = placeFieldErrors(error, ['balance', 'reason'] as const, setError);
      setOutcome(failure(error, placed));
    }
  };

  const id = (name: string) => `edit-${account.id}-${name}`;
  const balanceHint = 'The system posts an adjustment for the difference.';
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-labelledby={id('balance-title')}
      className="space-y-4"
    >
      <h3 id={id('balance-title')} className="text-sm font-semibold text-slate-900">
        Balance
      </h3>
      <FormField id={id('balance')} label="New balance" error={errors.balance?.message} hint={balanceHint}>
        <input
          {...controlProps(id('balance'), { error: errors.balance?.message, hint: balanceHint }, 'tabular-nums')}
          {...register('balance')}
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          autoComplete="off"
          aria-required="true"
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
      <OutcomeAlert outcome={outcome} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Set balance'}
        </Button>
      </div>
    </form>
  );
}
