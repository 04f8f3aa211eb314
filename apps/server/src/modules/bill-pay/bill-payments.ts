import { randomBytes } from 'node:crypto';
import {
  BILL_PAYMENTS_PAGE_SIZE,
  type BillPaymentListQuery,
  type BillPaymentPage,
  type BillPaymentRequest,
  type BillPaymentResult,
  type BillPayOverview,
  type BillSeriesResult,
  billPaymentListQuerySchema,
  centsToDecimal,
  formatMoney,
  messages,
  longDay,
} from '@mutual/shared';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { retriedTransaction } from '../../db/transaction';
import type { SecretBox } from '../../crypto/secret-box';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { type Actor, type RequestMeta, recordOwnAction } from '../audit/record-audit';
import { assertNotOnHold } from '../holds/holds';
import { generalLedger } from '../ledger/general-ledger';
import { hashRequest, type IdempotentAnswer, runIdempotent } from '../ledger/idempotency';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { postTransfer, resolvePending } from '../ledger/post-transfer';
import { type UserRow, users } from '../people/people.tables';
import { amountInCents } from '../transfers/transfer-context';
import { billPayees, billPayments, billSeries } from './bill-pay.tables';
import {
  assertPayableDay,
  billPayWindow,
  cutOffLabel,
  cutOffOn,
  type Frequency,
  holdDayFor,
  occurrenceDay,
} from './bill-pay-dates';
import { paymentViewOf, paymentsWithPayee, readPaymentRow, toPaymentView, toSeriesView } from './bill-payment-view';
import { weekdayHolidays } from '../../fed-calendar';
import { readPayee } from './payee-number';
import { listPayees, maskAccount, ownPayee } from './payees';

/**
 * Bill payments (decisions.md: they hold funds and execute on their date). Scheduling holds the
 * money at once — a pending ledger transfer to the bill-pay clearing account, category Bill Pay,
 * Pending in the member's history — and the send job (`send-bill-payments.ts`) posts it at the
 * cut-off on the payment's date. A recurring series has one payment at a time: the next is made
 * when the one before it is sent, fails or is cancelled, and holds its money on the business day
 * before its date.
 *
 * Locks, in one order everywhere (so two of these never deadlock): the member's row (scheduling,
 * for its limits), a payee, bill payments (in id order), the ledger's accounts, a series last.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'secrets'>;
const m = messages.billPay;

export interface BillPayCaller {
  member: UserRow;
  key: string;
  meta: RequestMeta;
}

/** A payee row with its account number opened (payee-number.ts). */
type Payee = typeof billPayees.$inferSelect;
const debitMemo = (payee: Payee) => `Bill payment to ${payee.nickname} (${maskAccount(payee.accountNumber)})`;
const creditMemo = (payee: Payee) => `Bill payment to ${payee.billerName}`;

/** Holds a payment's money: a pending transfer to the bill-pay clearing account. */
export async function holdMoney(
  tx: Executor,
  input: { fromAccountId: string; amount: bigint; payee: Payee; now: Date; createdBy: string | null },
): Promise<string> {
  const { transferId } = await postTransfer(tx, {
    kind: 'pending',
    debitAccountId: input.fromAccountId,
    creditAccountId: generalLedger.billPayClearing,
    amount: input.amount,
    category: 'Bill Pay',
    debitMemo: debitMemo(input.payee),
    creditMemo: creditMemo(input.payee),
    now: input.now,
    createdBy: input.createdBy,
  });
  return transferId;
}

/** "BP-7K3M9Q2X": what the member quotes to the biller or to us. */
export function newConfirmationNumber(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  const bytes = randomBytes(8);
  return `BP-${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * At most `maxScheduled` scheduled payments and `maxSeries` active recurring payments per member.
 * Counted under the member's lock (their row, `FOR NO KEY UPDATE`: rows still being written that
 * refer to the member are not held up), taken first and kept to the commit, so payments scheduled
 * at the same moment are counted one after the other and the limit cannot be passed twice.
 */
async function refuseTooMany(
  tx: Tx,
  limits: Pick<Deps['config']['billPay'], 'maxScheduled' | 'maxSeries'>,
  userId: string,
  recurring: boolean,
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const [scheduled] = await tx
    .select({ n: count() })
    .from(billPayments)
    .where(and(eq(billPayments.userId, userId), eq(billPayments.status, 'scheduled')));
  if ((scheduled?.n ?? 0) >= limits.maxScheduled)
    throw new AppError('CONFLICT', m.tooManyScheduled(limits.maxScheduled));
  if (!recurring) return;
  const [active] = await tx
    .select({ n: count() })
    .from(billSeries)
    .where(and(eq(billSeries.userId, userId), eq(billSeries.status, 'active')));
  if ((active?.n ?? 0) >= limits.maxSeries) throw new AppError('CONFLICT', m.tooManySeries(limits.maxSeries));
}

/** Schedules a payment (once, or the first of a series) and holds its money, exactly once per key. */
export async function schedulePayment(
  deps: Deps,
  caller: BillPayCaller,
  input: BillPaymentRequest,
): Promise<IdempotentAnswer> {
  const { member, key, meta } = caller;
  const now = deps.clock();
  const amount = amountInCents(input.amount, deps.config.limits);
  const window = billPayWindow(now, deps.config);
  assertPayableDay(input.payOn, window);
  const request = { userId: member.id, key, requestHash: hashRequest('bill-pay:schedule', input), now };
  return runIdempotent(deps.db, request, async (tx) => {
    await assertNotOnHold(tx, member.id);
    await refuseTooMany(tx, deps.config.billPay, member.id, input.frequency !== 'once');
    // Read and share-locked in one statement: a payee being removed meanwhile waits for this payment,
    // then refuses (it has one scheduled); one removed while this waited is not found.
    const payee = await ownPayee(tx, deps.secrets, member.id, input.payeeId, 'share');
    // Its number cannot be opened: the biller could not be told whose bill this is (the send job
    // would fail it). Refused before any money is held; the member can remove the payee and add it again.
    if (payee.numberUnreadable) {
      const unreadable = m.payeeNumberUnreadable(payee.nickname);
      throw new AppError('CONFLICT', unreadable, { payeeId: unreadable });
    }
    const [account] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, member.id), eq(ledgerAccounts.type, input.fromAccount)));
    if (!account) throw new AppError('NOT_FOUND', messages.transfers.sourceAccountNotFound);

    let seriesId: string | null = null;
    if (input.frequency !== 'once') {
      const [series] = await tx
        .insert(billSeries)
        .values({
          userId: member.id,
          payeeId: payee.id,
          fromAccountId: account.id,
          amount,
          frequency: input.frequency,
          startsOn: input.payOn,
          endsOn: input.endsOn || null,
          count: input.count ?? null,
          memo: input.memo,
          status: 'active',
          createdAt: now,
        })
        .returning({ id: billSeries.id });
      seriesId = series?.id ?? null;
    }
    const pendingTransferId = await holdMoney(tx, {
      fromAccountId: account.id,
      amount,
      payee,
      now,
      createdBy: member.id,
    });
    const [payment] = await tx
      .insert(billPayments)
      .values({
        userId: member.id,
        payeeId: payee.id,
        fromAccountId: account.id,
        amount,
        payOn: input.payOn,
        holdsOn: window.today,
        memo: input.memo,
        status: 'scheduled',
        seriesId,
        occurrence: seriesId ? 1 : null,
        pendingTransferId,
        createdAt: now,
      })
      .returning({ id: billPayments.id });
    if (!payment) throw new Error('bill payment not stored');
    await recordOwnAction(tx, member, {
      action: 'bill_pay.scheduled',
      meta,
      after: {
        paymentId: payment.id,
        payeeId: payee.id,
        amount: centsToDecimal(amount),
        from: input.fromAccount,
        payOn: input.payOn,
        frequency: input.frequency,
        ...(seriesId && { seriesId, endsOn: input.endsOn || null, count: input.count ?? null }),
      },
      at: now,
    });
    const view = await paymentViewOf(tx, deps, payment.id, now);
    const answer: BillPaymentResult = { message: m.scheduled, payment: view };
    return { statusCode: 201, body: answer };
  });
}

/** How the payment a series moves on from ended: sent, not sent (failed), or cancelled by the member. */
export type SeriesStep = 'sent' | 'missed' | 'cancelled';

/**
 * What became of the series: its next payment made, completed (its end date or count reached), or
 * stopped because too many of its payments in a row were not sent (`missed`: how many); `inactive`
 * when the member had already stopped it.
 */
export type SeriesNext = { kind: 'continued' | 'completed' | 'inactive' } | { kind: 'stopped'; missed: number };

/**
 * The next payment of a series, after payment `after` was sent, failed or was cancelled: made
 * Scheduled without a hold (it holds on the business day before its date), or the series is
 * completed when its end date or count is reached. A payment not sent adds one to the series'
 * count of payments missed in a row (a sent one sets it back to 0, a cancelled one leaves it);
 * at `maxMissed` (0: never) the series stops, with its reason, and makes no next payment — a
 * payee or an account that keeps failing does not fail every month until the end date.
 */
export async function continueSeries(
  tx: Executor,
  seriesId: string,
  after: number,
  step: SeriesStep,
  maxMissed: number,
  now: Date,
): Promise<SeriesNext> {
  // The series is locked last, after the payment and the accounts: Bill Pay's lock order (`stopSeries`).
  const [series] = await tx.select().from(billSeries).where(eq(billSeries.id, seriesId)).for('update');
  if (!series || series.status !== 'active') return { kind: 'inactive' };
  const next = after + 1;
  const payOn = occurrenceDay(series.startsOn, series.frequency as Frequency, next);
  const over = (series.count !== null && next > series.count) || (series.endsOn !== null && payOn > series.endsOn);
  const missedInRow = step === 'sent' ? 0 : step === 'missed' ? series.missedInRow + 1 : series.missedInRow;
  if (over) {
    await tx.update(billSeries).set({ status: 'completed', missedInRow }).where(eq(billSeries.id, seriesId));
    return { kind: 'completed' };
  }
  if (step === 'missed' && maxMissed > 0 && missedInRow >= maxMissed) {
    await tx
      .update(billSeries)
      .set({ status: 'stopped', stoppedAt: now, missedInRow, stopReason: missedReason(missedInRow) })
      .where(eq(billSeries.id, seriesId));
    return { kind: 'stopped', missed: missedInRow };
  }
  if (missedInRow !== series.missedInRow)
    await tx.update(billSeries).set({ missedInRow }).where(eq(billSeries.id, seriesId));
  await tx
    .insert(billPayments)
    .values({
      userId: series.userId,
      payeeId: series.payeeId,
      fromAccountId: series.fromAccountId,
      amount: series.amount,
      payOn,
      holdsOn: holdDayFor(payOn),
      memo: series.memo,
      status: 'scheduled',
      seriesId,
      occurrence: next,
      createdAt: now,
    })
    .onConflictDoNothing();
  return { kind: 'continued' };
}

/** Why a series stopped by itself, as the member reads it beside the series. */
const missedReason = (missed: number) => `${missed} payments in a row were not sent`;

/** Locks one of the member's payments (another member's is not found). */
async function lockOwnPayment(tx: Tx, userId: string, paymentId: string) {
  const [payment] = await tx
    .select()
    .from(billPayments)
    .where(and(eq(billPayments.id, paymentId), eq(billPayments.userId, userId)))
    .for('update');
  if (!payment) throw new AppError('NOT_FOUND', m.paymentNotFound);
  return payment;
}

/**
 * Releases a payment's hold, if it is still pending: staff may have released it already (Delete
 * User Transactions). Tried in a savepoint, so that refusal leaves the caller's transaction usable.
 */
export async function releaseHold(
  tx: Tx,
  pendingTransferId: string | null,
  reason: string,
  actor: Pick<Actor, 'userId'>,
  now: Date,
): Promise<void> {
  if (!pendingTransferId) return;
  await tx
    .transaction((savepoint) =>
      resolvePending(savepoint, { pendingId: pendingTransferId, kind: 'void', reason, now, createdBy: actor.userId }),
    )
    .catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'CONFLICT') return;
      throw error;
    });
}

/** A scheduled payment (locked by the caller) becomes Cancelled, with why, and its hold is voided. */
async function cancelScheduled(
  tx: Tx,
  payment: typeof billPayments.$inferSelect,
  reason: string,
  actor: Pick<Actor, 'userId'>,
  now: Date,
): Promise<void> {
  await tx
    .update(billPayments)
    .set({ status: 'cancelled', cancelledAt: now, cancelledBy: actor.userId, reason })
    .where(eq(billPayments.id, payment.id));
  await releaseHold(tx, payment.pendingTransferId, reason, actor, now);
}

/**
 * The member cancels a Scheduled payment until the cut-off on its date: the hold is voided and a
 * series moves on to its next payment. The row's lock orders a cancel and the send job racing on
 * one payment: exactly one of them happens. Locks in the module's order (see `stopSeries`):
 * the payment, the accounts, the series.
 */
export async function cancelPayment(
  deps: Deps,
  member: UserRow,
  paymentId: string,
  meta: RequestMeta,
): Promise<BillPaymentResult> {
  return retriedTransaction(deps, async (tx, now) => {
    const payment = await lockOwnPayment(tx, member.id, paymentId);
    if (payment.status !== 'scheduled' || now.getTime() >= cutOffOn(payment.payOn, deps.config).getTime())
      throw new AppError('CONFLICT', m.cannotCancel);
    await cancelScheduled(tx, payment, 'Cancelled by you', { userId: member.id }, now);
    if (payment.seriesId && payment.occurrence)
      await continueSeries(
        tx,
        payment.seriesId,
        payment.occurrence,
        'cancelled',
        deps.config.billPay.seriesMaxMissed,
        now,
      );
    await recordOwnAction(tx, member, {
      action: 'bill_pay.cancelled',
      meta,
      before: {
        paymentId: payment.id,
        status: 'scheduled',
        amount: centsToDecimal(payment.amount),
        payOn: payment.payOn,
      },
      after: { status: 'cancelled' },
      at: now,
    });
    const view = await paymentViewOf(tx, deps, payment.id, now);
    return {
      message: m.cancelled(formatMoney(payment.amount), view.payee.nickname, longDay(payment.payOn)),
      payment: view,
    };
  });
}

/**
 * Stops a recurring payment: no more payments are made, and its scheduled payment is cancelled
 * (hold voided) — unless the cut-off on its date has passed: then the send job has it and it is
 * still sent, which the answer says, with its amount and date. The audit row lists only the
 * payments really cancelled.
 *
 * Lock order, the same everywhere Bill Pay locks (the send job, cancelling a payment, Delete User
 * Transactions): payments first (in id order), then the ledger's accounts, then the series. So the
 * series' scheduled payment is locked before the series — waiting for a send in progress, which
 * locks the series last to make the next payment. After the series' lock no one can make another
 * payment of it; one made while this waited (the send just done made it) is not locked yet, and
 * locking it now would break the order: this transaction ends without a change and starts again.
 */
export async function stopSeries(
  deps: Deps,
  member: UserRow,
  seriesId: string,
  meta: RequestMeta,
): Promise<BillSeriesResult> {
  const now = deps.clock();
  for (let attempt = 1; ; attempt += 1) {
    const answer = await retriedTransaction({ db: deps.db, clock: () => now }, (tx) =>
      stopSeriesOnce(tx, deps, member, seriesId, meta, now, attempt >= 5),
    );
    if (answer) return answer;
  }
}

/** One try of `stopSeries`; null when a payment of the series was made meanwhile (try again). */
async function stopSeriesOnce(
  tx: Tx,
  deps: Deps,
  member: UserRow,
  seriesId: string,
  meta: RequestMeta,
  now: Date,
  lastTry: boolean,
): Promise<BillSeriesResult | null> {
  const scheduledOf = (id: string) =>
    tx
      .select()
      .from(billPayments)
      .where(and(eq(billPayments.seriesId, id), eq(billPayments.status, 'scheduled')))
      .orderBy(asc(billPayments.id));
  const [mine] = await tx
    .select({ id: billSeries.id })
    .from(billSeries)
    .where(and(eq(billSeries.id, seriesId), eq(billSeries.userId, member.id)));
  if (!mine) throw new AppError('NOT_FOUND', m.seriesNotFound);
  // 1. Its scheduled payment: a send in progress is waited for (and its payment, sent, drops out).
  let scheduled = await scheduledOf(mine.id).for('update');
  // 2. The series.
  const [series] = await tx.select().from(billSeries).where(eq(billSeries.id, mine.id)).for('update');
  if (!series) throw new AppError('NOT_FOUND', m.seriesNotFound);
  if (series.status !== 'active') throw new AppError('CONFLICT', m.seriesAlreadyOver);
  const locked = new Set(scheduled.map((p) => p.id));
  const made = (await scheduledOf(series.id)).filter((p) => !locked.has(p.id));
  if (made.length > 0) {
    if (!lastTry) return null;
    scheduled = await scheduledOf(series.id).for('update');
  }
  await tx.update(billSeries).set({ status: 'stopped', stoppedAt: now }).where(eq(billSeries.id, series.id));
  const pastCutOff = (payment: typeof billPayments.$inferSelect) =>
    now.getTime() >= cutOffOn(payment.payOn, deps.config).getTime();
  // One past its cut-off is the send job's: it is still sent (its series makes no next one).
  const stillSent = scheduled.filter(pastCutOff);
  const cancelled = scheduled.filter((payment) => !pastCutOff(payment));
  for (const payment of cancelled)
    await cancelScheduled(tx, payment, 'Recurring payment stopped', { userId: member.id }, now);
  await recordOwnAction(tx, member, {
    action: 'bill_pay.series_stopped',
    meta,
    before: { seriesId: series.id, status: 'active' },
    after: {
      status: 'stopped',
      cancelledPayments: cancelled.map((p) => p.id),
      ...(stillSent.length > 0 && { stillSentPayments: stillSent.map((p) => p.id) }),
    },
    at: now,
  });
  const [view] = await seriesViews(tx, deps.secrets, member.id, { ids: [series.id] });
  if (!view) throw new Error('series vanished');
  const payee = view.payee.nickname;
  const [sending] = stillSent;
  const message = sending
    ? m.seriesStoppedStillSent(payee, formatMoney(sending.amount), longDay(sending.payOn))
    : cancelled.length > 0
      ? m.seriesStopped(payee)
      : m.seriesStoppedNothingScheduled(payee);
  return { message, series: view };
}

/**
 * The member's series with these ids, or the list Bill Pay shows at `shownAt`: the running ones,
 * and one that stopped by itself (payments in a row not sent) for `STOPPED_SHOWN_DAYS` after, with
 * why — the member is told in the bell and by e-mail, and finds it where the series was.
 */
async function seriesViews(
  db: Executor,
  secrets: SecretBox,
  userId: string,
  which: { ids: string[] } | { shownAt: Date },
) {
  const shown =
    'ids' in which
      ? inArray(billSeries.id, which.ids)
      : or(
          eq(billSeries.status, 'active'),
          and(
            eq(billSeries.status, 'stopped'),
            isNotNull(billSeries.stopReason),
            gt(billSeries.stoppedAt, new Date(which.shownAt.getTime() - STOPPED_SHOWN_DAYS * 86_400_000)),
          ),
        );
  const rows = await db
    .select({ series: billSeries, payee: billPayees, accountType: ledgerAccounts.type })
    .from(billSeries)
    .innerJoin(billPayees, eq(billPayees.id, billSeries.payeeId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, billSeries.fromAccountId))
    .where(and(eq(billSeries.userId, userId), shown))
    .orderBy(asc(billSeries.createdAt));
  if (rows.length === 0) return [];
  const progress = await db
    .select({
      seriesId: billPayments.seriesId,
      occurrences: sql<number>`max(${billPayments.occurrence})::int`,
      nextPayOn: sql<string | null>`min(${billPayments.payOn}) filter (where ${billPayments.status} = 'scheduled')`,
    })
    .from(billPayments)
    .where(
      inArray(
        billPayments.seriesId,
        rows.map((r) => r.series.id),
      ),
    )
    .groupBy(billPayments.seriesId);
  const bySeries = new Map(progress.map((p) => [p.seriesId, p]));
  return rows.map((row) => {
    const p = bySeries.get(row.series.id);
    return toSeriesView(row.series, readPayee(secrets, row.payee), row.accountType, {
      occurrences: p?.occurrences ?? 0,
      nextPayOn: p?.nextPayOn ?? null,
    });
  });
}

/** How long a series that stopped by itself stays in the member's list of recurring payments. */
const STOPPED_SHOWN_DAYS = 30;

/** Everything the Bill Pay form needs. */
export async function billPayOverview(deps: Deps, userId: string): Promise<BillPayOverview> {
  const now = deps.clock();
  const window = billPayWindow(now, deps.config);
  const [payees, series] = await Promise.all([
    listPayees(deps.db, deps.secrets, userId),
    seriesViews(deps.db, deps.secrets, userId, { shownAt: now }),
  ]);
  return {
    billers: deps.config.billPay.billers.map(({ id, name, category, delivery }) => ({ id, name, category, delivery })),
    payees,
    series,
    earliestDate: window.earliest,
    latestDate: window.latest,
    cutOff: cutOffLabel(now, deps.config),
    holidays: weekdayHolidays(window.today, window.latest),
  };
}

/** Upcoming Bills (Scheduled, soonest first) or Payment History (the rest, newest first). */
export async function listPayments(deps: Deps, userId: string, query: BillPaymentListQuery): Promise<BillPaymentPage> {
  const { view, page } = billPaymentListQuerySchema.parse(query);
  const now = deps.clock();
  const where = and(
    eq(billPayments.userId, userId),
    view === 'upcoming' ? eq(billPayments.status, 'scheduled') : ne(billPayments.status, 'scheduled'),
  );
  const order =
    view === 'upcoming'
      ? [asc(billPayments.payOn), asc(billPayments.createdAt)]
      : [desc(billPayments.payOn), desc(billPayments.createdAt)];
  const [rows, [total]] = await Promise.all([
    paymentsWithPayee(deps.db)
      .where(where)
      .orderBy(...order)
      .limit(BILL_PAYMENTS_PAGE_SIZE)
      .offset((page - 1) * BILL_PAYMENTS_PAGE_SIZE),
    deps.db.select({ n: count() }).from(billPayments).where(where),
  ]);
  return {
    // A payee whose number cannot be opened is shown "(unreadable)" on its payments, not a 500 for the list.
    payments: rows.map((row) => toPaymentView(readPaymentRow(deps.secrets, row), deps.config, now)),
    total: total?.n ?? 0,
    page,
    pageSize: BILL_PAYMENTS_PAGE_SIZE,
  };
}
