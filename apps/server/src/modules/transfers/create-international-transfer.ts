import { countries, formatWireMoney, type internationalTransferSchema, messages } from '@mutual/shared';
import type { z } from 'zod';
import { generalLedger } from '../ledger/general-ledger';
import { type Deps, runMemberTransfer, type TransferCaller } from './member-transfer';

export type InternationalTransfer = z.output<typeof internationalTransferSchema>;

/** International: a pending wire order that holds the funds until staff send or return it. */
export function createInternationalTransfer(deps: Deps, caller: TransferCaller, input: InternationalTransfer) {
  const country = countries.find((c) => c.code === input.country)?.name ?? input.country;
  const { recipientName, bankName, accountNumber, swiftCode, currency } = input;
  return runMemberTransfer(deps, caller, {
    type: 'international',
    form: input,
    to: { general: generalLedger.wireClearing },
    outgoing: true,
    debitMemo: `International transfer to ${recipientName} (${country}, ${currency})`,
    creditMemo: `Wire order for ${recipientName}`,
    reference: input.reference || null,
    paymentOrder: {
      rail: 'international',
      beneficiaryName: recipientName,
      bankName,
      accountNumber,
      swiftCode,
      iban: input.iban || null,
      country: input.country,
      currency,
    },
    message: messages.transfers.internationalDone(formatWireMoney(input.amount), bankName),
    audit: { action: 'transfer.international', after: { swiftCode, country: input.country, currency } },
  });
}
