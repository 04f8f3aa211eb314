import type { Config } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import type { Executor } from '../../db/client';
import { instantAt, localDay } from '../../time';
import { generalLedger } from '../ledger/general-ledger';
import { postTransfer } from '../ledger/post-transfer';
import { billPayees, billPayments, billSeries } from './bill-pay.tables';
import { billPayWindow } from './bill-pay-dates';
import { holdMoney, newConfirmationNumber } from './bill-payments';
import { addDays, addMonths, businessDayOnOrAfter, businessDayOnOrBefore, isBusinessDay } from '../../fed-calendar';
import { openPayee } from './payee-number';
import { maskAccount, newPayeeRow } from './payees';

/**
 * The demo's Bill Pay: saved payees, payments sent in past months (in the history as Bill Pay),
 * one cancelled, a one-off payment and a monthly series scheduled with their money held.
 */
export interface DemoPayer {
  userId: string;
  checking: string;
  payees: Array<{ billerId: string; nickname: string; accountNumber: string }>;
  /** Amounts of the monthly payments to the first payee (sent in each past month, then recurring). */
  monthly: bigint;
  /** A one-off payment to the second payee, scheduled a week ahead. */
  oneOff: bigint;
}

export async function seedBillPay(
  tx: Executor,
  deps: { config: Config; secrets: SecretBox },
  payers: DemoPayer[],
  now: Date,
): Promise<void> {
  const { config } = deps;
  const window = billPayWindow(now, config);
  const today = localDay(now, config.timeZone);
  for (const payer of payers) {
    const payees = [];
    for (const p of payer.payees) {
      const biller = config.billPay.billers.find((b) => b.id === p.billerId);
      if (!biller) throw new Error(`the demo payee's biller ${p.billerId} is not in the directory`);
      const createdAt = new Date(now.getTime() - 120 * 86_400_000);
      const [row] = await tx
        .insert(billPayees)
        .values(newPayeeRow(deps.secrets, { ...p, userId: payer.userId, biller, createdAt }))
        .returning();
      if (row) payees.push(openPayee(deps.secrets, row));
    }
    const [first, second] = payees;
    if (!first || !second) continue;

    // Sent in each of the last three months, on the 15th's business day.
    for (let monthsBack = 3; monthsBack >= 1; monthsBack -= 1) {
      const payOn = businessDayOnOrBefore(addMonths(`${today.slice(0, 7)}-15`, -monthsBack));
      // Sent by that day's run, at the cut-off in the credit union's zone.
      const sentAt = instantAt(payOn, deps.config.billPay.cutOff, deps.config.timeZone);
      const { transferId } = await postTransfer(tx, {
        kind: 'single',
        debitAccountId: payer.checking,
        creditAccountId: generalLedger.billPayClearing,
        amount: payer.monthly,
        category: 'Bill Pay',
        debitMemo: `Bill payment to ${first.nickname} (${maskAccount(first.accountNumber)})`,
        creditMemo: `Bill payment to ${first.billerName}`,
        effectiveAt: sentAt,
        now,
        createdBy: null,
      });
      await tx.insert(billPayments).values({
        userId: payer.userId,
        payeeId: first.id,
        fromAccountId: payer.checking,
        amount: payer.monthly,
        payOn,
        holdsOn: addDays(payOn, -7),
        memo: 'Monthly bill',
        status: 'sent',
        sentTransferId: transferId,
        confirmationNumber: newConfirmationNumber(),
        createdAt: new Date(sentAt.getTime() - 7 * 86_400_000),
        sentAt,
      });
    }
    // One the member cancelled last month (no money moved).
    const cancelledOn = businessDayOnOrAfter(addMonths(`${today.slice(0, 7)}-05`, -1));
    await tx.insert(billPayments).values({
      userId: payer.userId,
      payeeId: second.id,
      fromAccountId: payer.checking,
      amount: payer.oneOff,
      payOn: cancelledOn,
      holdsOn: addDays(cancelledOn, -3),
      memo: '',
      status: 'cancelled',
      createdAt: new Date(`${addDays(cancelledOn, -3)}T15:00:00Z`),
      cancelledAt: new Date(`${addDays(cancelledOn, -1)}T15:00:00Z`),
      cancelledBy: payer.userId,
      reason: 'Cancelled by you',
    });

    // Scheduled: a one-off a week out, and the monthly series from next month, each holding its money.
    const oneOffOn = businessDayOnOrAfter(addDays(window.earliest, 6));
    await tx.insert(billPayments).values({
      userId: payer.userId,
      payeeId: second.id,
      fromAccountId: payer.checking,
      amount: payer.oneOff,
      payOn: oneOffOn,
      holdsOn: today,
      memo: 'Quarterly premium',
      status: 'scheduled',
      pendingTransferId: await holdMoney(tx, {
        fromAccountId: payer.checking,
        amount: payer.oneOff,
        payee: second,
        now,
        createdBy: payer.userId,
      }),
      createdAt: now,
    });
    // Due today (when today is a business day): staff see it under "Due today" until the cut-off.
    if (isBusinessDay(today)) {
      await tx.insert(billPayments).values({
        userId: payer.userId,
        payeeId: second.id,
        fromAccountId: payer.checking,
        amount: payer.oneOff / 2n,
        payOn: today,
        holdsOn: today,
        memo: '',
        status: 'scheduled',
        pendingTransferId: await holdMoney(tx, {
          fromAccountId: payer.checking,
          amount: payer.oneOff / 2n,
          payee: second,
          now,
          createdBy: payer.userId,
        }),
        createdAt: now,
      });
    }
    const startsOn = businessDayOnOrAfter(addMonths(`${today.slice(0, 7)}-15`, 1));
    const [series] = await tx
      .insert(billSeries)
      .values({
        userId: payer.userId,
        payeeId: first.id,
        fromAccountId: payer.checking,
        amount: payer.monthly,
        frequency: 'monthly',
        startsOn,
        count: 12,
        memo: 'Monthly bill',
        status: 'active',
        createdAt: now,
      })
      .returning({ id: billSeries.id });
    await tx.insert(billPayments).values({
      userId: payer.userId,
      payeeId: first.id,
      fromAccountId: payer.checking,
      amount: payer.monthly,
      payOn: startsOn,
      holdsOn: today,
      memo: 'Monthly bill',
      status: 'scheduled',
      seriesId: series?.id ?? null,
      occurrence: 1,
      pendingTransferId: await holdMoney(tx, {
        fromAccountId: payer.checking,
        amount: payer.monthly,
        payee: first,
        now,
        createdBy: payer.userId,
      }),
      createdAt: now,
    });
  }
}
