import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD, passwordResetConfirmSchema } from '@mutual/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
import { useConfirmPasswordReset } from './auth-api';
import { PasswordInput } from './password-input';

type ResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;
type ResetConfirm = z.output<typeof passwordResetConfirmSchema>;

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
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync: confirmReset } = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetConfirmInput, unknown, ResetConfirm>({
    resolver: zodResolver(passwordResetConfirmSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: ResetConfirm) => {
    setFailure(null);
    try {
      const result = await confirmReset(values);
      setDone(result.message);
    } catch (error) {
      const fields = fieldErrors(error).filter((entry): entry is ['password' | 'confirmPassword', string] =>
        ['password', 'confirmPassword'].includes(entry[0]),
      );
      fields.forEach(([name, message], index) =>
        setError(name, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      if (fields.length > 0) return;
      // A 400 without a password problem means the link itself is no good (used, expired, unknown).
      if (error instanceof ApiRequestError && error.status === 400) onInvalidLink(error.body.message);
      else setFailure(errorMessage(error));
    }
  };

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

  const passwordError = errors.password?.message;
  const confirmError = errors.confirmPassword?.message;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField id="new-password" label="New password" hint={passwordHint} error={passwordError}>
        <PasswordInput
          {...controlProps('new-password', { error: passwordError, hint: passwordHint })}
          {...register('password')}
          autoComplete="new-password"
          maxLength={PASSWORD.max}
          aria-required="true"
        />
      </FormField>
      <FormField id="confirm-password" label="Confirm new password" error={confirmError}>
        <PasswordInput
          {...controlProps('confirm-password', { error: confirmError })}
          {...register('confirmPassword')}
          autoComplete="new-password"
          maxLength={PASSWORD.max}
          aria-required="true"
        />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
