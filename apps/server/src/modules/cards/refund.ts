import {
  type CardChannel,
  centsToDecimal,
  formatMoney,
  type ProcessorRefund,
  type ProcessorRefundResult,
} from '@mutual/shared';
import { eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { sqlState, withRetry } from '../../db/errors';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { type Actor, recordAudit } from '../audit/record-audit';
import { generalLedger } from '../ledger/general-ledger';
import { postTransfer } from '../ledger/post-transfer';
import { renderEmail } from '../mail/templates';
import { emailWanted, notify } from '../notifications/notify';
import { cents, lockAuthorization } from './authorize';
import { type CardAuthorizationRow, cardAuthorizations, cardRefunds, type CardRefundRow, cards } from './cards.tables';
import { lockCardInUse } from './issue-card';
import { cardCategory, isCashUse } from './merchant-category';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'mailer'>;

/** Who the audit log names for what the card processor's signed requests do. */
export const processorActor: Actor = { userId: null, email: 'card processor' };

/**
 * A merchant's refund of a cleared purchase (`POST /api/processor/refunds`). The money goes back
 * where the purchase's came from — the account its posting debited: a debit card's Checking, a
 * credit card's line (lowering what is owed; a replacement after Report Lost draws on the same
 * account) — by a new ledger transfer from the card settlement account that clearings pay into,
 * filed under the purchase's category ("Refund: <merchant>" in the member's history).
 *
 * Under the authorization's row lock, so refunds of one purchase are counted in turn: only a
 * posted (cleared) purchase, never cash, and together never more than it cleared for. A credit
 * card purchase's reward points are taken back in proportion (cumulatively rounded down, so the
 * refunds of the whole purchase take back exactly what it earned), from the card in use
 * (`cards_lock_in_use`, locked before the ledger as a clearing locks it), never more than the card
 * has. A purchase staff reversed is refused: its money already went back to the member. The
 * member is told (the bell; an e-mail with e-mail notifications on), and an audit row is written,
 * in the same transaction.
 *
 * Idempotent by the processor's id: the same refund again answers as the first time; the id on
 * another purchase, or with another amount, is a 409 naming it.
 */
export async function refundPurchase(deps: Deps, input: ProcessorRefund): Promise<ProcessorRefundResult> {
  const amount = cents(input.amount);
  const known = await findRefund(deps.db, input.id);
  if (known) return replay(deps.db, known, input, amount);
  try {
    return await withRetry(() =>
      deps.db.transaction(async (tx) => {
        const row = await lockAuthorization(tx, input.authorizationId);
        // A refund with this id that committed while this waited for the lock.
        const again = await findRefund(tx, input.id);
        if (again) return replay(tx, again, input, amount);
        return refundOnce(deps, tx, row, input, amount);
      }),
    );
  } catch (error) {
    // The same refund id at the same moment on another purchase: the unique index decided.
    if (sqlState(error) !== '23505') throw error;
    const first = await findRefund(deps.db, input.id);
    if (!first) throw error;
    return replay(deps.db, first, input, amount);
  }
}

async function refundOnce(
  deps: Deps,
  tx: Executor,
  row: CardAuthorizationRow,
  input: ProcessorRefund,
  amount: bigint,
): Promise<ProcessorRefundResult> {
  const now = deps.clock();
  if (row.status !== 'posted' || row.clearedAmount === null || row.postTransferId === null)
    throw new AppError('CONFLICT', `${notCleared(row)}: only a cleared purchase can be refunded.`);
  const use = { channel: row.channel as CardChannel, categoryCode: row.categoryCode };
  if (isCashUse(use))
    throw new AppError('CONFLICT', `Authorization ${row.processorId} is a cash withdrawal: it cannot be refunded.`);

  const before = await refundedSoFar(tx, row.id);
  const total = before.amount + amount;
  if (total > row.clearedAmount)
    throw new AppError(
      'CONFLICT',
      `Refund ${input.id} of ${centsToDecimal(amount)} would take authorization ${row.processorId}'s refunds to ` +
        `${centsToDecimal(total)}, more than the ${centsToDecimal(row.clearedAmount)} it cleared for ` +
        `(${centsToDecimal(row.clearedAmount - before.amount)} left to refund).`,
    );

  const [card] = await tx.select().from(cards).where(eq(cards.id, row.cardId));
  if (!card) throw new Error('card vanished');
  // The purchase's points in proportion, counted over all its refunds so far (rounded down), so its
  // refunds together take back exactly what it earned. From the card in use, locked before the ledger.
  let points = 0;
  if (row.points > 0) {
    const share = Number((BigInt(row.points) * total) / row.clearedAmount) - before.points;
    const inUse = await lockCardInUse(tx, card.id);
    const [held] = await tx.select({ points: cards.rewardsPoints }).from(cards).where(eq(cards.id, inUse));
    points = Math.max(0, Math.min(share, held?.points ?? 0));
    if (points > 0)
      await tx
        .update(cards)
        .set({ rewardsPoints: sql`${cards.rewardsPoints} - ${points}` })
        .where(eq(cards.id, inUse));
  }

  // Where the purchase's money came from: the account its posting debited.
  const [posting] = await queryRows<{ account: string }>(
    tx,
    sql`select debit_account_id as account from ledger_transfers where id = ${row.postTransferId}`,
  );
  if (!posting) throw new Error('posting vanished');
  const { transferId } = await postTransfer(tx, {
    kind: 'single',
    debitAccountId: generalLedger.cardSettlement,
    creditAccountId: posting.account,
    amount,
    category: cardCategory(use.channel, use.categoryCode),
    debitMemo: `Card ${card.last4} refund: ${row.merchant}`,
    creditMemo: `Refund: ${row.merchant}`,
    now,
    createdBy: null,
  });
  // Asked after the ledger's locks on the member's account are held: a staff reversal of the purchase
  // (which takes them too) has committed by now, or waits for this one and then counts this refund.
  if (await staffReversed(tx, row.postTransferId))
    throw new AppError(
      'CONFLICT',
      `Authorization ${row.processorId} was reversed by the credit union: its money already went back to the ` +
        `member, so refund ${input.id} was not posted.`,
    );

  const [refund] = await tx
    .insert(cardRefunds)
    .values({
      authorizationId: row.id,
      processorId: input.id,
      amount,
      refundedTotal: total,
      transferId,
      points,
      refundedAt: now,
    })
    .returning();
  if (!refund) throw new Error('refund not stored');

  await recordAudit(tx, {
    action: 'card.refunded',
    actor: processorActor,
    targetUserId: card.userId,
    after: {
      card: card.last4,
      kind: card.kind,
      authorization: row.processorId,
      refund: input.id,
      merchant: row.merchant,
      amount: centsToDecimal(amount),
      refunded: centsToDecimal(total),
      clearedAmount: centsToDecimal(row.clearedAmount),
      transferId,
      ...(points > 0 && { pointsTakenBack: points }),
    },
    at: now,
  });
  await tellMember(deps, tx, { userId: card.userId, last4: card.last4, credit: card.kind === 'credit' }, row, {
    amount,
    points,
    now,
  });
  return answerOf(row, refund);
}

const notCleared = (row: CardAuthorizationRow) => {
  const state = {
    pending: 'is not cleared yet',
    reversed: 'was reversed',
    expired: 'expired without clearing',
    declined: 'was declined',
  }[row.status];
  return `Authorization ${row.processorId} ${state ?? `is ${row.status}`}`;
};

async function findRefund(db: Executor, processorId: string): Promise<CardRefundRow | undefined> {
  const [row] = await db.select().from(cardRefunds).where(eq(cardRefunds.processorId, processorId));
  return row;
}

/** What a purchase's refunds came to (money and points), up to now. */
async function refundedSoFar(db: Executor, authorizationId: string): Promise<{ amount: bigint; points: number }> {
  const [row] = await queryRows<{ amount: string; points: number }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as amount, coalesce(sum(points), 0)::integer as points
        from card_refunds where authorization_id = ${authorizationId}`,
  );
  return { amount: BigInt(row?.amount ?? '0'), points: row?.points ?? 0 };
}

/** Whether staff reversed the purchase's posting (a deleted transaction, Delete User Transactions). */
async function staffReversed(db: Executor, postingId: string): Promise<boolean> {
  const [row] = await queryRows<{ reversed: boolean }>(
    db,
    sql`select exists (select 1 from ledger_transfers where reverses_id = ${postingId}::uuid) as reversed`,
  );
  return row?.reversed === true;
}

/** A refund id seen before: the same refund gets the first answer; on another purchase or amount, 409. */
async function replay(
  db: Executor,
  refund: CardRefundRow,
  input: ProcessorRefund,
  amount: bigint,
): Promise<ProcessorRefundResult> {
  const [row] = await db.select().from(cardAuthorizations).where(eq(cardAuthorizations.id, refund.authorizationId));
  if (!row) throw new Error('authorization vanished');
  if (row.processorId !== input.authorizationId)
    throw new AppError('CONFLICT', `Refund ${input.id} was already used for authorization ${row.processorId}.`);
  if (refund.amount !== amount)
    throw new AppError(
      'CONFLICT',
      `Refund ${input.id} was already received with a different amount (${centsToDecimal(refund.amount)}).`,
    );
  return answerOf(row, refund);
}

/** The answer, as it was the first time: the total is the one this refund made, however many came since. */
function answerOf(row: CardAuthorizationRow, refund: CardRefundRow): ProcessorRefundResult {
  const cleared = row.clearedAmount ?? 0n;
  const total = refund.refundedTotal;
  return {
    id: refund.processorId,
    authorizationId: row.processorId,
    status: 'refunded',
    amount: centsToDecimal(refund.amount),
    refunded: centsToDecimal(total),
    refundable: centsToDecimal(cleared - total),
    pointsTakenBack: refund.points,
  };
}

/** The bell, and an e-mail when the member keeps e-mail notifications on: as the card's other notices. */
async function tellMember(
  deps: Deps,
  tx: Executor,
  card: { userId: string; last4: string; credit: boolean },
  row: CardAuthorizationRow,
  refund: { amount: bigint; points: number; now: Date },
) {
  const where = card.credit ? 'It lowers what your credit card owes.' : 'The money is in your account.';
  const points = refund.points > 0 ? ` ${refund.points} reward points it earned were taken back.` : '';
  const body =
    `${row.merchant} refunded ${formatMoney(refund.amount)} of your purchase with your card ending ${card.last4}. ` +
    `${where}${points}`;
  await notify(tx, card.userId, { kind: 'card', title: 'Card refund', body }, refund.now);
  const email = await emailWanted(tx, card.userId);
  if (!email) return;
  await deps.mailer.enqueue(
    tx,
    email,
    renderEmail(deps.config, {
      template: 'card-refund',
      subject: `${row.merchant} refunded ${formatMoney(refund.amount)} to your card`,
      heading: 'Card refund',
      paragraphs: [body, `Sign in to ${deps.config.brand.shortName} to see it in your transaction history.`],
      details: [
        ['Amount', formatMoney(refund.amount)],
        ['Merchant', row.merchant],
        ['Card', `ending ${card.last4}`],
      ],
    }),
  );
}
