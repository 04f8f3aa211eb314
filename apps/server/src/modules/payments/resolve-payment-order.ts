import {
  centsToDecimal,
  formatMoney,
  messages,
  type PaymentOrderResult,
  paymentRailLabels,
  paymentRails,
  returnReasonFor,
} from '@mutual/shared';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { withRetry } from '../../db/errors';
import { keysetPages, logLeftForNextRun } from '../../db/keyset-pages';
import { AppError } from '../../errors';
import { type Actor, type RequestMeta, recordAudit, systemActor } from '../audit/record-audit';
import { resolvePending } from '../ledger/post-transfer';
import { findPaymentOrder } from './list-payment-orders';
import { ordersWithOwner, type Outcome, tellMember } from './payment-notices';
import { paymentOrders } from './payments.tables';
import { openOrderNumbersOrNull } from './sealed-numbers';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'secrets'>;
const m = messages.paymentOps;
const HOUR = 3_600_000;

type Resolution = { kind: 'settle' } | { kind: 'return'; code: string; note: string } | { kind: 'expire' };

const ledgerKind = { settle: 'post', return: 'void', expire: 'expire' } as const;
const finalStatus = { settle: 'settled', return: 'returned', expire: 'expired' } as const;

/**
 * Settles, returns or expires one pending order, all in one transaction: the order row is locked
 * first, so of several staff (or a staff member and the expiry sweep) acting on one order at
 * once exactly one resolves it and the rest are told it is already done. The ledger resolves the
 * held transfer (post, void or expire), the order records the outcome, the audit log who did
 * it, and the member is told.
 */
async function resolvePaymentOrder(
  deps: Deps,
  orderId: string,
  resolution: Resolution,
  actor: Actor,
  meta: RequestMeta,
  now: Date,
) {
  const result = await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const [locked] = await ordersWithOwner(tx)
        .where(eq(paymentOrders.id, orderId))
        .for('update', { of: paymentOrders });
      if (!locked) throw new AppError('NOT_FOUND', m.orderNotFound);
      const { order } = locked;
      if (order.status !== 'pending') throw new AppError('CONFLICT', m.alreadyResolved);

      let outcome: Outcome;
      let returnCode: string | null = null;
      let returnReason: string | null = null;
      let returnNote: string | null = null;
      let ledgerReason: string | null = null;
      if (resolution.kind === 'return') {
        const rail = paymentRails.find((value) => value === order.rail) ?? 'ach';
        const reason = returnReasonFor(rail, resolution.code);
        if (!reason) {
          const wrongRail = m.returnCodeWrongRail(paymentRailLabels[rail]);
          throw new AppError('VALIDATION_FAILED', wrongRail, { code: wrongRail });
        }
        returnCode = reason.code;
        returnReason = reason.label;
        returnNote = resolution.note.trim() || null;
        // The member's history shows the payment Failed with exactly these words.
        ledgerReason = reason.label;
        outcome = { kind: 'returned', reason: reason.label, note: resolution.note };
      } else if (resolution.kind === 'expire') {
        const hours = deps.config.paymentOrders.expiryHours;
        // A payment in an ACH file has been sent: it settles or comes back, it does not lapse.
        const lapsed = order.achExportId === null && order.createdAt.getTime() + hours * HOUR <= now.getTime();
        if (hours === 0 || !lapsed) throw new AppError('CONFLICT', m.alreadyResolved);
        ledgerReason = `The payment could not be sent within ${hours} hours and expired. The money was released.`;
        outcome = { kind: 'expired', hours };
      } else {
        // Settling says the money went out to this account. Numbers that cannot be opened could not
        // have gone out in a file from here (the export skips such an order): refused, and staff
        // return it. One already in a file went out while they could: it settles as any other.
        if (order.achExportId === null && openOrderNumbersOrNull(deps.secrets, order) === null)
          throw new AppError('CONFLICT', m.settleUnreadable);
        outcome = { kind: 'settled' };
      }

      const status = finalStatus[resolution.kind];
      await tx
        .update(paymentOrders)
        .set({ status, resolvedAt: now, resolvedBy: actor.userId, returnCode, returnReason, returnNote })
        .where(eq(paymentOrders.id, order.id));
      await recordAudit(tx, {
        action: `payment_order.${status}`,
        actor,
        targetUserId: order.userId,
        meta,
        before: {
          paymentOrderId: order.id,
          rail: order.rail,
          status: order.status,
          amount: centsToDecimal(order.amount),
        },
        after: {
          paymentOrderId: order.id,
          status,
          ...(returnCode ? { returnCode, returnReason } : {}),
          ...(resolution.kind === 'return' && resolution.note ? { note: resolution.note } : {}),
        },
        at: now,
      });
      await tellMember(
        tx,
        deps,
        order,
        { userId: order.userId, email: locked.email, notifyEmail: locked.notifyEmail, accountType: locked.accountType },
        outcome,
        now,
      );
      const shown = await findPaymentOrder(tx, deps.secrets, deps.config, order.id, now);
      if (!shown) throw new Error('payment order vanished');
      // Last, so the general-ledger clearing account every settle locks is held only to the commit
      // (concurrent settles queue on it: bench/staff-money.ts).
      await resolvePending(tx, {
        pendingId: order.pendingTransferId,
        kind: ledgerKind[resolution.kind],
        reason: ledgerReason,
        now,
        createdBy: actor.userId,
      }).catch((error: unknown) => {
        // The order lock makes this unreachable for orders; kept so the words stay ours if not.
        if (error instanceof AppError && error.code === 'CONFLICT') throw new AppError('CONFLICT', m.alreadyResolved);
        throw error;
      });
      return { order: shown, amount: order.amount, returnReason };
    }),
  );
  void deps.mailer.flush();
  return result;
}

/** Staff: the payment went out; the held money leaves the member's account. */
export async function settlePaymentOrder(
  deps: Deps,
  orderId: string,
  actor: Actor,
  meta: RequestMeta,
): Promise<PaymentOrderResult> {
  const { order, amount } = await resolvePaymentOrder(deps, orderId, { kind: 'settle' }, actor, meta, deps.clock());
  return { message: m.settled(formatMoney(amount), order.beneficiary.name), order };
}

/** Staff: the payment came back (with a code from the order's rail); the held money is released. */
export async function returnPaymentOrder(
  deps: Deps,
  orderId: string,
  input: { code: string; note: string },
  actor: Actor,
  meta: RequestMeta,
): Promise<PaymentOrderResult> {
  const { order, amount, returnReason } = await resolvePaymentOrder(
    deps,
    orderId,
    { kind: 'return', ...input },
    actor,
    meta,
    deps.clock(),
  );
  return { message: m.returned(formatMoney(amount), order.beneficiary.name, returnReason ?? input.code), order };
}

/**
 * Lets every pending order older than PAYMENT_ORDER_EXPIRY_HOURS lapse (0 = never), as the
 * system, but never one already in an ACH file: that money has left with the file, and the order
 * waits for staff to settle it or record its return. Each order is its own transaction; one
 * settled or returned meanwhile is skipped, one that fails is logged by its id and counted.
 *
 * The due orders are read a page of `batch` at a time by (created, id), each page after the last:
 * an order that fails stays due, but the next page starts past it, so however many fail (a page of
 * them, run after run) they never keep the later ones from expiring. The run's end names them all.
 */
export async function expireDueOrders(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'secrets' | 'logger'>,
  now: Date,
  batch = 500,
): Promise<{ expired: number; errors: number }> {
  const hours = deps.config.paymentOrders.expiryHours;
  if (hours === 0) return { expired: 0, errors: 0 };
  let expired = 0;
  const failed: string[] = [];
  // Each row's time as text, so the next page starts exactly after it (a Date keeps milliseconds only).
  const due = keysetPages(
    (after: { id: string; at: string } | undefined) =>
      deps.db
        .select({ id: paymentOrders.id, at: sql<string>`${paymentOrders.createdAt}::text` })
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.status, 'pending'),
            isNull(paymentOrders.achExportId),
            lte(paymentOrders.createdAt, new Date(now.getTime() - hours * HOUR)),
            after &&
              sql`(${paymentOrders.createdAt}, ${paymentOrders.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`,
          ),
        )
        .orderBy(asc(paymentOrders.createdAt), asc(paymentOrders.id))
        .limit(batch),
    batch,
  );
  for await (const { id } of due) {
    try {
      await resolvePaymentOrder(
        { ...deps, clock: () => now },
        id,
        { kind: 'expire' },
        systemActor,
        { ipAddress: null, userAgent: null },
        now,
      );
      expired += 1;
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') continue;
      // One order that cannot be expired (the database failing it, say) is named and left for the
      // next run; the others still expire. Numbers that cannot be opened do not stop it: the money
      // goes back without them, and the notices leave them out.
      failed.push(id);
      deps.logger.error({ err: error, paymentOrderId: id }, 'payment order not expired; it is retried at the next run');
    }
  }
  logLeftForNextRun(deps.logger, 'paymentOrderIds', 'payment orders not expired', failed);
  return { expired, errors: failed.length };
}
