import {
  type AccountType,
  type BillPaymentView,
  type BillSeries,
  type BillPayFrequency,
  centsToDecimal,
} from '@mutual/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { SecretBox, SecretOpenFailure } from '../../crypto/secret-box';
import type { Executor } from '../../db/client';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { users } from '../people/people.tables';
import { billPayees, billPayments, billSeries } from './bill-pay.tables';
import { cutOffOn } from './bill-pay-dates';
import { type ReadPayee, readPayee } from './payee-number';
import { maskedNumber } from './payees';

/**
 * Payments with everything any reader of one needs: the payee, the account type it comes from,
 * its series' frequency, and the member (staff views show them; the send job checks their status).
 * Lock one with `.for('update', { of: billPayments })`. The payee's account number comes sealed:
 * `readPaymentRow` opens it before anything reads it.
 */
export function paymentsWithPayee(db: Executor) {
  return db
    .select({
      payment: billPayments,
      payee: billPayees,
      accountType: ledgerAccounts.type,
      frequency: billSeries.frequency,
      member: {
        id: users.id,
        name: users.name,
        email: users.email,
        status: users.status,
        notifyEmail: users.notifyEmail,
      },
    })
    .from(billPayments)
    .innerJoin(billPayees, eq(billPayees.id, billPayments.payeeId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, billPayments.fromAccountId))
    .innerJoin(users, eq(users.id, billPayments.userId))
    .leftJoin(billSeries, eq(billSeries.id, billPayments.seriesId))
    .$dynamic();
}

export type PaymentRow = Awaited<ReturnType<typeof paymentsWithPayee>>[number];

/**
 * A payment row as a list, an export or a notice reads it: its payee's number opened, or, when it
 * cannot be (sealed under a key this server does not hold, or damaged), blanked and marked with why
 * (`numberUnreadable`, on the row and its payee), so one such payee is shown or left out by name
 * instead of failing the whole list for every member.
 */
export type ReadPaymentRow = PaymentRow & {
  payee: ReadPayee<PaymentRow['payee']>;
  numberUnreadable?: SecretOpenFailure;
};

/** The row with its payee read (`readPayee`: only the secret box's "cannot open" is caught). */
export function readPaymentRow(secrets: SecretBox, row: PaymentRow): ReadPaymentRow {
  const payee = readPayee(secrets, row.payee);
  return payee.numberUnreadable ? { ...row, payee, numberUnreadable: payee.numberUnreadable } : { ...row, payee };
}

const payeeView = (payee: ReadPayee<typeof billPayees.$inferSelect>) => ({
  id: payee.id,
  nickname: payee.nickname,
  billerName: payee.billerName,
  accountNumberMasked: maskedNumber(payee),
});

type Settings = Pick<Config, 'timeZone' | 'billPay'>;

export function toPaymentView(row: ReadPaymentRow, config: Settings, now: Date): BillPaymentView {
  const { payment } = row;
  const cancelUntil = cutOffOn(payment.payOn, config);
  return {
    id: payment.id,
    status: payment.status as BillPaymentView['status'],
    payee: payeeView(row.payee),
    fromAccount: row.accountType as AccountType,
    amount: centsToDecimal(payment.amount),
    payOn: payment.payOn,
    memo: payment.memo,
    holdsOn: payment.holdsOn,
    held: payment.pendingTransferId !== null,
    cancelUntil:
      payment.status === 'scheduled' && now.getTime() < cancelUntil.getTime() ? cancelUntil.toISOString() : null,
    confirmationNumber: payment.confirmationNumber,
    series:
      payment.seriesId && row.frequency
        ? {
            id: payment.seriesId,
            frequency: row.frequency as BillPayFrequency,
            occurrence: payment.occurrence ?? 1,
          }
        : null,
    createdAt: payment.createdAt.toISOString(),
    sentAt: payment.sentAt?.toISOString() ?? null,
    cancelledAt: payment.cancelledAt?.toISOString() ?? null,
    returnedAt: payment.returnedAt?.toISOString() ?? null,
    reason: payment.reason,
  };
}

/** The view of a payment this transaction has just written (so it is there). */
export async function paymentViewOf(
  db: Executor,
  deps: { config: Settings; secrets: SecretBox },
  id: string,
  now: Date,
): Promise<BillPaymentView> {
  const [row] = await paymentsWithPayee(db).where(eq(billPayments.id, id));
  if (!row) throw new Error('bill payment vanished');
  return toPaymentView(readPaymentRow(deps.secrets, row), deps.config, now);
}

export function toSeriesView(
  series: typeof billSeries.$inferSelect,
  payee: ReadPayee<typeof billPayees.$inferSelect>,
  accountType: string,
  progress: { occurrences: number; nextPayOn: string | null },
): BillSeries {
  return {
    id: series.id,
    status: series.status as BillSeries['status'],
    payee: payeeView(payee),
    fromAccount: accountType as AccountType,
    amount: centsToDecimal(series.amount),
    frequency: series.frequency as BillPayFrequency,
    startsOn: series.startsOn,
    endsOn: series.endsOn,
    count: series.count,
    occurrences: progress.occurrences,
    nextPayOn: progress.nextPayOn,
    memo: series.memo,
    stopReason: series.stopReason,
  };
}
