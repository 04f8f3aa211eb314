import { type Card, type CardCode, type CardCodeAction, cardOtpSchema, messages } from '@mutual/shared';
import { RefreshCw } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert } from '../../components/alert';
import { busyButton, unavailableClass } from '../../components/button';
import { OtpField, useOtpEntry } from '../../components/otp-field';
import { ApiRequestError } from '../../lib/api';
import { submitWith } from '../../lib/submit-with';
import { SubmitButton } from '../transfers/transfer-fields';
import { useRequestCardCode, useVerifyCardCode } from './cards-api';
import { cardErrorMessage, codeExpiredMessage, isUnavailable } from './format';

const m = messages.cards;

const linkClass =
  'inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand underline underline-offset-2 ' +
  `hover:text-brand-dark ${unavailableClass}`;

/**
 * Step 1 of the card modal: a 6-digit code bound to this card and this action. Asked for as the
 * step opens (e-mailed, or the authenticator: the server's answer says which) — the server answers
 * with the code it already sent while that one still works, saying so — checked with
 * `codes/verify`; the verified code's id is what step 2 spends. "Send a new code" asks for a fresh one.
 * The box is the portal's one-time password field (`OTP_LABEL`); Verify waits for six digits, as on
 * sign-in, a US-bank transfer and a new payee.
 */
export function CardCodeStep({
  card,
  action,
  initialError,
  onVerified,
}: {
  card: Card;
  action: CardCodeAction;
  /** Step 2 found the code spent or expired and sent the member back here with the server's words. */
  initialError: string | null;
  onVerified: (challengeId: string) => void;
}) {
  const requestCode = useRequestCardCode();
  const verifyCode = useVerifyCardCode();
  const [code, setCode] = useState<CardCode | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const otp = useOtpEntry(initialError);
  const [alert, setAlert] = useState<string | null>(null);

  const ask = async (fresh: boolean) => {
    setRequestError(null);
    setAlert(null);
    otp.setValue('');
    try {
      setCode(await requestCode.mutateAsync({ cardId: card.id, action, fresh }));
      otp.setError(null);
      otp.focus();
    } catch (error) {
      // A code sent before (if any) still works: keep it.
      setRequestError(cardErrorMessage(error));
    }
  };

  // One code per opening: React's development double mount must not send a second e-mail.
  const asked = useRef(false);
  const askOnOpen = useEffectEvent(() => {
    if (!initialError) void ask(false);
  });
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    askOnOpen();
  }, []);

  const verify = async () => {
    if (verifyCode.isPending) return;
    setAlert(null);
    const digits = otp.parse(cardOtpSchema, m.otpInvalid);
    if (digits === null) return;
    if (!code) {
      otp.setError(m.otpExpired);
      return;
    }
    try {
      await verifyCode.mutateAsync({ cardId: card.id, challengeId: code.challengeId, action, otp: digits });
      onVerified(code.challengeId);
    } catch (error) {
      const onField = codeExpiredMessage(error) ?? fieldMessage(error);
      if (onField) {
        otp.setError(onField);
        otp.focus();
        return;
      }
      setAlert(cardErrorMessage(error));
    }
  };

  const sending = requestCode.isPending;
  return (
    <form noValidate aria-label="Enter your card code" className="space-y-4" onSubmit={submitWith(verify)}>
      <div aria-live="polite" className="text-sm text-slate-700" data-testid="card-code-message">
        {sending ? <p>Sending a code…</p> : code && <p>{code.message}</p>}
      </div>
      {requestError && <Alert tone="error">{requestError}</Alert>}
      <OtpField
        id={`card-code-${card.id}`}
        hint="For your security, this code works once, for this card and this action only."
        {...otp.field}
      />
      <p>
        <button type="button" className={linkClass} onClick={() => void ask(true)} {...busyButton(sending)}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Send a new code
        </button>
      </p>
      {alert && <Alert tone="error">{alert}</Alert>}
      <div className="flex justify-end">
        <SubmitButton sending={verifyCode.isPending} disabled={!code || sending || !otp.complete}>
          Verify
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * A refusal of the code itself (wrong, malformed, too many tries): the server's words go under the
 * box. A refusal about the card (404, 409) or the pace of requests (429) goes in an alert.
 */
function fieldMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || isUnavailable(error)) return null;
  const { status, body } = error;
  if (body.fields?.otp) return body.fields.otp;
  const aboutTheCode = status >= 400 && status < 500 && ![404, 409, 429].includes(status);
  return aboutTheCode && body.message ? body.message : null;
}
