import type { ReactNode } from 'react';
import { FormField, controlProps } from './form-field';

/**
 * One entry of a select: the value the form keeps and the words shown (a plain string is both);
 * `disabled` shows it without letting it be picked (a payee that cannot be paid).
 */
export type Choice = string | { value: string; label: string; disabled?: boolean };

const valueOf = (choice: Choice) => (typeof choice === 'string' ? choice : choice.value);
const labelOf = (choice: Choice) => (typeof choice === 'string' ? choice : choice.label);

/**
 * The `<option>`s of a select, one per choice, after an empty first one when there is a
 * `placeholder` ("Select a bank").
 */
export function ChoiceOptions({ choices, placeholder }: { choices: readonly Choice[]; placeholder?: string }) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {choices.map((choice) => (
        <option
          key={valueOf(choice)}
          value={valueOf(choice)}
          disabled={typeof choice === 'string' ? undefined : choice.disabled}
        >
          {labelOf(choice)}
        </option>
      ))}
    </>
  );
}

/**
 * A labelled select that is not part of a form library: it shows `value` and reports the value
 * picked (a statement's account and month, the terminal's card, a return or review reason), with
 * the field's hint and error under it. `className` goes on the field's wrapper.
 */
export function ChoiceSelect({
  id,
  label,
  value,
  onChange,
  choices,
  placeholder,
  disabled,
  required,
  hint,
  error,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  placeholder?: string;
  disabled?: boolean;
  /** Marks the select `aria-required`. */
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <select
        {...controlProps(id, { hint, error })}
        value={value}
        aria-required={required ? 'true' : undefined}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <ChoiceOptions choices={choices} placeholder={placeholder} />
      </select>
    </FormField>
  );
}
