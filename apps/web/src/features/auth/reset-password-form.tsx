import { PASSWORD, passwordResetConfirmSchema } from '@mutual/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { fieldErrors } from '../../lib/api-errors';
import { useApiForm } from '../../lib/use-api-form';
import { useConfirmPasswordReset } from './auth-api';
import { PasswordInput } from './password-input';

type ResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;
type ResetConfirm = z.output<typeof passwordResetConfirmSchema>;

const passwordFields = ['password', 'confirmPassword'] as const;

const passwordHint =
  `At least ${PASSWORD.min} characters. ` + 'A short phrase of unrelated words is easy to remember and hard to guess.';

/** The new-password form behind the e-mailed link. `onInvalidLink` takes the server's sentence. */
export function ResetPasswordForm({
  token,
  onInvalidLink,
}: {
  token: string;
  onInvalidLink: (message: string) => void;
}) {
  const [done, setDone] = useState<string | null>(null);
  const { mutateAsync: confirmReset } = useConfirmPasswordReset();
  const { form, formProps, formError, submitting } = useApiForm<ResetConfirmInput, ResetConfirm>({
    schema: passwordResetConfirmSchema,
    defaultValues: { token, password: '', confirmPassword: '' },
    fields: passwordFields,
    submit: async (values) => setDone((await confirmReset(values)).message),
    onError: (error) => {
      // A 400 without a password problem means the link itself is no good (used, expired, unknown).
      const passwordProblem = fieldErrors(error).some(([name]) => passwordFields.some((field) => field === name));
      if (passwordProblem || !(error instanceof ApiRequestError && error.status === 400)) return false;
      onInvalidLink(error.body.message);
      return true;
    },
  });

  if (done) {
    return (
      <div className="space-y-5">
        <Alert tone="success" title="Password changed">
          {done}
        </Alert>
        <ButtonLink to="/login" size="lg" className="w-full">
          Sign in
        </ButtonLink>
      </div>
    );
  }

  const { errors } = form.formState;
  const passwordError = errors.password?.message;
  const confirmError = errors.confirmPassword?.message;
  return (
    <form {...formProps} className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField id="new-password" label="New password" hint={passwordHint} error={passwordError}>
        <PasswordInput
          {...controlProps('new-password', { error: passwordError, hint: passwordHint })}
          {...form.register('password')}
          autoComplete="new-password"
          maxLength={PASSWORD.max}
          aria-required="true"
        />
      </FormField>
      <FormField id="confirm-password" label="Confirm new password" error={confirmError}>
        <PasswordInput
          {...controlProps('confirm-password', { error: confirmError })}
          {...form.register('confirmPassword')}
          autoComplete="new-password"
          maxLength={PASSWORD.max}
          aria-required="true"
        />
      </FormField>
      <Button type="submit" size="lg" busy={submitting} className="w-full">
        {submitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
