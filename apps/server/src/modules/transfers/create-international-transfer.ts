import { randomUUID } from 'node:crypto';
import { centsToDecimal, countries, formatMoney, type internationalTransferSchema, messages } from '@mutual/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import type { RequestMeta } from '../audit/record-audit';
import { generalLedger } from '../ledger/general-ledger';
import { hashRequest, type IdempotentAnswer } from '../ledger/idempotency';
import type { UserRow } from '../members/members.tables';
import { runMoneyCommand } from '../money/money-command';
import { amountInCents, memberCommand, outgoingLimit, transferResult } from './transfer-context';

type Deps = Pick<AppDeps, 'database' | 'db' | 'clock' | 'config' | 'mailer'>;
export type InternationalTransfer = z.output<typeof internationalTransferSchema>;

/** International: a pending wire order that holds the funds until staff send or return it. */
export function createInternationalTransfer(deps: Deps, member: UserRow, input: InternationalTransfer, key: string, meta: RequestMeta): Promise<IdempotentAnswer> {
  const amount = amountInCents(input.amount);
  const command = memberCommand(deps, member, meta, { key, requestHash: hashRequest('transfer:international', input) });
  const country = countries.find((c) => c.code === input.country)?.name ?? input.country;
  const orderId = randomUUID();
  return runMoneyCommand(deps, {
    ...command,
    kind: 'pending',
    limit: outgoingLimit(deps),
    amount,
    from: input.fromAccount,
    to: { general: generalLedger.wireClearing },
    debitMemo: `International transfer to ${input.recipientName} (${country}, ${input.currency})`,
    creditMemo: `Wire order for ${input.recipientName}`,
    reference: input.reference || null,
    paymentOrder: {
      id: orderId,
      rail: 'international',
      beneficiaryName: input.recipientName,
      bankName: input.bankName,
      accountNumber: input.accountNumber,
      swiftCode: input.swiftCode,
      iban: input.iban || null,
      country: input.country,
      currency: input.currency,
    },
    audit: {
      action: 'transfer.international',
      after: {
        transferId: command.transferId,
        paymentOrderId: orderId,
        amount: centsToDecimal(amount),
        from: input.fromAccount,
        swiftCode: input.swiftCode,
        country: input.country,
        currency: input.currency,
      },
    },
    answer: transferResult({
      transferId: command.transferId,
      transferType: 'international',
      status: 'Pending',
      amount: centsToDecimal(amount),
      fromAccount: input.fromAccount,
      message: messages.transfers.internationalDone(formatMoney(amount), input.bankName),
      createdAt: command.now,
      paymentOrderId: orderId,
    }),
  });
}
