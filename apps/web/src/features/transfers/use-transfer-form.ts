import { type AccountSummary, messages } from '@mutual/shared';
import { useCallback, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors } from '../../lib/api-errors';
import { type FocusTarget, useFormLanding } from '../../lib/focus-landing';
import { type ApiForm, useApiForm } from '../../lib/use-api-form';
import { useClearOnEdit } from '../../lib/use-clear-on-edit';
import { exceedsAvailable } from './money';
import { outcomeOf, readTransferError } from './transfer-errors';
import { fieldBinding } from './transfer-fields';

/** What every transfer form has: the account the money leaves, and how much. */
type TransferValues = FieldValues & { fromAccount: string; amount: string };

/** A blank transfer form: the first account as "From", and every text field empty. */
export function blankTransfer<T extends string, F extends string>(
  transferType: T,
  accounts: AccountSummary[],
  textFields: readonly F[],
) {
  const empty = Object.fromEntries(textFields.map((name) => [name, ''])) as Record<F, string>;
  return { transferType, fromAccount: accounts[0]?.type ?? 'Checking', ...empty };
}

/** What a form's `submit` gets besides the values. */
export interface TransferHelpers<TInput extends FieldValues, TOutput extends FieldValues> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Spec §5 "Insufficient funds", said before asking the server: true (and the message under
   * the amount) when the amount is above the From account's available balance. */
  fundsShort: (values: TOutput) => boolean;
  /** The transfer went through: a blank form and the server's confirmation in the Alert. */
  succeed: (message: string) => void;
  /** Puts the focus on the step that replaces the form (`useFocusLanding`): a confirmation's heading. */
  land: (target: FocusTarget) => void;
}

/** What a confirmation step hands back to the form: a sentence for the form, messages for its fields. */
export interface TransferProblem {
  message?: string;
  fields?: [string, string][];
}

/**
 * A transfer form on `useApiForm`: the schema checks it in the browser, then `submit` runs (with
 * the form's helpers: `fundsShort` before anything is sent, `succeed` once it went through). The
 * failure rules are the transfers' own (`readTransferError`), not the hook's general ones: a hold
 * opens the blocked modal; the server's field messages (and an INSUFFICIENT_FUNDS refusal that
 * names no field) go under the fields, with what no field shows in the form's Alert; anything
 * else is one sentence in that Alert ("Transfer failed", or the spec's wording when the server
 * broke). `outcome` is that Alert: the last success or failure.
 *
 * A form shown again after a step of its own (a confirmation, a success modal) lost the focus with
 * that step: a success or a problem, and `focusForm` (Back), land it in the form (`useFormLanding`:
 * the first field in error, else the Alert, else the first field). `land` puts it on a step of the
 * form's own (a confirmation's heading).
 */
export function useTransferForm<TInput extends TransferValues, TOutput extends TransferValues>({
  schema,
  emptyFor,
  names,
  accounts,
  submit,
  onClear,
}: {
  schema: z.ZodType<TOutput, TInput>;
  /** A blank form for these accounts: where "Clear form" and a sent transfer go back to. */
  emptyFor: (accounts: AccountSummary[]) => TInput;
  /** The fields this form shows; a server message for any other goes to the Alert. */
  names: readonly Path<TInput>[];
  accounts: AccountSummary[];
  /** Called with valid values; throws when the server refuses. */
  submit: (values: TOutput, helpers: TransferHelpers<TInput, TOutput>) => Promise<unknown>;
  /** "Clear form" also forgets this (the request's idempotency key, a verified recipient). */
  onClear?: () => void;
}) {
  const [blocked, setBlocked] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { land, formId, messageId: outcomeId, focusForm } = useFormLanding();
  const api: ApiForm<TInput, TOutput> = useApiForm<TInput, TOutput>({
    schema,
    // Spec §5: one sentence for the empty fields, however many: said once, the fields marked.
    requiredMessage: messages.transfers.fillAllFields,
    defaultValues: emptyFor(accounts) as DefaultValues<TInput>,
    submit: (values) => {
      setDone(null);
      return submit(values, { form, fundsShort, succeed, land });
    },
    onError: (error) => {
      const failure = readTransferError(error);
      if (failure.kind === 'locked') setBlocked(true);
      else if (failure.kind === 'fields') showProblem({ fields: failure.fields });
      else showProblem({ message: failure.message });
      return true;
    },
  });
  const { form, onSubmit, formError, setFormError } = api;
  // The last transfer's "done" is not about the next one: it goes once the member edits a field.
  const clearDone = useCallback(() => setDone(null), []);
  useClearOnEdit(form, clearDone);

  const fromName = 'fromAccount' as Path<TInput>;
  const amountName = 'amount' as Path<TInput>;
  const from: unknown = useWatch({ control: form.control, name: fromName });
  const fromAccount = accounts.find((account) => account.type === from);

  /** Puts each message under its field and the rest, after `message`, in the Alert. */
  function showProblem({ message, fields = [] }: TransferProblem) {
    const leftover = applyFieldErrors(fields, names, form.setError, messages.transfers.fillAllFields);
    const text = [message, ...leftover].filter(Boolean).join(' ');
    if (text) setFormError(text);
    focusForm();
  }

  function fundsShort(values: TOutput): boolean {
    if (!exceedsAvailable(values.amount, fromAccount?.available)) return false;
    form.setError(amountName, { type: 'funds', message: messages.transfers.insufficientFunds }, { shouldFocus: true });
    return true;
  }

  const reset = () => form.reset(emptyFor(accounts));
  function succeed(message: string) {
    reset();
    setDone(message);
    focusForm();
  }
  /** A field's registration and its message (`fieldBinding`); `transform` rewrites the text as it is typed. */
  const field = (name: Path<TInput>, transform?: (value: string) => string) => fieldBinding(form, name, transform);
  const outcome = outcomeOf(formError, done);

  return {
    form,
    onSubmit,
    fromAccount,
    field,
    /** Props of the From `AccountSelect`. */
    fromProps: { accounts, ...field(fromName) },
    /** Props of the `AmountField`, with the From account's available balance. */
    amountProps: { ...field(amountName), available: fromAccount?.available },
    showProblem,
    outcome,
    succeed,
    formId,
    outcomeId,
    focusForm,
    land,
    /** "Clear form": a blank form and no outcome. */
    clear: () => {
      onClear?.();
      reset();
      setDone(null);
      setFormError(null);
    },
    blocked,
    setBlocked,
  };
}
