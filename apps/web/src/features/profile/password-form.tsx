import { type ChangePasswordInput, PASSWORD, changePasswordSchema, messages } from '@mutual/shared';
import { useCallback, useState } from 'react';
import { Button } from '../../components/button';
import { useApiForm } from '../../lib/use-api-form';
import { useClearOnEdit } from '../../lib/use-clear-on-edit';
import { InputField } from './input-field';
import { OutcomeAlert, formOutcome } from './outcome';
import { useChangePassword } from './profile-api';
import { SignInEmailField } from './profile-form';

const fieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

const newPasswordHint = `${PASSWORD.min} to ${PASSWORD.max} characters. A long phrase is easiest to remember.`;
const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The e-mail (read-only) and the password change (`meApi.changePassword`). */
export function PasswordForm({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const [changed, setChanged] = useState<string | null>(null);
  const { form, formProps, formError, submitting } = useApiForm<ChangePasswordInput>({
    schema: changePasswordSchema,
    defaultValues: empty,
    fields: fieldNames,
    fallback: messages.settings.updateFailed,
    submit: async (values) => {
      setChanged(null);
      const result = await changePassword.mutateAsync(values);
      form.reset(empty);
      setChanged(result.message || messages.settings.passwordChanged);
    },
  });
  // "Password changed" is about the last change, not the one being typed.
  const clearChanged = useCallback(() => setChanged(null), []);
  useClearOnEdit(form, clearChanged);
  const {
    register,
    formState: { errors },
  } = form;

  const passwordField = (name: (typeof fieldNames)[number], id: string, label: string, hint?: string) => {
    const current = name === 'currentPassword';
    return (
      <InputField
        id={id}
        label={label}
        hint={hint}
        error={errors[name]?.message}
        {...register(name)}
        type="password"
        autoComplete={current ? 'current-password' : 'new-password'}
        maxLength={current ? undefined : PASSWORD.max}
        aria-required="true"
      />
    );
  };

  return (
    <form {...formProps} className="space-y-4">
      <SignInEmailField id="settings-email" email={email} autoComplete="username" />
      {passwordField('currentPassword', 'settings-current-password', 'Current password')}
      <div className="grid gap-4 sm:grid-cols-2">
        {passwordField('newPassword', 'settings-new-password', 'New password', newPasswordHint)}
        {passwordField('confirmPassword', 'settings-confirm-password', 'Confirm new password')}
      </div>
      <p className="text-sm text-slate-600">Changing your password signs you out on your other devices.</p>
      <OutcomeAlert outcome={formOutcome(formError, changed)} />
      <div className="flex justify-end">
        <Button type="submit" busy={submitting} className="w-full sm:w-auto">
          {submitting ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
