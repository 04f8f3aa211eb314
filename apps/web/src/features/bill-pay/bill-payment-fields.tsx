import { type BillPaymentInput, type BillPayOverview, type Payee, SERIES_MAX_COUNT } from '@mutual/shared';
import { Plus } from 'lucide-react';
import type { ChangeEvent, FocusEvent, Ref } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { Button } from '../../components/button';
import { FieldError, FormField, controlProps } from '../../components/form-field';
import { ChoiceOptions } from '../../components/choice-options';
import { numberUnreadable, payeeName } from './format';

/** How a recurring payment ends: when the member stops it, on a date (`endsOn`), or after `count`. */
export type Ending = 'never' | 'date' | 'count';
const endings: readonly { value: Ending; label: string }[] = [
  { value: 'never', label: 'Until I stop it' },
  { value: 'date', label: 'On a date' },
  { value: 'count', label: 'After a number of payments' },
];

/** A controlled `<select>`'s wiring (react-hook-form's `Controller` field). */
export interface SelectControl {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  onBlur: (event: FocusEvent<HTMLSelectElement>) => void;
  ref: Ref<HTMLSelectElement>;
}

/**
 * The member's saved payees, with "Add Payee" beside the label. Controlled, so a payee added a
 * moment ago can be chosen as soon as its option appears.
 */
export function PayeeField({
  payees,
  control,
  error,
  added,
  onAddPayee,
}: {
  payees: Payee[];
  control: SelectControl;
  error?: string;
  /** "Home power was added to your payees." after Add Payee. */
  added: string | null;
  onAddPayee: () => void;
}) {
  const id = 'bill-payee';
  const hint = payees.length === 0 ? 'Add a payee to pay your first bill.' : undefined;
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          Payee
        </label>
        <Button variant="ghost" size="sm" icon={Plus} className="-my-1.5 text-brand" onClick={onAddPayee}>
          Add Payee
        </Button>
      </div>
      <select {...controlProps(id, { error, hint })} {...control} aria-required="true">
        <ChoiceOptions
          placeholder={payees.length === 0 ? 'No payees yet' : 'Select a payee'}
          choices={payees.map((payee) =>
            numberUnreadable(payee)
              ? { value: payee.id, label: `${payeeName(payee)}: cannot be paid`, disabled: true }
              : { value: payee.id, label: payeeName(payee) },
          )}
        />
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {added && (
        <p role="status" className="mt-1.5 text-sm text-green-800">
          {added}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * "Ends" for a recurring payment. The end date and count inputs are registered only while shown
 * (`shouldUnregister`), so the values sent — checked by the API's strict schema — carry at most
 * the one chosen.
 */
export function RecurringEnd({
  ending,
  onEnding,
  payOn,
  overview,
  register,
  errors,
}: {
  ending: Ending;
  onEnding: (ending: Ending) => void;
  payOn: string | undefined;
  overview: Pick<BillPayOverview, 'earliestDate' | 'latestDate'>;
  register: UseFormRegister<BillPaymentInput>;
  errors: { endsOn?: string; count?: string };
}) {
  const countHint = `From 2 to ${SERIES_MAX_COUNT}, this one included.`;
  return (
    <fieldset className="space-y-3 sm:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Ends</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
        {endings.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="bill-ending"
              value={option.value}
              checked={ending === option.value}
              onChange={() => onEnding(option.value)}
              className="h-4 w-4 accent-brand"
            />
            {option.label}
          </label>
        ))}
      </div>
      {ending === 'date' && (
        <FormField id="bill-ends-on" label="Last payment on or before" error={errors.endsOn} className="sm:max-w-xs">
          <input
            {...controlProps('bill-ends-on', { error: errors.endsOn })}
            {...register('endsOn', { shouldUnregister: true })}
            type="date"
            min={payOn || overview.earliestDate}
            max={overview.latestDate}
            aria-required="true"
          />
        </FormField>
      )}
      {ending === 'count' && (
        <FormField
          id="bill-count"
          label="How many payments"
          hint={countHint}
          error={errors.count}
          className="sm:max-w-xs"
        >
          <input
            {...controlProps('bill-count', { error: errors.count, hint: countHint })}
            {...register('count', { shouldUnregister: true })}
            type="number"
            inputMode="numeric"
            min={2}
            max={SERIES_MAX_COUNT}
            step={1}
            aria-required="true"
          />
        </FormField>
      )}
    </fieldset>
  );
}
