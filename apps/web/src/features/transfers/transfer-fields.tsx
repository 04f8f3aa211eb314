import { AMOUNT_STEP, type AccountSummary, REFERENCE_MAX, formatWireMoney } from '@mutual/shared';
import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ChoiceOptions } from '../../components/choice-options';
import { FieldError, FormField, controlProps } from '../../components/form-field';

/** "Checking ••1234" */
export function accountName(account: AccountSummary): string {
  return `${account.type} ••${account.accountNumber.slice(-4)}`;
}

/** A From / To account picker over the member's own accounts. */
export function AccountSelect({
  id,
  label,
  accounts,
  registration,
  error,
  more = [],
}: {
  id: string;
  label: string;
  accounts: AccountSummary[];
  registration: UseFormRegisterReturn;
  error?: string;
  /** Choices beyond the member's accounts (Between Accounts' "Credit Card ••4242"). */
  more?: { value: string; label: string }[];
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <select {...controlProps(id, { error })} {...registration} aria-required="true">
        <ChoiceOptions
          choices={[...accounts.map((account) => ({ value: account.type, label: accountName(account) })), ...more]}
        />
      </select>
    </FormField>
  );
}

/**
 * A dollar amount box: its label, a hint on the right read with the field ("Available: $12.00",
 * "Up to $5,000.00"), a "$" before the digits and the error under it. `input` is what differs:
 * a number field with steps for a transfer, free text for a card limit.
 */
export function DollarField({
  id,
  label,
  hint,
  hintTestId,
  registration,
  error,
  input,
}: {
  id: string;
  label: string;
  hint?: string;
  hintTestId?: string;
  registration: UseFormRegisterReturn;
  error?: string;
  input: ComponentProps<'input'>;
}) {
  return (
    <div>
      <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-3">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <span id={`${id}-hint`} className="text-sm text-slate-600 tabular-nums" data-testid={hintTestId}>
            {hint}
          </span>
        )}
      </div>
      <div className="relative">
        <span
          className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3.5 text-slate-500"
          aria-hidden="true"
        >
          $
        </span>
        <input
          {...controlProps(id, { error, hint }, 'pl-7 tabular-nums')}
          {...registration}
          {...input}
          aria-required="true"
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * Spec §5 "Amount inputs": at least 0.01 in steps of 0.01, with the From account's available
 * balance beside it (and read with the field by assistive tech).
 */
export function AmountField({
  id,
  label = 'Amount',
  registration,
  error,
  available,
}: {
  id: string;
  /** "Amount (USD)" where another currency is in play. */
  label?: string;
  registration: UseFormRegisterReturn;
  error?: string;
  available?: string;
}) {
  return (
    <DollarField
      id={id}
      label={label}
      hint={available === undefined ? undefined : `Available: ${formatWireMoney(available)}`}
      hintTestId="amount-available"
      registration={registration}
      error={error}
      input={{
        type: 'number',
        inputMode: 'decimal',
        min: AMOUNT_STEP,
        step: AMOUNT_STEP,
        placeholder: '0.00',
        // A wheel turn over a focused number field would change the amount unseen.
        onWheel: (event) => event.currentTarget.blur(),
      }}
    />
  );
}

/** A labelled text input wired to the form. */
export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  optional,
  ...input
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
} & Omit<ComponentProps<'input'>, 'id' | 'className' | 'name' | 'onChange' | 'onBlur' | 'ref'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} optional={optional}>
      <input
        {...controlProps(id, { error, hint })}
        type="text"
        {...input}
        {...registration}
        aria-required={optional ? undefined : true}
      />
    </FormField>
  );
}

/** The reference every transfer form asks for (the API's `reference`, at most REFERENCE_MAX characters). */
export function ReferenceField({
  id,
  registration,
  error,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <TextField
      id={id}
      label="Reference"
      registration={registration}
      error={error}
      maxLength={REFERENCE_MAX}
      autoComplete="off"
    />
  );
}

/**
 * A registration whose input text is rewritten as it is typed (upper-cased, digits only), keeping
 * the caret where the person left it.
 */
export function transformed(
  registration: UseFormRegisterReturn,
  transform: (value: string) => string,
): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: { target: unknown; type?: unknown }) => {
      const input = event.target;
      if (input instanceof HTMLInputElement) {
        const next = transform(input.value);
        if (next !== input.value) {
          const caret = input.selectionStart;
          const removed = input.value.length - next.length;
          input.value = next;
          // Only text inputs have a caret to put back (a number input throws).
          if (caret !== null && input.type === 'text') {
            const position = Math.max(0, caret - removed);
            input.setSelectionRange(position, position);
          }
        }
      }
      return registration.onChange(event);
    },
  };
}

/**
 * A field's registration and its message, for `TextField`, `ReferenceField`, `AccountSelect`…;
 * `transform` rewrites the text as it is typed.
 */
export function fieldBinding<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues>, 'register' | 'getFieldState' | 'formState'>,
  name: Path<TValues>,
  transform?: (value: string) => string,
) {
  const registration = form.register(name);
  return {
    registration: transform ? transformed(registration, transform) : registration,
    error: form.getFieldState(name, form.formState).error?.message,
  };
}

/**
 * The foot of every transfer form: the last outcome, "Clear form" (which also drops the form's
 * idempotency key, through `onClear`) and the submit button.
 */
export function TransferFormActions({
  outcome,
  outcomeId,
  onClear,
  sending,
  submitLabel,
}: {
  outcome: { tone: 'success' | 'error'; text: string } | null;
  /** The outcome's Alert, where the focus lands when the form starts again (`lib/focus-landing.ts`). */
  outcomeId?: string;
  onClear: () => void;
  sending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      {outcome && (
        <Alert id={outcomeId} tone={outcome.tone}>
          {outcome.text}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" className="sm:mr-auto" onClick={onClear}>
          Clear form
        </Button>
        <SubmitButton sending={sending}>{submitLabel}</SubmitButton>
      </div>
    </>
  );
}

export function SubmitButton({
  sending,
  children,
  disabled,
}: {
  sending: boolean;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Button type="submit" busy={sending} disabled={disabled} className="w-full sm:w-auto">
      {sending ? 'Processing...' : children}
    </Button>
  );
}

/** A form's last row: its refusal in the API's words (if any), then the submit button on the right. */
export function SubmitRow({
  error,
  sending,
  children,
}: {
  error: string | null;
  sending: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <SubmitButton sending={sending}>{children}</SubmitButton>
      </div>
    </>
  );
}

/** The details a confirmation step repeats back before the money moves. */
export function TransferSummary({ rows, label }: { rows: [string, ReactNode][]; label: string }) {
  return (
    <dl
      aria-label={label}
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-slate-50 px-4 text-sm"
    >
      {rows.map(([term, value]) => (
        <div
          key={term}
          className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
        >
          <dt className="text-slate-600">{term}</dt>
          <dd className="font-medium break-words text-slate-900 sm:text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
