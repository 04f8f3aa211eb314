import { zodResolver } from '@hookform/resolvers/zod';
import { type BackupCodes, OTP_LENGTH, type TotpSetup, totpConfirmSchema } from '@mutual/shared';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError, api } from '../../lib/api';
import { useCopy } from '../../lib/use-copy';
import { errorMessage } from '../../lib/api-errors';

type CodeInput = z.input<typeof totpConfirmSchema>;

/** "ABCDEFGHIJKL" → "ABCD EFGH IJKL", easier to type into an app by hand. */
const groupInFours = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Authenticator enrolment: scan the QR code (or type the key), then prove it works with a code.
 * The server switches two-factor on only after a correct code.
 */
export function TotpSetupSteps({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TotpSetup;
  onConfirmed: (codes: BackupCodes) => void;
  onCancel: () => void;
}) {
  const { copied, copy } = useCopy();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeInput>({ resolver: zodResolver(totpConfirmSchema), defaultValues: { code: '' } });

  const submit = async (values: CodeInput) => {
    setProblem(null);
    try {
      onConfirmed(await api<BackupCodes>('/api/me/totp/confirm', { method: 'POST', body: values }));
    } catch (error) {
      const fieldMessage = error instanceof ApiRequestError ? error.body.fields?.code : undefined;
      if (fieldMessage) setError('code', { type: 'server', message: fieldMessage }, { shouldFocus: true });
      else setProblem(errorMessage(error, 'We could not turn on two-factor authentication. Please try again.'));
    }
  };

  const error = errors.code?.message;
  return (
    <div className="space-y-5 rounded-xl border border-slate-200 p-4">
      <div className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
        <img
          src={setup.qrCodeDataUrl}
          alt="QR code for your authenticator app"
          className="mx-auto h-44 w-44 rounded-lg border border-slate-200 bg-white p-2 sm:mx-0"
        />
        <div className="min-w-0 space-y-3 text-sm text-slate-700">
          <p>
            <span className="font-semibold text-slate-900">1. Scan the QR code</span> with an authenticator app (for
            example Google Authenticator, Microsoft Authenticator, 1Password or Aegis).
          </p>
          <div>
            <p>Can’t scan it? Enter this key in the app instead:</p>
            <div className="mt-2 flex items-center gap-2">
              <code
                className="min-w-0 rounded-md bg-slate-100 px-2.5 py-1.5 font-mono text-sm break-all text-slate-900"
                data-testid="totp-secret"
              >
                {groupInFours(setup.secret)}
              </code>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void copy('secret', setup.secret)}
                className="shrink-0"
              >
                {copied === 'secret' ? (
                  <Check className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <Copy className="h-4 w-4" aria-hidden="true" />
                )}
                {copied === 'secret' ? 'Copied!' : 'Copy key'}
              </Button>
            </div>
          </div>
        </div>
      </div>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
        <FormField id="totp-code" label={`2. Enter the ${OTP_LENGTH}-digit code from the app`} error={error}>
          <input
            {...controlProps('totp-code', { error }, 'max-w-40 font-mono tracking-widest')}
            {...register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            aria-required="true"
          />
        </FormField>
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Checking…' : 'Turn on'}
          </Button>
        </div>
      </form>
    </div>
  );
}
