import {
  type AccountSummary,
  type ExternalTransferConfirmInput,
  OTP_LENGTH,
  type TransferChallenge,
  externalTransferConfirmSchema,
  type externalTransferSchema,
  formatWireMoney,
  messages,
} from '@mutual/shared';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { readTransferError } from './transfer-errors';
import { SubmitButton, TransferSummary, accountName } from './transfer-fields';
import { useTransferRequest } from './use-transfer-request';

const m = messages.transfers;
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "at 5:08 PM" today, else the day too. */
function expiryText(iso: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const sameDay = at.toDateString() === new Date().toDateString();
  return sameDay
    ? `at ${timeFormat.format(at)}`
    : at.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export type ExternalTransfer = z.output<typeof externalTransferSchema>;

/**
 * Step 2 of "To US Bank" (spec §2/§4): the summary, and the 6-digit code the server sent for
 * exactly this transfer (`POST /api/transfers/external`). What the step cannot fix itself it hands
 * back: an expired code or a problem with the transfer's own fields returns to the form.
 */
export function ExternalConfirmStep({
  transfer,
  challenge,
  from,
  onBack,
  onReturn,
  onLocked,
  onDone,
}: {
  transfer: ExternalTransfer;
  challenge: TransferChallenge;
  from: AccountSummary | undefined;
  onBack: () => void;
  /** Back to the form with a message for the whole form, or messages for its fields. */
  onReturn: (problem: { message?: string; fields?: [string, string][] }) => void;
  onLocked: () => void;
  onDone: (message: string) => void;
}) {
  const { send, sending } = useTransferRequest<ExternalTransferConfirmInput>('/api/transfers/external');
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const otpInput = useRef<HTMLInputElement>(null);

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    const code = externalTransferConfirmSchema.shape.otp.safeParse(otp);
    if (!code.success) {
      setOtpError(code.error.issues[0]?.message ?? m.otpRequired);
      otpInput.current?.focus();
      return;
    }
    setOtpError(null);
    try {
      const result = await send({ transfer, challengeId: challenge.challengeId, otp: code.data });
      if (result) onDone(result.message);
    } catch (error) {
      const failure = readTransferError(error);
      if (failure.kind === 'locked') onLocked();
      else if (failure.kind === 'expired') onReturn({ message: failure.message });
      else if (failure.kind === 'alert') setAlert(failure.message);
      else {
        const otpMessage = failure.fields.find(([key]) => key === 'otp' || key === 'challengeId');
        const rest = failure.fields.filter(([key]) => key !== 'otp' && key !== 'challengeId');
        if (rest.length > 0) onReturn({ fields: rest });
        else if (otpMessage) setOtpError(otpMessage[1]);
      }
    }
  };

  const expires = expiryText(challenge.expiresAt);
  const hint = (
    <>
      {challenge.message}
      {expires && <span className="block text-slate-500">The code expires {expires}.</span>}
    </>
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void confirm(event)}
      className="space-y-5"
      aria-labelledby="external-confirm-heading"
    >
      <h3 id="external-confirm-heading" className="text-base font-semibold text-slate-900">
        Confirm Transfer
      </h3>
      <TransferSummary
        label="Transfer summary"
        rows={[
          ['Bank', transfer.toBank],
          ['Routing number', <span className="font-mono">{transfer.routingNumber}</span>],
          ['Account number', <span className="font-mono">••••{transfer.accountNumber.slice(-4)}</span>],
          ['Account holder', transfer.accountName],
          ['Amount', formatWireMoney(transfer.amount)],
          ['From', from ? accountName(from) : transfer.fromAccount],
          ...(transfer.reference ? ([['Memo', transfer.reference]] as [string, string][]) : []),
        ]}
      />
      <div className="max-w-sm">
        <FormField id="external-otp" label="OTP (6-digit code)" hint={hint} error={otpError ?? undefined}>
          <input
            {...controlProps('external-otp', { hint, error: otpError ?? undefined }, 'font-mono tracking-[0.3em]')}
            ref={otpInput}
            value={otp}
            onChange={(event) => {
              setOtp(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH));
              setOtpError(null);
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            pattern="[0-9]*"
            aria-required="true"
          />
        </FormField>
      </div>
      {alert && <Alert tone="error">{alert}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onBack} disabled={sending}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back
        </Button>
        <SubmitButton sending={sending}>Confirm Transfer</SubmitButton>
      </div>
    </form>
  );
}
