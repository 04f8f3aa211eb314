import {
  type AccountSummary,
  countries,
  currencies,
  formatWireMoney,
  type internationalTransferSchema,
  messages,
} from '@mutual/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SubmitButton, TransferSummary, accountName } from './transfer-fields';

export type InternationalTransfer = z.output<typeof internationalTransferSchema>;

const nameOf = (list: readonly { code: string; name: string }[], code: string) => {
  const found = list.find((entry) => entry.code === code);
  return found ? `${found.name} (${code})` : code;
};

/** Step 2 of "International" (spec §4): the summary and the notice, then "Confirm Transfer". */
export function InternationalConfirmStep({
  transfer,
  from,
  sending,
  error,
  onBack,
  onConfirm,
}: {
  transfer: InternationalTransfer;
  from: AccountSummary | undefined;
  sending: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
      className="space-y-5"
      aria-labelledby="international-confirm-heading"
    >
      <h3 id="international-confirm-heading" className="text-base font-semibold text-slate-900">
        Confirm Transfer
      </h3>
      <TransferSummary
        label="Transfer summary"
        rows={[
          ['Recipient', transfer.recipientName],
          ['Bank', transfer.bankName],
          ['SWIFT/BIC', <span className="font-mono">{transfer.swiftCode}</span>],
          ['Account number', <span className="font-mono break-all">{transfer.accountNumber}</span>],
          ...(transfer.iban
            ? ([['IBAN', <span className="font-mono break-all">{transfer.iban}</span>]] as [string, ReactNode][])
            : []),
          ['Country', nameOf(countries, transfer.country)],
          ['Currency', nameOf(currencies, transfer.currency)],
          ['Amount', formatWireMoney(transfer.amount)],
          ['From', from ? accountName(from) : transfer.fromAccount],
          ...(transfer.reference ? ([['Memo', transfer.reference]] as [string, string][]) : []),
        ]}
      />
      <Alert tone="warning">{messages.transfers.internationalNotice}</Alert>
      {error && <Alert tone="error">{error}</Alert>}
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
