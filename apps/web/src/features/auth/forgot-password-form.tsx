import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema } from '@mutual/shared';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
import { useRequestPasswordReset } from './auth-api';

type ResetRequestInput = z.input<typeof passwordResetRequestSchema>;
type ResetRequest = z.output<typeof passwordResetRequestSchema>;

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so
 * this page cannot be used to find out who banks here.
 */
export function ForgotPasswordForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync: requestReset } = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestInput, unknown, ResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = async (values: ResetRequest) => {
    setFailure(null);
    try {
      const result = await requestReset(values);
      setSent(result.message);
    } catch (error) {
      const emailError = fieldErrors(error).find(([name]) => name === 'email');
      if (emailError) setError('email', { type: 'server', message: emailError[1] }, { shouldFocus: true });
      else setFailure(errorMessage(error));
    }
  };

  if (sent) {
    return (
      <Alert tone="success" title="Check your e-mail">
        {sent}
      </Alert>
    );
  }

  const emailError = errors.email?.message;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
      <p className="text-slate-600">
        Enter the e-mail address you bank with. We will send you a link to choose a new password.
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormField id="reset-email" label="Email" error={emailError}>
        <input
          {...controlProps('reset-email', { error: emailError })}
          {...register('email')}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          aria-required="true"
        />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        <Send className="h-4 w-4" aria-hidden="true" />
        {isSubmitting ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}
