import {
  type AccountSummary,
  type TransferChallenge,
  externalTransferConfirmSchema,
  type externalTransferSchema,
  formatWireMoney,
  messages,
} from '@mutual/shared';
import { transfersApi } from '@mutual/shared/contract/transfers';
import { useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { OtpField, useOtpEntry } from '../../components/otp-field';
import { dateTimeFormat, localDay, zoneName } from '../../lib/format-date';
import { readTransferError } from './transfer-errors';
import { accountName } from './transfer-fields';
import { ConfirmTransferStep } from './transfer-form';
import { useTransferRequest } from './use-transfer-request';

const m = messages.transfers;

/** "at 5:08 PM EST" today, else the day too: on the credit union's clock, its zone named. */
function expiryText(iso: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const sameDay = localDay(at) === localDay(new Date());
  return sameDay
    ? `at ${dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at)}`
    : dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(at) + ` ${zoneName(at)}`;
}

export type ExternalTransfer = z.output<typeof externalTransferSchema>;

/**
 * Step 2 of "To US Bank" (spec §2/§4): the summary, and the 6-digit code the server sent for
 * exactly this transfer (`transfersApi.external`). What the step cannot fix itself it hands
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
  const { send, sending } = useTransferRequest(transfersApi.external);
  const otp = useOtpEntry();
  const [alert, setAlert] = useState<string | null>(null);

  const confirm = async () => {
    // "Confirm Transfer" stays off until six digits are typed (spec §5, as on sign-in); Enter too.
    if (!otp.complete) return;
    setAlert(null);
    const code = otp.parse(externalTransferConfirmSchema.shape.otp, m.otpRequired);
    if (code === null) return;
    otp.setError(null);
    try {
      const result = await send({ transfer, challengeId: challenge.challengeId, otp: code });
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
        else if (otpMessage) otp.setError(otpMessage[1]);
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
    <ConfirmTransferStep
      id="external"
      sending={sending}
      ready={otp.complete}
      onBack={onBack}
      onConfirm={() => void confirm()}
      summary={[
        ['Bank', transfer.toBank],
        ['Routing number', <span className="font-mono">{transfer.routingNumber}</span>],
        // In full, as typed: the member checks it before the money moves (e-mails keep it masked).
        ['Account number', <span className="font-mono break-all">{transfer.accountNumber}</span>],
        ['Account holder', transfer.accountName],
        ['Amount', formatWireMoney(transfer.amount)],
        ['From', from ? accountName(from) : transfer.fromAccount],
        ['Reference', transfer.reference],
      ]}
    >
      <OtpField id="external-otp" hint={hint} {...otp.field} />
      {alert && <Alert tone="error">{alert}</Alert>}
    </ConfirmTransferStep>
  );
}
