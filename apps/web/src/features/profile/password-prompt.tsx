import { totpDisableSchema } from '@mutual/shared';
import { useId } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { useApiForm } from '../../lib/use-api-form';
import { FormActions } from './form-actions';
import { InputField } from './input-field';

type PasswordInput = z.infer<typeof totpDisableSchema>;

/**
 * Asks for the password before a sensitive change (turning the authenticator off, replacing
 * backup codes), so a borrowed session cannot make it.
 */
export function PasswordPrompt({
  title,
  explanation,
  submitLabel,
  busyLabel,
  failure,
  onSubmit,
  onCancel,
}: {
  title: string;
  explanation: string;
  submitLabel: string;
  busyLabel: string;
  failure: string;
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const {
    form,
    onSubmit: submit,
    formError,
    submitting,
  } = useApiForm<PasswordInput>({
    schema: totpDisableSchema,
    defaultValues: { password: '' },
    fields: ['password'],
    fallback: failure,
    submit: ({ password }) => onSubmit(password),
  });
  const error = form.formState.errors.password?.message;

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-xl border border-slate-200 p-4"
    >
      <div>
        <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {title}
        </h4>
        <p className="mt-1 text-sm text-slate-600">{explanation}</p>
      </div>
      <InputField
        id={`${id}-password`}
        label="Password"
        error={error}
        {...form.register('password')}
        type="password"
        autoComplete="current-password"
        aria-required="true"
        autoFocus
      />
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormActions onCancel={onCancel} submitting={submitting} submitLabel={submitLabel} busyLabel={busyLabel} />
    </form>
  );
}
