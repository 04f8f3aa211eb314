import { centsToDecimal, countries, formatMoney, type internationalTransferSchema, messages } from '@mutual/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import { type RequestMeta, recordAudit } from '../audit/record-audit';
import { hashRequest, type IdempotentAnswer, runIdempotent } from '../ledger/idempotency';
import type { UserRow } from '../members/members.tables';
import { createPaymentOrder } from '../payments/create-payment-order';
import { amountInCents, openTransfer, sourceAccount, transferResult } from './transfer-context';
import { countOutgoingTransfer } from './transfer-limit';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
export type InternationalTransfer = z.output<typeof internationalTransferSchema>;

/** International: a pending wire order that holds the funds until staff send or return it. */
export async function createInternationalTransfer(
  deps: Deps,
  member: UserRow,
  input: InternationalTransfer,
  idempotencyKey: string,
  meta: RequestMeta,
): Promise<IdempotentAnswer> {
  const now = deps.clock();
  const amount = amountInCents(input.amount);
  const request = { userId: member.id, key: idempotencyKey, requestHash: hashRequest('transfer:international', input), now };
  return runIdempotent(deps.db, request, async (tx) => {
    const accounts = await openTransfer(tx, member.id);
    const from = sourceAccount(accounts, input.fromAccount);
    await countOutgoingTransfer(tx, deps.config.limits, member.id, now);
    const country = countries.find((c) => c.code === input.country)?.name ?? input.country;
    const order = await createPaymentOrder(tx, {
      userId: member.id,
      rail: 'international',
      fromAccountId: from.id,
      amount,
      beneficiaryName: input.recipientName,
      bankName: input.bankName,
      accountNumber: input.accountNumber,
      swiftCode: input.swiftCode,
      iban: input.iban || null,
      country: input.country,
      currency: input.currency,
      reference: input.reference || null,
      debitMemo: `International transfer to ${input.recipientName} (${country}, ${input.currency})`,
      now,
    });
    await recordAudit(tx, {
      action: 'transfer.international',
      actor: { userId: member.id, email: member.email },
      targetUserId: member.id,
      meta,
      after: {
        transferId: order.transferId,
        paymentOrderId: order.orderId,
        amount: centsToDecimal(amount),
        from: from.type,
        swiftCode: input.swiftCode,
        country: input.country,
        currency: input.currency,
      },
      at: now,
    });
    return {
      statusCode: 201,
      body: transferResult({
        transferId: order.transferId,
        transferType: 'international',
        status: 'Pending',
        amount: centsToDecimal(amount),
        fromAccount: from.type,
        message: messages.transfers.internationalDone(formatMoney(amount), input.bankName),
        createdAt: now,
        paymentOrderId: order.orderId,
      }),
    };
  });
}
