import type { ComponentProps, ReactNode } from 'react';
import { FormField, controlProps } from '../../components/form-field';

type InputFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Classes added to the control's own. */
  inputClassName?: string;
};

/**
 * A labelled `<input>` with its hint and error wired to it (`FormField` + `controlProps`); the rest
 * of the props (a `register(…)` spread, `type`, `autoComplete`) go to the input.
 */
export function InputField({ id, label, hint, error, inputClassName, ...input }: InputFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <input {...controlProps(id, { hint, error }, inputClassName)} {...input} />
    </FormField>
  );
}
