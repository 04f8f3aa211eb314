import { messages, OTP_LENGTH, type SignInChallenge, type SignInResult } from '@mutual/shared';
import { ArrowLeft, KeyRound, RotateCw, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button, busyButton, unavailableClass } from '../../components/button';
import { FieldError, fieldDescription } from '../../components/form-field';
import { OTP_LABEL, isWholeCode } from '../../components/otp-field';
import { errorMessage, hasCode } from '../../lib/api-errors';
import { useResendCode, useVerifyCode } from './auth-api';

type Mode = 'code' | 'backup';

/** Backup codes look like `abcd-ef12gh`: 10 letters or digits; dashes and spaces are ignored. */
const normaliseBackupCode = (value: string) => value.replace(/[\s-]/g, '').toLowerCase();
const isBackupCode = (value: string) => /^[a-z0-9]{10}$/.test(normaliseBackupCode(value));

/** The sign-in attempt is over: the person has to start again with their password. */
const endsAttempt = (error: unknown) => hasCode(error, 'SIGN_IN_EXPIRED') || hasCode(error, 'ACCOUNT_LOCKED');

function codeInputClass(invalid: boolean, mode: Mode) {
  const look = mode === 'code' ? 'text-center font-mono text-2xl tracking-[0.4em]' : 'font-mono text-lg tracking-wider';
  const border = invalid
    ? 'border-red-600 focus:outline-red-600'
    : 'border-slate-300 focus:border-brand focus:outline-brand';
  const box =
    'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 ' +
    'focus:outline-2 focus:outline-offset-0';
  return `${box} ${look} ${border}`;
}

function instructions(challenge: SignInChallenge, mode: Mode): string {
  if (mode === 'backup')
    return 'Enter one of the backup codes you saved when you set up two-step sign-in. Each code works once.';
  if (challenge.methods.includes('totp')) return 'Enter the 6-digit code from your authenticator app.';
  return `We sent a 6-digit code to ${challenge.emailHint ?? 'your e-mail address'}. It may take a minute to arrive.`;
}

/** Sign-in step 2: the one-time code (e-mailed or from an authenticator), or a backup code. */
export function CodeStep({
  challenge,
  onBack,
  onRestart,
  onSignedIn,
}: {
  challenge: SignInChallenge;
  onBack: () => void;
  /** The attempt expired or the account locked: back to step 1 with the server's sentence. */
  onRestart: (message: string) => void;
  onSignedIn: (result: SignInResult) => void;
}) {
  const [mode, setMode] = useState<Mode>('code');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const { mutateAsync: verify } = useVerifyCode();
  const { mutateAsync: resendCode } = useResendCode();

  // The code box takes focus when this step opens and whenever the kind of code changes.
  useEffect(() => {
    inputRef.current?.focus();
  }, [mode]);

  const ready = mode === 'code' ? isWholeCode(code) : isBackupCode(code);
  const canResend = mode === 'code' && challenge.methods.includes('email');
  const canUseBackup = challenge.methods.includes('backup');
  const hint = instructions(challenge, mode);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const body = { code: mode === 'code' ? code : normaliseBackupCode(code) };
      onSignedIn(await verify(body));
    } catch (failure) {
      if (endsAttempt(failure)) return onRestart(errorMessage(failure));
      setError(errorMessage(failure, messages.auth.otpFailed));
      setCode('');
      setBusy(false);
      inputRef.current?.focus();
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const result = await resendCode();
      setNotice({ tone: 'success', text: result.message || messages.auth.codeSent });
      setCode('');
      inputRef.current?.focus();
    } catch (failure) {
      if (endsAttempt(failure)) return onRestart(errorMessage(failure));
      setNotice({ tone: 'error', text: errorMessage(failure) });
    } finally {
      setResending(false);
    }
  };

  const switchMode = () => {
    setMode(mode === 'code' ? 'backup' : 'code');
    setCode('');
    setError(null);
    setNotice(null);
  };

  const back = () => {
    setCode('');
    onBack();
  };

  const fieldError = error ?? undefined;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <div className="flex items-center gap-3">
        <span
          className={'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand'}
        >
          {mode === 'code' ? (
            <ShieldCheck className="h-5 w-5" aria-hidden="true" />
          ) : (
            <KeyRound className="h-5 w-5" aria-hidden="true" />
          )}
        </span>
        <h2 className="text-lg font-semibold text-slate-900">
          {mode === 'code' ? 'Enter your sign-in code' : 'Enter a backup code'}
        </h2>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div>
        <label htmlFor="signin-code" className="block text-sm font-medium text-slate-800">
          {mode === 'code' ? OTP_LABEL : 'Backup code'}
        </label>
        {/* The instructions sit between label and box, where the eye goes first; they describe the box. */}
        <p id="signin-code-hint" className="mt-1 mb-2 text-sm text-slate-600">
          {hint}
        </p>
        <input
          ref={inputRef}
          id="signin-code"
          name={mode === 'code' ? 'one-time-code' : 'backup-code'}
          value={code}
          onChange={(event) =>
            setCode(
              mode === 'code'
                ? event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH)
                : event.target.value.slice(0, 12),
            )
          }
          type="text"
          inputMode={mode === 'code' ? 'numeric' : 'text'}
          autoComplete={mode === 'code' ? 'one-time-code' : 'off'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={mode === 'code' ? OTP_LENGTH : 12}
          placeholder={mode === 'code' ? undefined : 'xxxx-xxxxxx'}
          aria-required="true"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldDescription('signin-code', { hint, error: fieldError })}
          className={codeInputClass(Boolean(fieldError), mode)}
        />
        <FieldError id="signin-code" error={fieldError} />
      </div>

      <div className="flex gap-3">
        <Button variant="outline" size="lg" onClick={back} disabled={busy}>
          {/* No arrow on narrow phones, so "Verify & Sign in" keeps to one line. */}
          <ArrowLeft className="hidden h-5 w-5 min-[400px]:block" aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" size="lg" disabled={!ready} busy={busy} className="flex-1 whitespace-nowrap">
          {busy ? 'Verifying...' : 'Verify & Sign in'}
        </Button>
      </div>

      {(canResend || canUseBackup) && (
        <div
          className={
            'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-slate-100 pt-4 text-sm'
          }
        >
          {canResend && (
            <button
              type="button"
              onClick={() => void resend()}
              {...busyButton(resending)}
              disabled={busy}
              className={`inline-flex items-center gap-1.5 font-medium text-brand hover:underline ${unavailableClass}`}
            >
              <RotateCw
                className={`h-4 w-4 ${resending ? 'animate-spin motion-reduce:animate-none' : ''}`}
                aria-hidden="true"
              />
              {resending ? 'Sending...' : 'Resend code'}
            </button>
          )}
          {canUseBackup && (
            <button
              type="button"
              onClick={switchMode}
              disabled={busy}
              className="font-medium text-brand hover:underline sm:ml-auto"
            >
              {mode === 'code' ? 'Use a backup code' : 'Use a 6-digit code instead'}
            </button>
          )}
        </div>
      )}
    </form>
  );
}
