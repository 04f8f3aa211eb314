import { zodResolver } from '@hookform/resolvers/zod';
import { totpDisableSchema } from '@mutual/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';

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
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordInput>({ resolver: zodResolver(totpDisableSchema), defaultValues: { password: '' } });

  const submit = async ({ password }: PasswordInput) => {
    setProblem(null);
    try {
      await onSubmit(password);
    } catch (error) {
      const fieldMessage = error instanceof ApiRequestError ? error.body.fields?.password : undefined;
      if (fieldMessage) setError('password', { type: 'server', message: fieldMessage }, { shouldFocus: true });
      else setProblem(errorMessage(error, failure));
    }
  };

  const error = errors.password?.message;
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="space-y-4 rounded-xl border border-slate-200 p-4"
    >
      <div>
        <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {title}
        </h4>
        <p className="mt-1 text-sm text-slate-600">{explanation}</p>
      </div>
      <FormField id={`${id}-password`} label="Password" error={error}>
        <input
          {...controlProps(`${id}-password`, { error })}
          {...register('password')}
          type="password"
          autoComplete="current-password"
          aria-required="true"
          autoFocus
        />
      </FormField>
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
