import {
  type AccountSummary,
  countries,
  currencies,
  formatWireMoney,
  type internationalTransferSchema,
  messages,
} from '@mutual/shared';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { accountName } from './transfer-fields';
import { ConfirmTransferStep } from './transfer-form';

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
    <ConfirmTransferStep
      id="international"
      sending={sending}
      onBack={onBack}
      onConfirm={onConfirm}
      summary={[
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
    >
      <Alert tone="warning">{messages.transfers.internationalNotice}</Alert>
      {error && <Alert tone="error">{error}</Alert>}
    </ConfirmTransferStep>
  );
}
