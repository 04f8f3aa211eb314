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

/**
 * What the recipient gets: the member's account is debited in US dollars, and the banks convert
 * the money into the chosen currency at their own rate, which we cannot quote.
 */
function currencyNote(transfer: Pick<InternationalTransfer, 'amount' | 'bankName' | 'currency'>): string {
  const sent = `You send ${formatWireMoney(transfer.amount)} in US dollars.`;
  if (transfer.currency === 'USD') return `${sent} ${transfer.bankName}, the recipient’s bank, receives US dollars.`;
  const currency = nameOf(currencies, transfer.currency);
  return (
    `${sent} ${transfer.bankName}, the recipient’s bank, receives it in ${currency}: the banks convert it at ` +
    `their own exchange rate, so we cannot tell you in advance how much arrives in ${transfer.currency}.`
  );
}

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
        ['Amount (USD)', formatWireMoney(transfer.amount)],
        ['From', from ? accountName(from) : transfer.fromAccount],
        ['Reference', transfer.reference],
      ]}
    >
      <Alert tone="info">{currencyNote(transfer)}</Alert>
      <Alert tone="warning">{messages.transfers.internationalNotice}</Alert>
      {error && <Alert tone="error">{error}</Alert>}
    </ConfirmTransferStep>
  );
}
