import {
  type BillReturnInput,
  billReturnReasons,
  centsToDecimal,
  csvRow,
  formatMoney,
  messages,
  type StaffBillPayment,
  type StaffBillPaymentListQuery,
  type StaffBillPaymentPage,
  type StaffBillPaymentResult,
  staffBillPaymentListQuerySchema,
  longDay,
} from '@mutual/shared';
import { and, asc, count, desc, eq, gt, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { withRetry } from '../../db/errors';
import { AppError } from '../../errors';
import { instantAt, localDay } from '../../time';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { generalLedger } from '../ledger/general-ledger';
import { lockMemberAccount } from '../ledger/member-accounts';
import { isReversed, postTransfer } from '../ledger/post-transfer';
import { achText, buildNachaFile, entryProblem, type NachaEntry } from '../payments/nacha';
import { localStamp, nextBusinessDay } from '../payments/ach-export';
import { billPayments } from './bill-pay.tables';
import { addDays } from '../../fed-calendar';
import { tellMember } from './bill-pay-notices';
import { paymentsWithPayee, type ReadPaymentRow, readPaymentRow, toPaymentView } from './bill-payment-view';
import { maskedNumber } from './payees';

/**
 * The Bill Pay tab of Payment Operations: payments due today, scheduled for later days (what a
 * member calling about next week's payment asks after), sent on a day, and returned; a
 * return when a biller sends a payment back (the money is paid back to the member, who is told in
 * plain words); and the day's sent payments for the bill-pay processor as CSV, and as a NACHA CCD
 * batch for the billers paid electronically. All audited.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'secrets'>;
const m = messages.billPay;
const PAGE_SIZE = 25;
const tooLongForCcd = 'the account at the biller is longer than the 15 characters a CCD entry carries';

function toStaffPayment(deps: Deps, row: ReadPaymentRow, now: Date): StaffBillPayment {
  const biller = deps.config.billPay.billers.find((b) => b.id === row.payee.billerId);
  return {
    ...toPaymentView(row, deps.config, now),
    member: { id: row.member.id, name: row.member.name, email: row.member.email },
    biller: { id: row.payee.billerId, name: row.payee.billerName, delivery: biller?.delivery ?? 'check' },
    returnNote: row.payment.returnNote,
  };
}

/** Sent during the credit union's day `day` ([its midnight, the next midnight)), returned since or not. */
function sentOn(day: string, timeZone: string): SQL | undefined {
  const start = instantAt(day, '00:00', timeZone);
  const end = instantAt(addDays(day, 1), '00:00', timeZone);
  // Returned ones too: what went out that day stays in that day's list and file.
  return and(gte(billPayments.sentAt, start), lt(billPayments.sentAt, end));
}

export async function listStaffBillPayments(
  deps: Deps,
  query: StaffBillPaymentListQuery,
): Promise<StaffBillPaymentPage> {
  const { view, page, date } = staffBillPaymentListQuerySchema.parse(query);
  const now = deps.clock();
  const today = localDay(now, deps.config.timeZone);
  const filters = {
    due: and(eq(billPayments.status, 'scheduled'), lte(billPayments.payOn, today)),
    scheduled: and(eq(billPayments.status, 'scheduled'), gt(billPayments.payOn, today)),
    sent: sentOn(date ?? today, deps.config.timeZone),
    returned: eq(billPayments.status, 'returned'),
  };
  const order = {
    due: [asc(billPayments.payOn), asc(billPayments.createdAt)],
    scheduled: [asc(billPayments.payOn), asc(billPayments.createdAt)],
    sent: [asc(billPayments.sentAt)],
    returned: [desc(billPayments.returnedAt)],
  }[view];
  const countOf = async (where: SQL | undefined) =>
    Number((await deps.db.select({ n: count() }).from(billPayments).where(where))[0]?.n ?? 0);
  const [rows, due, scheduled, sent, returned] = await Promise.all([
    paymentsWithPayee(deps.db)
      .where(filters[view])
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    countOf(filters.due),
    countOf(filters.scheduled),
    countOf(filters.sent),
    countOf(filters.returned),
  ]);
  return {
    // A payee whose number cannot be opened is listed, its number shown as unreadable, not a 500 for every row.
    payments: rows.map((row) => toStaffPayment(deps, readPaymentRow(deps.secrets, row), now)),
    total: { due, scheduled, sent, returned }[view],
    page,
    pageSize: PAGE_SIZE,
    today,
    counts: { due, scheduled, sent, returned },
  };
}

/**
 * Staff: the biller sent a payment back. The money goes back to the member's account (a credit
 * from the bill-pay clearing account), the payment is Returned with the reason, and the member is told in plain
 * words. The row lock makes a second return of the same payment a conflict, not a second refund;
 * a payment whose sending staff reversed is refused too: its money is back already.
 */
export async function returnBillPayment(
  deps: Deps,
  paymentId: string,
  input: BillReturnInput,
  actor: Actor,
  meta: RequestMeta,
): Promise<StaffBillPaymentResult> {
  const now = deps.clock();
  const reason = billReturnReasons.find((r) => r.code === input.code);
  if (!reason) throw new AppError('VALIDATION_FAILED', messages.paymentOps.returnCodeInvalid);
  const note = (input.note ?? '').trim();
  const result = await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const [locked] = await paymentsWithPayee(tx)
        .where(eq(billPayments.id, paymentId))
        .for('update', { of: billPayments });
      if (!locked) throw new AppError('NOT_FOUND', m.paymentNotFound);
      // Its payee's number is not needed to pay the money back: an unreadable one does not stop the return.
      const row = readPaymentRow(deps.secrets, locked);
      const { payment } = row;
      if (payment.status !== 'sent' || !payment.sentTransferId) throw new AppError('CONFLICT', m.notReturnable);
      // Staff reversed its sending already (read under the account's lock, so a Delete User
      // Transactions run that holds it has committed): the money comes back once. Nothing changes.
      await lockMemberAccount(tx, payment.userId, payment.fromAccountId);
      if (await isReversed(tx, payment.sentTransferId)) throw new AppError('CONFLICT', m.reversedByStaff);
      // The money comes back as a credit of its own (not a staff correction): the member's history
      // keeps the payment that left and shows the refund beside it.
      const { transferId: returnTransferId } = await postTransfer(tx, {
        kind: 'single',
        debitAccountId: generalLedger.billPayClearing,
        creditAccountId: payment.fromAccountId,
        amount: payment.amount,
        category: 'Bill Pay',
        debitMemo: `Bill payment returned by ${row.payee.billerName}`,
        creditMemo: `Returned bill payment to ${row.payee.nickname}: ${reason.label}`,
        reference: payment.confirmationNumber,
        now,
        createdBy: actor.userId,
      });
      await tx
        .update(billPayments)
        .set({
          status: 'returned',
          returnedAt: now,
          returnedBy: actor.userId,
          returnCode: reason.code,
          reason: reason.label,
          returnNote: note || null,
          returnTransferId,
        })
        .where(eq(billPayments.id, payment.id));
      const amount = formatMoney(payment.amount);
      await tellMember(
        tx,
        deps,
        row,
        {
          kind: 'returned',
          reason: reason.label,
          note,
          accountHint: reason.code === 'ACCOUNT_NOT_FOUND' || reason.code === 'ACCOUNT_CLOSED',
        },
        now,
      );
      await recordAudit(tx, {
        action: 'bill_pay.returned',
        actor,
        targetUserId: payment.userId,
        meta,
        before: { paymentId: payment.id, status: 'sent', amount: centsToDecimal(payment.amount) },
        after: { status: 'returned', code: reason.code, reason: reason.label, ...(note && { note }) },
        at: now,
      });
      const [fresh] = await paymentsWithPayee(tx).where(eq(billPayments.id, payment.id));
      if (!fresh) throw new Error('bill payment vanished');
      return {
        message: m.returned(amount, row.payee.nickname, reason.label),
        payment: toStaffPayment(deps, readPaymentRow(deps.secrets, fresh), now),
      };
    }),
  );
  void deps.mailer.flush();
  return result;
}

/**
 * The day's sent payments, each payee's account number opened: the exports carry it in full. One
 * whose number cannot be opened (sealed under a key this server does not hold, or damaged) is
 * marked (`numberUnreadable`): no file can carry it, and each export names it instead of failing.
 */
async function sentRows(deps: Deps, day: string): Promise<ReadPaymentRow[]> {
  const rows = await paymentsWithPayee(deps.db)
    .where(sentOn(day, deps.config.timeZone))
    .orderBy(asc(billPayments.sentAt), asc(billPayments.id));
  return rows.map((row) => readPaymentRow(deps.secrets, row));
}

/** "BP-7K3M9Q2X ($86.40 to Riverside Electric Co., account ••••5678): <why>": a payment an export left out. */
function skippedPayment({ payment, payee }: ReadPaymentRow, biller: string, why: string): string {
  const what = `${formatMoney(payment.amount)} to ${biller}, account ${maskedNumber(payee)}`;
  return `${payment.confirmationNumber ?? payment.id} (${what}): ${why}`;
}

/**
 * The day's sent payments as CSV for the bill-pay processor: every biller, each row a payment. A
 * payment whose payee number cannot be opened is left out and named in `skipped` (and the audit row).
 */
export async function billPayCsv(
  deps: Deps,
  day: string,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ content: string; skipped: string[] }> {
  const all = await sentRows(deps, day);
  if (all.length === 0) throw new AppError('NOT_FOUND', m.nothingToExport(longDay(day)));
  const rows = all.filter((row) => !row.numberUnreadable);
  const skipped = all
    .filter((row) => row.numberUnreadable)
    .map((row) => skippedPayment(row, row.payee.billerName, m.skipUnreadable));
  if (rows.length === 0)
    throw new AppError('NOT_FOUND', `${m.nothingWritable(longDay(day))} Skipped: ${skipped.join('; ')}`);
  const header = [
    'Confirmation number',
    'Sent at',
    'Biller ID',
    'Biller',
    'Delivery',
    'Biller routing number',
    'Biller account number',
    'Biller address',
    'Member account at biller',
    'Payer name',
    'Amount',
    'Memo',
  ];
  const lines = rows.map(({ payment, payee, member }) => {
    const biller = deps.config.billPay.billers.find((b) => b.id === payee.billerId);
    return csvRow([
      payment.confirmationNumber ?? '',
      payment.sentAt?.toISOString() ?? '',
      payee.billerId,
      payee.billerName,
      biller?.delivery ?? 'unknown',
      biller?.routingNumber ?? '',
      biller?.accountNumber ?? '',
      biller?.address ?? '',
      payee.accountNumber,
      member.name,
      centsToDecimal(payment.amount),
      payment.memo,
    ]);
  });
  await recordAudit(deps.db, {
    action: 'bill_pay.exported',
    actor,
    meta,
    after: { format: 'csv', day, payments: rows.length, ...(skipped.length > 0 && { skipped }) },
    at: deps.clock(),
  });
  return { content: `${[csvRow(header), ...lines].join('\r\n')}\r\n`, skipped };
}

/**
 * The day's sent payments to electronic billers as one NACHA CCD batch (a corporate credit to the
 * biller's bank account; the member's account at the biller travels as the Identification Number).
 * A payment the file cannot carry is left out and named in `skipped` — the CSV still has it, unless
 * its payee's number cannot be opened: then neither file has it, and both name it.
 */
export async function billPayNacha(
  deps: Deps,
  day: string,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ content: string; fileName: string; skipped: string[] }> {
  const now = deps.clock();
  const rows = await sentRows(deps, day);
  const entries: NachaEntry[] = [];
  const skipped: string[] = [];
  for (const row of rows) {
    const { payment, payee } = row;
    const biller = deps.config.billPay.billers.find((b) => b.id === payee.billerId);
    if (!biller || biller.delivery !== 'electronic' || !biller.routingNumber || !biller.accountNumber) continue;
    if (row.numberUnreadable) {
      skipped.push(skippedPayment(row, biller.name, m.skipUnreadable));
      continue;
    }
    const entry: NachaEntry = {
      routingNumber: biller.routingNumber,
      accountNumber: biller.accountNumber,
      amount: payment.amount,
      name: biller.name,
      individualId: payee.accountNumber,
    };
    const problem = entryProblem(entry);
    if (problem || achText(payee.accountNumber).length > 15) {
      skipped.push(skippedPayment(row, biller.name, problem ?? tooLongForCcd));
      continue;
    }
    entries.push(entry);
  }
  if (entries.length === 0) {
    const message =
      rows.length === 0
        ? m.nothingToExport(longDay(day))
        : skipped.length > 0
          ? m.nothingWritable(longDay(day))
          : m.nothingElectronic(longDay(day));
    throw new AppError('NOT_FOUND', skipped.length > 0 ? `${message} Skipped: ${skipped.join('; ')}` : message);
  }
  const stamp = localStamp(now, deps.config.timeZone);
  const built = buildNachaFile({
    immediateDestination: deps.config.ach.immediateDestination,
    immediateDestinationName: deps.config.ach.immediateDestinationName,
    originRoutingNumber: deps.config.routingNumber,
    originName: achText(deps.config.brand.name).length <= 23 ? deps.config.brand.name : deps.config.brand.shortName,
    companyName: deps.config.ach.companyName,
    companyId: deps.config.ach.companyId,
    entryDescription: 'BILL PAY',
    creationDate: stamp.day.slice(2),
    creationTime: stamp.time,
    effectiveDate: nextBusinessDay(day.replaceAll('-', '')),
    fileIdModifier: 'A',
    batches: [{ sec: 'CCD', entries }],
  });
  await recordAudit(deps.db, {
    action: 'bill_pay.exported',
    actor,
    meta,
    after: { format: 'nacha', day, entries: built.entryCount, total: centsToDecimal(built.totalCredit), skipped },
    at: now,
  });
  return { content: built.content, fileName: `BILLPAY-${day.replaceAll('-', '')}.ach`, skipped };
}
