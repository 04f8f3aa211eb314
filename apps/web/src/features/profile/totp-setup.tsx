import { type BackupCodes, OTP_LENGTH, type TotpSetup, totpConfirmSchema } from '@mutual/shared';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { useApiForm } from '../../lib/use-api-form';
import { useCopy } from '../../lib/use-copy';
import { CopyButton } from './copy-button';
import { FormActions } from './form-actions';
import { InputField } from './input-field';
import { useConfirmTotp } from './profile-api';

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
  const confirmTotp = useConfirmTotp();
  const { form, formProps, formError, submitting } = useApiForm<CodeInput>({
    schema: totpConfirmSchema,
    defaultValues: { code: '' },
    fields: ['code'],
    fallback: 'We could not turn on two-factor authentication. Please try again.',
    submit: async (values) => onConfirmed(await confirmTotp.mutateAsync(values.code)),
  });

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
              <CopyButton
                label="Copy key"
                copied={copied === 'secret'}
                size="sm"
                onClick={() => void copy('secret', setup.secret)}
                className="shrink-0"
              />
            </div>
          </div>
        </div>
      </div>
      <form {...formProps} className="space-y-4">
        <InputField
          id="totp-code"
          label={`2. Enter the ${OTP_LENGTH}-digit code from the app`}
          error={form.formState.errors.code?.message}
          inputClassName="max-w-40 font-mono tracking-widest"
          {...form.register('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          aria-required="true"
        />
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormActions onCancel={onCancel} submitting={submitting} submitLabel="Turn on" busyLabel="Checking…" />
      </form>
    </div>
  );
}
