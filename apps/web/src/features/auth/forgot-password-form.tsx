import { passwordResetRequestSchema } from '@mutual/shared';
import { Send } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps, emailInputProps } from '../../components/form-field';
import { useApiForm } from '../../lib/use-api-form';
import { useRequestPasswordReset } from './auth-api';

type ResetRequestInput = z.input<typeof passwordResetRequestSchema>;
type ResetRequest = z.output<typeof passwordResetRequestSchema>;

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so
 * this page cannot be used to find out who banks here.
 */
export function ForgotPasswordForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const { mutateAsync: requestReset } = useRequestPasswordReset();
  const { form, formProps, formError, submitting } = useApiForm<ResetRequestInput, ResetRequest>({
    schema: passwordResetRequestSchema,
    defaultValues: { email: defaultEmail },
    fields: ['email'],
    submit: async (values) => setSent((await requestReset(values)).message),
  });

  if (sent) {
    return (
      <Alert tone="success" title="Check your e-mail">
        {sent}
      </Alert>
    );
  }

  const emailError = form.formState.errors.email?.message;
  return (
    <form {...formProps} className="space-y-5">
      <p className="text-slate-600">
        Enter the e-mail address you bank with. We will send you a link to choose a new password.
      </p>
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField id="reset-email" label="Email" error={emailError}>
        <input
          {...controlProps('reset-email', { error: emailError })}
          {...form.register('email')}
          {...emailInputProps}
          autoComplete="email"
          aria-required="true"
        />
      </FormField>
      <Button type="submit" size="lg" busy={submitting} className="w-full">
        <Send className="h-4 w-4" aria-hidden="true" />
        {submitting ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}
