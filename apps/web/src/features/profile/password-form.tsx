import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordInput, type MessageResult, PASSWORD, changePasswordSchema, messages } from '@mutual/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError, api } from '../../lib/api';
import { emailHint } from './profile-form';
import { errorMessage } from '../../lib/api-errors';

const fieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type FieldName = (typeof fieldNames)[number];
const isFieldName = (key: string): key is FieldName => (fieldNames as readonly string[]).includes(key);

const newPasswordHint = `${PASSWORD.min} to ${PASSWORD.max} characters. A long phrase is easiest to remember.`;
const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

type Outcome = { tone: 'success' | 'error'; text: string };

/** The e-mail (read-only) and the password change (`POST /api/me/password`). */
export function PasswordForm({ email }: { email: string }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: empty });

  const onSubmit = async (values: ChangePasswordInput) => {
    setOutcome(null);
    try {
      const result = await api<MessageResult>('/api/me/password', { method: 'POST', body: values });
      reset(empty);
      setOutcome({ tone: 'success', text: result.message || messages.settings.passwordChanged });
    } catch (error) {
      const fields =
        error instanceof ApiRequestError
          ? Object.entries(error.body.fields ?? {}).filter(([key]) => isFieldName(key))
          : [];
      fields.forEach(([key, message], index) => {
        if (isFieldName(key)) setError(key, { type: 'server', message }, { shouldFocus: index === 0 });
      });
      if (fields.length === 0) setOutcome({ tone: 'error', text: errorMessage(error, messages.settings.updateFailed) });
    }
  };

  const current = errors.currentPassword?.message;
  const next = errors.newPassword?.message;
  const confirm = errors.confirmPassword?.message;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-4">
      <FormField id="settings-email" label="Email" hint={emailHint}>
        <input
          {...controlProps('settings-email', { hint: emailHint }, 'bg-slate-50 text-slate-700')}
          value={email}
          readOnly
          type="email"
          autoComplete="username"
        />
      </FormField>
      <FormField id="settings-current-password" label="Current password" error={current}>
        <input
          {...controlProps('settings-current-password', { error: current })}
          {...register('currentPassword')}
          type="password"
          autoComplete="current-password"
          aria-required="true"
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="settings-new-password" label="New password" hint={newPasswordHint} error={next}>
          <input
            {...controlProps('settings-new-password', { error: next, hint: newPasswordHint })}
            {...register('newPassword')}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD.max}
            aria-required="true"
          />
        </FormField>
        <FormField id="settings-confirm-password" label="Confirm new password" error={confirm}>
          <input
            {...controlProps('settings-confirm-password', { error: confirm })}
            {...register('confirmPassword')}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD.max}
            aria-required="true"
          />
        </FormField>
      </div>
      <p className="text-sm text-slate-600">Changing your password signs you out on your other devices.</p>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
