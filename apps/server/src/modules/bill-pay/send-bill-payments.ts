import { formatMoney } from '@mutual/shared';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { SecretBox } from '../../crypto/secret-box';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { withRetry } from '../../db/errors';
import { keysetPages } from '../../db/keyset-pages';
import { AppError } from '../../errors';
import { localDay } from '../../time';
import { recordAudit, systemActor } from '../audit/record-audit';
import { findActiveHold } from '../holds/holds';
import { resolvePending } from '../ledger/post-transfer';
import { billPayments } from './bill-pay.tables';
import { cutOffOn } from './bill-pay-dates';
import { type BillOutcome, tellMember, tellSeriesStopped } from './bill-pay-notices';
import { paymentsWithPayee, type ReadPaymentRow, readPaymentRow } from './bill-payment-view';
import { continueSeries, holdMoney, newConfirmationNumber, releaseHold } from './bill-payments';

/**
 * The `bill-pay.send` job's work, at the cut-off on each payment's date (and at every start, for
 * what fell due while no instance ran): later payments of a series hold their money, then due
 * payments are sent — the hold posts, the payment is Sent with a confirmation number, the member
 * is told. Each payment is its own transaction on its locked row, re-checked after the lock, so
 * with several instances (or a member cancelling at the same moment) each is sent exactly once;
 * one that cannot be held or sent fails in plain words, and never stops the others.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'mailer' | 'secrets'>;

const BATCH = 200;

export interface SendSummary {
  held: number;
  sent: number;
  failed: number;
  /** Payments an unexpected error left as they were (retried at the next run), named in the log. */
  errors: number;
}

export async function sendDueBillPayments(
  deps: Deps,
  now: Date = deps.clock(),
  batch: number = BATCH,
): Promise<SendSummary> {
  const summary: SendSummary = { held: 0, sent: 0, failed: 0, errors: 0 };
  const today = localDay(now, deps.config.timeZone);
  // A payment an unexpected error left as it was is passed over for the rest of this run, and the
  // pages go on past it: however many fail, the ones after them are still sent.
  const passedOver = new Set<string>();
  const each = (id: string, day: string, work: () => Promise<Outcome>) =>
    now < cutOffOn(day, deps.config) || passedOver.has(id) ? undefined : guarded(deps, id, summary, passedOver, work);
  // Sending a series' payment makes its next one, which may be due too (after a long outage): loop.
  for (let round = 0; round < 50; round += 1) {
    const before = summary.held + summary.sent + summary.failed;
    await eachDue(deps.db, 'hold', today, batch, (id, day) => each(id, day, () => holdOne(deps, id, now)));
    await eachDue(deps.db, 'send', today, batch, (id, day) => each(id, day, () => sendOne(deps, id, now)));
    if (summary.held + summary.sent + summary.failed === before) break;
  }
  if (summary.failed > 0) void deps.mailer.flush();
  return summary;
}

/**
 * Every scheduled payment whose day to hold its money (one not yet held) or to be sent has come, by
 * that day, a page at a time, each page after the last one's (day, id).
 */
async function eachDue(
  db: Deps['db'],
  stage: 'hold' | 'send',
  today: string,
  batch: number,
  visit: (id: string, day: string) => Promise<void> | undefined,
) {
  const day = stage === 'hold' ? billPayments.holdsOn : billPayments.payOn;
  const due = keysetPages(
    (after: { id: string; day: string } | undefined) =>
      db
        .select({ id: billPayments.id, day })
        .from(billPayments)
        .where(
          and(
            eq(billPayments.status, 'scheduled'),
            stage === 'hold' ? isNull(billPayments.pendingTransferId) : undefined,
            lte(day, today),
            after && sql`(${day}, ${billPayments.id}) > (${after.day}, ${after.id})`,
          ),
        )
        .orderBy(asc(day), asc(billPayments.id))
        .limit(batch),
    batch,
  );
  for await (const row of due) await visit(row.id, row.day);
}

type Outcome = 'held' | 'sent' | 'failed' | 'skipped';

async function guarded(
  deps: Deps,
  id: string,
  summary: SendSummary,
  passedOver: Set<string>,
  work: () => Promise<Outcome>,
) {
  try {
    const outcome = await withRetry(work);
    if (outcome !== 'skipped') summary[outcome] += 1;
  } catch (error) {
    summary.errors += 1;
    passedOver.add(id);
    deps.logger.error({ err: error, billPaymentId: id }, 'bill payment not processed; it is retried at the next run');
  }
}

/**
 * Locks a scheduled payment with what sending it needs (the payee's number opened, or marked when
 * it cannot be: `unreadableNumber`); null when it is no longer scheduled. The payment first, then
 * the accounts (its hold), then its series (the next payment): Bill Pay's lock order (`stopSeries`
 * in bill-payments.ts).
 */
async function lockScheduled(tx: Tx, secrets: SecretBox, id: string) {
  const [row] = await paymentsWithPayee(tx).where(eq(billPayments.id, id)).for('update', { of: billPayments });
  return row && row.payment.status === 'scheduled' ? readPaymentRow(secrets, row) : null;
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockScheduled>>>;

/** Why a payment cannot go out now, in the member's words; null when it can. */
async function refusal(tx: Tx, row: Locked): Promise<string | null> {
  if (row.member.status !== 'approved' && row.member.status !== 'active')
    return 'your membership is not active, so no payments can be sent. Please contact us.';
  if (await findActiveHold(tx, row.payment.userId))
    return 'money movement on your account is on hold. Please contact us.';
  return unreadableNumber(row);
}

/**
 * A payee's number this instance cannot open. Damaged (malformed, or refused by a key it holds: tampered
 * with, or copied from another row), it never will be: the payment fails in plain words, its hold
 * released, rather than staying Scheduled with the money held for ever. Sealed under a key this
 * instance does not hold, it is another instance's newer key while they are restarted for a rotation
 * (a start refuses stored keys it lacks): an error, so the payment is named in the log and left for a
 * run that can open it, and the others go on.
 */
function unreadableNumber(row: Locked): string | null {
  if (!row.numberUnreadable) return null;
  if (row.numberUnreadable === 'unknown-key')
    throw new Error(`payee ${row.payee.id}: its account number is sealed under a key this instance does not hold`);
  return `your account number at ${row.payee.billerName} could not be read from our records. Please contact us.`;
}

/**
 * A scheduled payment the job is done with (sent or failed): the member is told, the audit row
 * records it, and its series makes its next payment.
 */
async function doneWith(
  tx: Tx,
  deps: Deps,
  row: Locked,
  outcome: Extract<BillOutcome, { kind: 'sent' | 'failed' }>,
  after: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const { payment } = row;
  await tellMember(tx, deps, row, outcome, now);
  await recordAudit(tx, {
    action: `bill_pay.${outcome.kind}`,
    actor: systemActor,
    targetUserId: payment.userId,
    before: { paymentId: payment.id, status: 'scheduled' },
    after: { status: outcome.kind, ...after },
    at: now,
  });
  if (payment.seriesId && payment.occurrence) {
    const step = outcome.kind === 'sent' ? 'sent' : 'missed';
    const series = await continueSeries(
      tx,
      payment.seriesId,
      payment.occurrence,
      step,
      deps.config.billPay.seriesMaxMissed,
      now,
    );
    if (series.kind === 'stopped') await seriesStoppedByItself(tx, deps, row, series.missed, now);
  }
}

/** A series that stopped by itself: the member is told, and the audit row says why. */
export async function seriesStoppedByItself(
  tx: Tx,
  deps: Pick<AppDeps, 'config' | 'mailer'>,
  row: ReadPaymentRow,
  missed: number,
  now: Date,
) {
  await tellSeriesStopped(tx, deps, row, missed, now);
  await recordAudit(tx, {
    action: 'bill_pay.series_stopped',
    actor: systemActor,
    targetUserId: row.payment.userId,
    before: { seriesId: row.payment.seriesId, status: 'active' },
    after: { status: 'stopped', missedInRow: missed, lastPaymentId: row.payment.id },
    at: now,
  });
}

async function fail(tx: Tx, deps: Deps, row: Locked, reason: string, now: Date): Promise<'failed'> {
  const { payment } = row;
  await tx.update(billPayments).set({ status: 'failed', failedAt: now, reason }).where(eq(billPayments.id, payment.id));
  await releaseHold(tx, payment.pendingTransferId, reason, { userId: null }, now);
  // Staff read in the audit log why: the member's words, and which payee's number did not open.
  const unreadable = row.numberUnreadable && {
    payeeId: row.payee.id,
    payeeNumber: `unreadable (${row.numberUnreadable})`,
  };
  if (unreadable)
    deps.logger.warn(
      { billPaymentId: payment.id, ...unreadable },
      'bill payment failed: its payee number cannot be opened',
    );
  await doneWith(tx, deps, row, { kind: 'failed', reason }, { reason, ...unreadable }, now);
  return 'failed';
}

/** A later payment of a series holds its money on its hold day; short of money, it fails. */
function holdOne(deps: Deps, id: string, now: Date): Promise<Outcome> {
  return deps.db.transaction(async (tx) => {
    const row = await lockScheduled(tx, deps.secrets, id);
    if (!row || row.payment.pendingTransferId) return 'skipped';
    const refused = await refusal(tx, row);
    if (refused) return fail(tx, deps, row, refused, now);
    try {
      const pendingTransferId = await tx.transaction((savepoint) =>
        holdMoney(savepoint, {
          fromAccountId: row.payment.fromAccountId,
          amount: row.payment.amount,
          payee: row.payee,
          now,
          createdBy: null,
        }),
      );
      await tx.update(billPayments).set({ pendingTransferId }).where(eq(billPayments.id, id));
      return 'held';
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')
        return fail(tx, deps, row, `there was not enough money in your ${row.accountType} account to pay it.`, now);
      throw error;
    }
  });
}

/** Sends a due payment: the hold posts, it is Sent with a confirmation number, the member is told. */
function sendOne(deps: Deps, id: string, now: Date): Promise<Outcome> {
  return deps.db.transaction(async (tx) => {
    const row = await lockScheduled(tx, deps.secrets, id);
    if (!row) return 'skipped';
    const { payment } = row;
    const refused = await refusal(tx, row);
    if (refused) return fail(tx, deps, row, refused, now);
    if (!payment.pendingTransferId)
      return fail(tx, deps, row, `there was not enough money in your ${row.accountType} account to pay it.`, now);
    let sentTransferId: string;
    try {
      ({ transferId: sentTransferId } = await tx.transaction((savepoint) =>
        resolvePending(savepoint, { pendingId: payment.pendingTransferId ?? '', kind: 'post', now, createdBy: null }),
      ));
    } catch (error) {
      // Staff released the held money (Delete User Transactions): nothing left to send.
      if (error instanceof AppError && error.code === 'CONFLICT')
        return fail(tx, deps, row, 'the money held for it was released by the credit union. Please contact us.', now);
      throw error;
    }
    const confirmationNumber = newConfirmationNumber();
    await tx
      .update(billPayments)
      .set({ status: 'sent', sentAt: now, sentTransferId, confirmationNumber })
      .where(eq(billPayments.id, id));
    const after = { confirmationNumber, amount: formatMoney(payment.amount) };
    await doneWith(tx, deps, row, { kind: 'sent', confirmationNumber }, after, now);
    return 'sent';
  });
}
