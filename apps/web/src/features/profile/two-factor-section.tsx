import { type BackupCodes, type Me, type TotpSetup, messages } from '@mutual/shared';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/api-errors';
import { useStepLanding } from '../../lib/focus-landing';
import { BackupCodesView } from './backup-codes-view';
import { type Outcome, OutcomeAlert } from './outcome';
import { PasswordPrompt } from './password-prompt';
import { useApplyMe, useDisableTotp, useReplaceBackupCodes, useStartTotpSetup } from './profile-api';
import { TotpSetupSteps } from './totp-setup';

type Step =
  | { kind: 'overview' }
  | { kind: 'setup'; setup: TotpSetup }
  | { kind: 'codes'; codes: BackupCodes }
  | { kind: 'turn-off' }
  | { kind: 'replace-codes' };

/** The changes that ask for the password first, in their own words. */
const prompts = {
  'turn-off': {
    title: 'Turn off the authenticator app',
    explanation: 'Enter your password to confirm. Sign-in codes will be sent to your email instead.',
    submitLabel: 'Turn off',
    busyLabel: 'Turning off…',
  },
  'replace-codes': {
    title: 'Replace backup codes',
    explanation: 'Enter your password to get 10 new backup codes. Your current backup codes will stop working.',
    submitLabel: 'Replace backup codes',
    busyLabel: 'Replacing…',
  },
} as const;

/**
 * Two-factor authentication: enrol an authenticator app (QR code, confirm with a code, backup
 * codes shown once), replace the backup codes, or turn the app off. Without an app, sign-in codes
 * are e-mailed.
 */
export function TwoFactorSection({ me }: { me: Me }) {
  const applyMe = useApplyMe();
  const startTotpSetup = useStartTotpSetup();
  const disableTotp = useDisableTotp();
  const replaceBackupCodes = useReplaceBackupCodes();
  const [step, setStep] = useState<Step>({ kind: 'overview' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [starting, setStarting] = useState(false);
  const on = me.security.twoFactor;
  // The button pressed goes with its step: the focus lands on the step that took its place.
  const { stepId, focusStep } = useStepLanding();

  const go = (next: Step) => {
    setOutcome(null);
    setStep(next);
    focusStep();
  };

  const startSetup = async () => {
    setStarting(true);
    setOutcome(null);
    try {
      go({ kind: 'setup', setup: await startTotpSetup.mutateAsync() });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, messages.generic.internal) });
    } finally {
      setStarting(false);
    }
  };

  const showCodes = (codes: BackupCodes) => {
    go({ kind: 'codes', codes });
    // Two-factor state and the count of codes left changed; the codes stay on screen meanwhile.
    void applyMe();
  };

  const turnOff = async (password: string) => {
    const result = await disableTotp.mutateAsync(password);
    await applyMe();
    setStep({ kind: 'overview' });
    setOutcome({ tone: 'success', text: result.message || messages.settings.totpDisabled });
    focusStep();
  };

  const replaceCodes = async (password: string) => {
    showCodes(await replaceBackupCodes.mutateAsync(password));
  };

  return (
    <section id={stepId} aria-labelledby="two-factor-heading" className="space-y-4">
      <div className="flex items-start gap-3">
        {on ? (
          <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
        ) : (
          <ShieldOff className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <h3 id="two-factor-heading" className="text-sm font-semibold text-slate-900">
            Two-factor authentication
          </h3>
          <p className="mt-0.5 text-sm text-slate-600" data-testid="two-factor-state">
            {on
              ? 'On: you sign in with a code from your authenticator app.'
              : 'Sign-in codes are sent to your email. An authenticator app works even without email access.'}
          </p>
          {on && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
              <KeyRound className="h-4 w-4 text-slate-500" aria-hidden="true" />
              {me.backupCodesRemaining} backup {me.backupCodesRemaining === 1 ? 'code' : 'codes'} left
            </p>
          )}
        </div>
      </div>

      <OutcomeAlert outcome={outcome} />

      {step.kind === 'overview' &&
        (on ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="outline" onClick={() => go({ kind: 'replace-codes' })}>
              Replace backup codes
            </Button>
            <Button variant="outline" onClick={() => go({ kind: 'turn-off' })}>
              Turn off
            </Button>
          </div>
        ) : (
          <Button onClick={() => void startSetup()} busy={starting} className="w-full sm:w-auto">
            {starting ? 'Starting…' : 'Set up authenticator app'}
          </Button>
        ))}

      {step.kind === 'setup' && (
        <TotpSetupSteps setup={step.setup} onConfirmed={showCodes} onCancel={() => go({ kind: 'overview' })} />
      )}

      {step.kind === 'codes' && (
        <BackupCodesView
          codes={step.codes.codes}
          message={step.codes.message || messages.settings.totpEnabled}
          email={me.email}
          onDone={() => go({ kind: 'overview' })}
        />
      )}

      {(step.kind === 'turn-off' || step.kind === 'replace-codes') && (
        <PasswordPrompt
          key={step.kind}
          {...prompts[step.kind]}
          failure={messages.settings.updateFailed}
          onSubmit={step.kind === 'turn-off' ? turnOff : replaceCodes}
          onCancel={() => go({ kind: 'overview' })}
        />
      )}
    </section>
  );
}
