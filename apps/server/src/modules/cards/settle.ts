import {
  type CardChannel,
  cardHoldEndReasons,
  centsToDecimal,
  formatMoney,
  type ProcessorClearing,
  type ProcessorReversal,
  type ProcessorSettlementResult,
} from '@mutual/shared';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sqlState, withRetry } from '../../db/errors';
import { keysetPages, logLeftForNextRun } from '../../db/keyset-pages';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record-audit';
import { postTransfer, resolvePending } from '../ledger/post-transfer';
import { notify } from '../notifications/notify';
import { type CardAuthorizationRow, cardAuthorizations, type CardRow, cards } from './cards.tables';
import { cardPayment, cents, lockAuthorization, spentToday } from './authorize';
import { addRewardPoints } from './issue-card';
import { isCashUse } from './merchant-category';
import { forgetOldSignatures } from './processor-signature';
import { processorActor } from './refund';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'> & Partial<Pick<AppDeps, 'logger'>>;

/**
 * What becomes of an approved authorization: a clearing posts its hold (for the cleared amount,
 * which may differ: a tip, a partial shipment), a reversal voids it, and the expiry job lets it go
 * when the merchant never completes it. Each happens once: the authorization's row is locked and
 * its status read under the lock; the processor's clearing and reversal ids are unique (one already
 * used on another authorization is refused: 409, naming it).
 *
 * A clearing may also come after the hold expired: card networks present clearings after the
 * issuer's hold has dropped, and the processor settles them with the credit union all the same.
 * Within CARD_PRESENTMENT_DAYS of the authorization it is posted as a new transfer for the cleared
 * amount, under the same rules as one on time (a tip on a purchase, never more cash), if the
 * member's money — a credit card's credit — covers it; if not, it is refused (409) and recorded for
 * staff (an audit row, a log line). Later than that it is refused, as a clearing of an expired
 * authorization always was.
 */

/**
 * A purchase's clearing may exceed what was authorized by this much (restaurants add tips): 20%.
 * The only way past the per-purchase limit; never for cash; and the day's purchases it takes past
 * the daily limit by no more than as much (`refuseOverClearing`).
 */
const TIP_TOLERANCE_PERCENT = 20n;

const settlement = (row: CardAuthorizationRow): ProcessorSettlementResult => ({
  id: (row.status === 'reversed' ? row.reversalId : row.clearingId) ?? '',
  authorizationId: row.processorId,
  status: row.status === 'reversed' ? 'reversed' : 'posted',
  amount: centsToDecimal(row.status === 'reversed' ? row.amount : (row.clearedAmount ?? row.amount)),
});

function notPending(row: CardAuthorizationRow): AppError {
  const state = { posted: 'already cleared', reversed: 'reversed', expired: 'expired', declined: 'declined' }[
    row.status
  ];
  return new AppError('CONFLICT', `Authorization ${row.processorId} was ${state ?? row.status}.`);
}

/**
 * A clearing above its authorization is refused (400) unless it is a tip on a purchase:
 * - cash (an ATM withdrawal, cash at a teller, a credit card's cash advance: `isCashUse`) never
 *   clears above what was authorized — the daily ATM limit was checked against that amount;
 * - a purchase clears at most TIP_TOLERANCE_PERCENT over its authorization, which is the only way
 *   past the per-purchase limit;
 * - and only while the purchases of the authorization's day, counted as the daily limit counts them
 *   (`spentToday`, this one at the cleared amount), stay within the card's daily purchases limit plus
 *   the same tolerance of it. As authorized they were within the limit, so this holds unless the
 *   member lowered the limit since; either way a tip never takes the day more than 20% past it.
 * Read under the card's row lock, as authorizations count the day.
 */
async function refuseOverClearing(tx: Executor, card: CardRow, row: CardAuthorizationRow, amount: bigint) {
  if (amount <= row.amount) return;
  const authorized = centsToDecimal(row.amount);
  if (isCashUse({ channel: row.channel as CardChannel, categoryCode: row.categoryCode }))
    throw new AppError(
      'VALIDATION_FAILED',
      `Authorization ${row.processorId} is a cash withdrawal: it may not clear above the authorized ${authorized}.`,
    );
  if (amount * 100n > row.amount * (100n + TIP_TOLERANCE_PERCENT))
    throw new AppError(
      'VALIDATION_FAILED',
      `A clearing may be at most ${TIP_TOLERANCE_PERCENT}% over the authorized ${authorized}.`,
    );
  // An expired authorization is no longer in the day's count; a pending one is, at what it held.
  const counted = row.status === 'pending' ? row.amount : 0n;
  const day = (await spentToday(tx, card.id, row.day, false)) - counted + amount;
  if (day * 100n > card.limitDailyPurchases * (100n + TIP_TOLERANCE_PERCENT))
    throw new AppError(
      'VALIDATION_FAILED',
      `A clearing may take the day's purchases at most ${TIP_TOLERANCE_PERCENT}% over the card's daily limit of ` +
        `${centsToDecimal(card.limitDailyPurchases)}.`,
    );
}

/**
 * A clearing or reversal that failed: when the unique index refused its id because the id is already
 * on another authorization, a 409 naming both (a processor retries a 500 for ever); else the error
 * as it was. The same id on the same authorization is a replay, answered before it gets this far.
 */
async function refuseIdUsedElsewhere(
  db: Executor,
  kind: 'Clearing' | 'Reversal',
  input: { id: string; authorizationId: string },
  error: unknown,
): Promise<never> {
  if (sqlState(error) === '23505') {
    const column = kind === 'Clearing' ? cardAuthorizations.clearingId : cardAuthorizations.reversalId;
    const [other] = await db
      .select({ processorId: cardAuthorizations.processorId })
      .from(cardAuthorizations)
      .where(eq(column, input.id));
    if (other && other.processorId !== input.authorizationId)
      throw new AppError('CONFLICT', `${kind} ${input.id} was already used for authorization ${other.processorId}.`);
  }
  throw error;
}

export async function clearAuthorization(deps: Deps, input: ProcessorClearing): Promise<ProcessorSettlementResult> {
  const now = deps.clock();
  const amount = cents(input.amount);
  // Retried on a deadlock: a staff reversal on the same card takes the ledger's locks before the card's.
  const clearing = withRetry(() =>
    deps.db.transaction(async (tx) => {
      const row = await lockAuthorization(tx, input.authorizationId);
      if (row.clearingId === input.id) {
        if (row.clearedAmount !== amount)
          throw new AppError('CONFLICT', `Clearing ${input.id} was already received with a different amount.`);
        return settlement(row);
      }
      const late = isLatePresentment(deps, row, now);
      if (!late && (row.status !== 'pending' || !row.holdTransferId)) throw notPending(row);
      // The card's row lock before the ledger's, in the order an authorization and Report Lost or
      // Stolen take them: the day's limit is read as they read it, and the points go to the card in use.
      const [card] = await tx.select().from(cards).where(eq(cards.id, row.cardId)).for('update');
      if (!card) throw new Error('card vanished');
      await refuseOverClearing(tx, card, row, amount);

      // Points for a credit card's purchases; its cash (a cash advance, at an ATM or a teller) earns none.
      // Added first, so the card in use is locked (its replacement's too) before the ledger's locks.
      const cash = isCashUse({ channel: row.channel as CardChannel, categoryCode: row.categoryCode });
      const points =
        card.kind === 'credit' && !cash ? Number((amount * deps.config.cards.rewardsBasisPoints) / 10_000n) : 0;
      await addRewardPoints(tx, card.id, points);

      let postTransferId: string;
      if (late) {
        // The hold is gone: the cleared amount is taken now, if the account (or the line) covers it.
        ({ transferId: postTransferId } = await postTransfer(tx, {
          ...cardPayment(card, { ...row, channel: row.channel as CardChannel }, amount),
          kind: 'single',
          now,
          createdBy: null,
        }).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')
            throw new LateClearingUncovered(row, card, input.id, amount);
          throw error;
        }));
        await lateClearingPosted(tx, row, card, input.id, amount, now);
      } else if (amount === row.amount && row.holdTransferId) {
        ({ transferId: postTransferId } = await resolvePending(tx, {
          kind: 'post',
          pendingId: row.holdTransferId,
          now,
          createdBy: null,
        }));
      } else if (row.holdTransferId) {
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
      } else throw notPending(row);
      const [cleared] = await tx
        .update(cardAuthorizations)
        .set({ status: 'posted', clearingId: input.id, clearedAmount: amount, clearedAt: now, postTransferId, points })
        .where(eq(cardAuthorizations.id, row.id))
        .returning();
      if (!cleared) throw new Error('authorization vanished');
      return settlement(cleared);
    }),
  );
  return clearing.catch(async (error: unknown) => {
    if (error instanceof LateClearingUncovered) throw await refuseUncovered(deps, error, now);
    return refuseIdUsedElsewhere(deps.db, 'Clearing', input, error);
  });
}

/** An expired authorization whose clearing is still within the presentment window. */
function isLatePresentment(deps: Deps, row: CardAuthorizationRow, now: Date): boolean {
  const window = deps.config.cards.presentmentDays * 86_400_000;
  return row.status === 'expired' && now.getTime() - row.authorizedAt.getTime() <= window;
}

/** A late clearing the member's money (or credit) does not cover: the transaction is undone, then refused. */
class LateClearingUncovered extends Error {
  constructor(
    readonly row: CardAuthorizationRow,
    readonly card: CardRow,
    readonly clearingId: string,
    readonly amount: bigint,
  ) {
    super('late clearing not covered');
  }
}

/** Tells the member a purchase whose hold had expired was posted after all, and leaves an audit row. */
async function lateClearingPosted(
  tx: Executor,
  row: CardAuthorizationRow,
  card: CardRow,
  clearingId: string,
  amount: bigint,
  now: Date,
) {
  await recordAudit(tx, {
    action: 'card.late_clearing_posted',
    actor: processorActor,
    targetUserId: card.userId,
    after: lateFacts(row, card, clearingId, amount),
    at: now,
  });
  await notify(
    tx,
    card.userId,
    {
      kind: 'card',
      title: 'Card purchase posted',
      body:
        `${formatMoney(amount)} at ${row.merchant} with your card ending ${card.last4} was posted: the merchant ` +
        'completed the purchase after its hold had expired.',
    },
    now,
  );
}

/** What staff read of a late clearing: ids and amounts, never the card's number. */
const lateFacts = (row: CardAuthorizationRow, card: CardRow, clearingId: string, amount: bigint) => ({
  card: card.last4,
  kind: card.kind,
  authorization: row.processorId,
  clearing: clearingId,
  merchant: row.merchant,
  amount: centsToDecimal(amount),
  authorizedAt: row.authorizedAt.toISOString(),
  expiredAt: row.expiredAt?.toISOString() ?? null,
});

/**
 * Records a late clearing that could not be posted (an audit row for staff, a log line naming the
 * authorization) in a transaction of its own, and answers the 409 the processor acts on.
 */
async function refuseUncovered(deps: Deps, refused: LateClearingUncovered, now: Date): Promise<AppError> {
  const { row, card, clearingId, amount } = refused;
  const facts = lateFacts(row, card, clearingId, amount);
  await deps.db.transaction((tx) =>
    recordAudit(tx, {
      action: 'card.late_clearing_refused',
      actor: processorActor,
      targetUserId: card.userId,
      after: facts,
      at: now,
    }),
  );
  deps.logger?.warn(
    {
      cardAuthorizationId: row.id,
      processorAuthorizationId: row.processorId,
      clearing: clearingId,
      amount: facts.amount,
    },
    'late card clearing refused: the member cannot cover it',
  );
  const what = card.kind === 'credit' ? "the card's available credit" : "the member's available balance";
  return new AppError(
    'CONFLICT',
    `Authorization ${row.processorId} expired before clearing ${clearingId} arrived, and ${what} does not cover ` +
      `${centsToDecimal(amount)}: the clearing was not posted.`,
  );
}

export async function reverseAuthorization(deps: Deps, input: ProcessorReversal): Promise<ProcessorSettlementResult> {
  const now = deps.clock();
  const reversal = withRetry(() =>
    deps.db.transaction(async (tx) => {
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
    }),
  );
  return reversal.catch((error: unknown) => refuseIdUsedElsewhere(deps.db, 'Reversal', input, error));
}

/**
 * The `cards.expire-authorizations` job: holds of authorizations older than
 * CARD_AUTHORIZATION_HOLD_DAYS that never cleared are let go (ledger `expire`), a page at a time,
 * each in its own transaction; and signatures too old to matter are forgotten.
 *
 * The pages go by (authorized, id), each after the last one's: an authorization that fails stays
 * due, but the next page starts past it, so however many fail (a page of them, run after run) they
 * never keep the later ones from expiring. The run's end names them all.
 */
export async function expireAuthorizations(
  deps: Deps & Pick<AppDeps, 'logger'>,
  now: Date,
  batch = 500,
): Promise<{ expired: number; errors: number }> {
  const before = new Date(now.getTime() - deps.config.cards.holdDays * 86_400_000);
  let expired = 0;
  const failed: string[] = [];
  const key = sql`(${cardAuthorizations.authorizedAt}, ${cardAuthorizations.id})`;
  // Each row's time as text, so the next page starts exactly after it (a Date keeps milliseconds only).
  const due = keysetPages(
    (after: { id: string; at: string } | undefined) =>
      deps.db
        .select({ id: cardAuthorizations.id, at: sql<string>`${cardAuthorizations.authorizedAt}::text` })
        .from(cardAuthorizations)
        .where(
          and(
            eq(cardAuthorizations.status, 'pending'),
            lt(cardAuthorizations.authorizedAt, before),
            after && sql`${key} > (${after.at}::timestamptz, ${after.id}::uuid)`,
          ),
        )
        .orderBy(asc(cardAuthorizations.authorizedAt), asc(cardAuthorizations.id))
        .limit(batch),
    batch,
  );
  for await (const { id } of due) {
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
        failed.push(id);
        deps.logger.error(
          { err: error, cardAuthorizationId: id },
          'card authorization not expired; it is retried at the next run',
        );
        return false;
      });
    if (done) expired++;
  }
  logLeftForNextRun(deps.logger, 'cardAuthorizationIds', 'card authorizations not expired', failed);
  await forgetOldSignatures(deps.db, now, deps.config.cards.processorToleranceSeconds);
  return { expired, errors: failed.length };
}
