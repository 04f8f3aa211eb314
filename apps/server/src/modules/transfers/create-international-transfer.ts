import { countries, formatWireMoney, type internationalTransferSchema, messages } from '@mutual/shared';
import type { z } from 'zod';
import type { RequestMeta } from '../audit/record-audit';
import { generalLedger } from '../ledger/general-ledger';
import type { UserRow } from '../members/members.tables';
import { type Deps, runMemberTransfer } from './member-transfer';

export type InternationalTransfer = z.output<typeof internationalTransferSchema>;

/** International: a pending wire order that holds the funds until staff send or return it. */
export function createInternationalTransfer(deps: Deps, member: UserRow, input: InternationalTransfer, key: string, meta: RequestMeta) {
  const country = countries.find((c) => c.code === input.country)?.name ?? input.country;
  const { recipientName, bankName, accountNumber, swiftCode, currency } = input;
  return runMemberTransfer(deps, member, meta, key, {
    type: 'international',
    request: ['transfer:international', input],
    amount: input.amount,
    from: input.fromAccount,
    to: { general: generalLedger.wireClearing },
    outgoing: true,
    debitMemo: `International transfer to ${recipientName} (${country}, ${currency})`,
    creditMemo: `Wire order for ${recipientName}`,
    reference: input.reference || null,
    paymentOrder: { rail: 'international', beneficiaryName: recipientName, bankName, accountNumber, swiftCode, iban: input.iban || null, country: input.country, currency },
    message: messages.transfers.internationalDone(formatWireMoney(input.amount), bankName),
    audit: { action: 'transfer.international', after: { swiftCode, country: input.country, currency } },
  });
}
