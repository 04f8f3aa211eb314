import { messages, type SignInChallenge, type SignInInput } from '@mutual/shared';
import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps, emailInputProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
import { useSignIn } from './auth-api';
import { textLinkClass } from './auth-shell';
import { PasswordInput } from './password-input';
import { saveRememberedEmail } from './remembered-email';

export type SignInForm = UseFormReturn<SignInInput, unknown, SignInInput>;

/**
 * Sign-in step 1: e-mail and password. The form itself lives in the parent so the e-mail survives
 * a trip to step 2 and back, and so the demo box can fill it in.
 */
export function CredentialsStep({
  form,
  remember,
  onRememberChange,
  initialFailure,
  focusPassword,
  onChallenge,
}: {
  form: SignInForm;
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
  /** Why the person is back here (their code expired, the account was locked…). */
  initialFailure: string | null;
  focusPassword: boolean;
  onChallenge: (challenge: SignInChallenge) => void;
}) {
  const [failure, setFailure] = useState(initialFailure);
  const { mutateAsync: signIn } = useSignIn();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => {
    if (focusPassword) setFocus('password');
  }, [focusPassword, setFocus]);

  const onSubmit = async (values: SignInInput) => {
    setFailure(null);
    try {
      const challenge = await signIn(values);
      saveRememberedEmail(remember ? values.email : null);
      // The password has done its job: it is not kept in memory while the code is entered.
      setValue('password', '');
      onChallenge(challenge);
    } catch (error) {
      const fields = fieldErrors(error).filter((entry): entry is ['email' | 'password', string] =>
        ['email', 'password'].includes(entry[0]),
      );
      fields.forEach(([name, message], index) =>
        setError(name, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      if (fields.length > 0) return;
      setFailure(errorMessage(error, messages.auth.signInFailed));
      if (error instanceof ApiRequestError && error.status === 401) {
        setValue('password', '');
        setFocus('password');
      }
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        <input
          {...controlProps('signin-email', { error: errors.email?.message })}
          {...register('email')}
          {...emailInputProps}
          autoComplete="username"
          aria-required="true"
        />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          {...controlProps('signin-password', { error: errors.password?.message })}
          {...register('password')}
          autoComplete="current-password"
          maxLength={1024}
          aria-required="true"
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => onRememberChange(event.target.checked)}
            className="h-4 w-4 rounded accent-brand"
            aria-describedby="signin-remember-hint"
          />
          Remember me
        </label>
        <span id="signin-remember-hint" className="sr-only">
          Keeps your e-mail address on this device. Your password is never stored.
        </span>
        <Link to="/forgot-password" className={`text-sm ${textLinkClass}`}>
          Forgot password?
        </Link>
      </div>
      <Button icon={LogIn} type="submit" size="lg" busy={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
