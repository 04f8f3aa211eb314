import type { RegistrationInput } from '@mutual/shared';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { type FieldError as HookFieldError, type Path, get, useFormContext, useFormState } from 'react-hook-form';
import { FormField, controlProps } from '../../components/form-field';
import { ChoiceOptions } from '../../components/choice-options';
import { PasswordInput } from './password-input';

export type RegistrationPath = Path<RegistrationInput>;

/** Every field of the application in screen order, so the first problem found is the first on screen. */
export const registrationFieldPaths = [
  'email',
  'password',
  'confirmPassword',
  'personalInfo.firstName',
  'personalInfo.lastName',
  'personalInfo.dateOfBirth',
  'personalInfo.nationality',
  'personalInfo.maritalStatus',
  'personalInfo.address.street',
  'personalInfo.address.city',
  'personalInfo.address.state',
  'personalInfo.address.postalCode',
  'personalInfo.address.country',
  'contactDetails.phoneNumber',
  'contactDetails.alternativeEmail',
  'contactDetails.emergencyContact.name',
  'contactDetails.emergencyContact.relationship',
  'contactDetails.emergencyContact.phone',
  'documents.idCardType',
  'documents.idCardNumber',
] as const satisfies readonly RegistrationPath[];

export const fieldId = (name: string) => `reg-${name.replaceAll('.', '-')}`;

function useFieldError(name: RegistrationPath): string | undefined {
  const { errors } = useFormState<RegistrationInput>({ name });
  return (get(errors, name) as HookFieldError | undefined)?.message;
}

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'id' | 'className'>;

/** A text-like input bound to one application field, with its label, hint and error. */
export function TextField({
  name,
  label,
  hint,
  optional = false,
  password = false,
  className = '',
  ...props
}: InputProps & {
  name: RegistrationPath;
  label: string;
  hint?: string;
  optional?: boolean;
  password?: boolean;
  className?: string;
}) {
  const { register } = useFormContext<RegistrationInput>();
  const error = useFieldError(name);
  const id = fieldId(name);
  const control = {
    ...controlProps(id, { error, hint }),
    ...register(name),
    ...props,
    'aria-required': optional ? undefined : ('true' as const),
  };
  return (
    <div className={className}>
      <FormField id={id} label={label} hint={hint} error={error} optional={optional}>
        {password ? <PasswordInput {...control} /> : <input {...control} />}
      </FormField>
    </div>
  );
}

/** A select bound to one application field; it starts on a "Choose…" placeholder. */
export function SelectField({
  name,
  label,
  options,
  className = '',
}: {
  name: RegistrationPath;
  label: string;
  options: readonly string[];
  className?: string;
}) {
  const { register } = useFormContext<RegistrationInput>();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <div className={className}>
      <FormField id={id} label={label} error={error}>
        <select {...controlProps(id, { error })} {...register(name)} aria-required="true">
          <ChoiceOptions placeholder="Choose…" choices={options} />
        </select>
      </FormField>
    </div>
  );
}

/** One titled part of the application form. */
export function FormSection({
  id,
  title,
  description,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="border-t border-slate-200 pt-8 first:border-t-0 first:pt-0">
      <div className="mb-5 flex items-start gap-3">
        <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}
