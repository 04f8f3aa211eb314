import {
  type CardChannel,
  cardHoldEndReasons,
  centsToDecimal,
  type ProcessorClearing,
  type ProcessorReversal,
  type ProcessorSettlementResult,
} from '@mutual/shared';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { postTransfer, resolvePending } from '../ledger/post-transfer';
import { type CardAuthorizationRow, cardAuthorizations, cards } from './cards.tables';
import { cardPayment, cents } from './authorize';
import { addRewardPoints } from './issue-card';
import { isCashUse } from './merchant-category';
import { forgetOldSignatures } from './processor-signature';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/**
 * What becomes of an approved authorization: a clearing posts its hold (for the cleared amount,
 * which may differ: a tip, a partial shipment), a reversal voids it, and the expiry job lets it go
 * when the merchant never completes it. Each happens once: the authorization's row is locked and
 * its status read under the lock; the processor's clearing and reversal ids are unique.
 */

/** A clearing may exceed what was authorized by this much (restaurants add tips): 20%. */
const TIP_TOLERANCE_PERCENT = 20n;

const settlement = (row: CardAuthorizationRow): ProcessorSettlementResult => ({
  id: (row.status === 'reversed' ? row.reversalId : row.clearingId) ?? '',
  authorizationId: row.processorId,
  status: row.status === 'reversed' ? 'reversed' : 'posted',
  amount: centsToDecimal(row.status === 'reversed' ? row.amount : (row.clearedAmount ?? row.amount)),
});

async function lockAuthorization(tx: Executor, processorId: string): Promise<CardAuthorizationRow> {
  const [row] = await tx
    .select()
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.processorId, processorId))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', `Authorization ${processorId} is not known.`);
  return row;
}

function notPending(row: CardAuthorizationRow): AppError {
  const state = { posted: 'already cleared', reversed: 'reversed', expired: 'expired', declined: 'declined' }[
    row.status
  ];
  return new AppError('CONFLICT', `Authorization ${row.processorId} was ${state ?? row.status}.`);
}

export async function clearAuthorization(deps: Deps, input: ProcessorClearing): Promise<ProcessorSettlementResult> {
  const now = deps.clock();
  const amount = cents(input.amount);
  return deps.db.transaction(async (tx) => {
    const row = await lockAuthorization(tx, input.authorizationId);
    if (row.clearingId === input.id) {
      if (row.clearedAmount !== amount)
        throw new AppError('CONFLICT', `Clearing ${input.id} was already received with a different amount.`);
      return settlement(row);
    }
    if (row.status !== 'pending' || !row.holdTransferId) throw notPending(row);
    if (amount * 100n > row.amount * (100n + TIP_TOLERANCE_PERCENT))
      throw new AppError(
        'VALIDATION_FAILED',
        `A clearing may be at most ${TIP_TOLERANCE_PERCENT}% over the authorized ${centsToDecimal(row.amount)}.`,
      );
    const [card] = await tx.select().from(cards).where(eq(cards.id, row.cardId));
    if (!card) throw new Error('card vanished');

    let postTransferId: string;
    if (amount === row.amount) {
      ({ transferId: postTransferId } = await resolvePending(tx, {
        kind: 'post',
        pendingId: row.holdTransferId,
        now,
        createdBy: null,
      }));
    } else {
      // A different amount: the hold is let go and the cleared amount taken in its place, together
      // (the money the hold kept counts for the new transfer's funds check).
      const reason = `Cleared for ${centsToDecimal(amount)} instead of ${centsToDecimal(row.amount)}`;
      await resolvePending(tx, { kind: 'void', pendingId: row.holdTransferId, reason, now, createdBy: null });
      ({ transferId: postTransferId } = await postTransfer(tx, {
        ...cardPayment(card, { ...row, channel: row.channel as CardChannel }, amount),
        kind: 'single',
        now,
        createdBy: null,
      }));
    }
    // Points for a credit card's purchases; its cash (a cash advance, at an ATM or a teller) earns none.
    const cash = isCashUse({ channel: row.channel as CardChannel, categoryCode: row.categoryCode });
    const points =
      card.kind === 'credit' && !cash ? Number((amount * deps.config.cards.rewardsBasisPoints) / 10_000n) : 0;
    await addRewardPoints(tx, card.id, points);
    const [cleared] = await tx
      .update(cardAuthorizations)
      .set({ status: 'posted', clearingId: input.id, clearedAmount: amount, clearedAt: now, postTransferId, points })
      .where(eq(cardAuthorizations.id, row.id))
      .returning();
    if (!cleared) throw new Error('authorization vanished');
    return settlement(cleared);
  });
}

export async function reverseAuthorization(deps: Deps, input: ProcessorReversal): Promise<ProcessorSettlementResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const row = await lockAuthorization(tx, input.authorizationId);
    if (row.reversalId === input.id) return settlement(row);
    if (row.status !== 'pending' || !row.holdTransferId) throw notPending(row);
    await resolvePending(tx, {
      kind: 'void',
      pendingId: row.holdTransferId,
      reason: cardHoldEndReasons.reversed,
      now,
      createdBy: null,
    });
    const [reversed] = await tx
      .update(cardAuthorizations)
      .set({ status: 'reversed', reversalId: input.id, reversedAt: now })
      .where(eq(cardAuthorizations.id, row.id))
      .returning();
    if (!reversed) throw new Error('authorization vanished');
    return settlement(reversed);
  });
}

/**
 * The `cards.expire-authorizations` job: holds of authorizations older than
 * CARD_AUTHORIZATION_HOLD_DAYS that never cleared are let go (ledger `expire`), a batch at a time,
 * each in its own transaction; and signatures too old to matter are forgotten.
 */
export async function expireAuthorizations(
  deps: Deps & Pick<AppDeps, 'logger'>,
  now: Date,
): Promise<{ expired: number; errors: number }> {
  const before = new Date(now.getTime() - deps.config.cards.holdDays * 86_400_000);
  const due = await deps.db
    .select({ id: cardAuthorizations.id })
    .from(cardAuthorizations)
    .where(and(eq(cardAuthorizations.status, 'pending'), lt(cardAuthorizations.authorizedAt, before)))
    .orderBy(asc(cardAuthorizations.authorizedAt))
    .limit(500);
  let expired = 0;
  let errors = 0;
  for (const { id } of due) {
    // One that fails is named in the log and left for the next run; the others still expire.
    const done = await deps.db
      .transaction(async (tx) => {
        const [row] = await tx.select().from(cardAuthorizations).where(eq(cardAuthorizations.id, id)).for('update');
        if (!row || row.status !== 'pending' || !row.holdTransferId) return false;
        await resolvePending(tx, {
          kind: 'expire',
          pendingId: row.holdTransferId,
          reason: cardHoldEndReasons.expired,
          now,
          createdBy: null,
        });
        await tx
          .update(cardAuthorizations)
          .set({ status: 'expired', expiredAt: now })
          .where(eq(cardAuthorizations.id, row.id));
        return true;
      })
      .catch((error: unknown) => {
        errors += 1;
        deps.logger.error(
          { err: error, cardAuthorizationId: id },
          'card authorization not expired; it is retried at the next run',
        );
        return false;
      });
    if (done) expired++;
  }
  await forgetOldSignatures(deps.db, now, deps.config.cards.processorToleranceSeconds);
  return { expired, errors };
}
