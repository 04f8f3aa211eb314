import {
  type CardCodeAction,
  type CardDesign,
  type CardKind,
  type CardDetails,
  type CardResult,
  centsToDecimal,
  formatMoney,
  messages,
  parseMoney,
  type activateCardSchema,
  type cardLimitsSchema,
  type changePinSchema,
  type reportLostSchema,
} from '@mutual/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SecretOpenError } from '../../crypto/secret-box';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { type Actor, recordAudit, type RequestMeta } from '../audit/record-audit';
import { notify } from '../notifications/notify';
import type { UserRow } from '../people/people.tables';
import { spendCardCode } from './card-codes';
import { cardNumberContext, expiryText, groupedNumber } from './card-numbers';
import { memberCard, oneCardView } from './card-view';
import { type CardRow, cards } from './cards.tables';
import { issueCard } from './issue-card';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'secrets' | 'cardKeys' | 'mailer'>;

export interface CardCaller {
  member: UserRow;
  actor: Actor;
  meta: RequestMeta;
}

/** Tries at activating a replacement before it must be sent again (or staff called). */
const ACTIVATION_TRIES = 5;

interface Change {
  action: string;
  /** What the audit row records: never the number, the PIN or the CVV. */
  after?: Record<string, unknown>;
  notice?: { title: string; body: string };
}

/**
 * One member action on one card: the card row locked (`FOR UPDATE`, so a lock and a purchase's
 * authorization, or two actions, take turns), the rule checked, the change, its audit row and the
 * member's notice in one transaction. Another member's card is not found.
 */
async function onCard(
  deps: Deps,
  caller: CardCaller,
  cardId: string,
  change: (tx: Executor, card: CardRow, now: Date) => Promise<Change & { message: string; card?: CardRow }>,
): Promise<CardResult> {
  const now = deps.clock();
  const { message, card } = await deps.db.transaction(async (tx) => {
    const before = await memberCard(tx, caller.member.id, cardId, true);
    const done = await change(tx, before, now);
    await recordAudit(tx, {
      action: done.action,
      actor: caller.actor,
      targetUserId: caller.member.id,
      meta: caller.meta,
      before: { card: before.last4, kind: before.kind, status: before.status },
      after: { card: before.last4, ...done.after },
      at: now,
    });
    if (done.notice) await notify(tx, caller.member.id, { kind: 'card', ...done.notice }, now);
    const [after] = await tx
      .select()
      .from(cards)
      .where(eq(cards.id, (done.card ?? before).id));
    return { message: done.message, card: after ?? before };
  });
  return { message, card: await oneCardView(deps, card) };
}

const refuseClosed = (card: CardRow) => {
  if (card.status === 'closed') throw new AppError('CONFLICT', messages.cards.closedCard);
};

/**
 * Lock, unlock, activate: the card's new status (and when), then what was `done` names the audit
 * action (`card.locked`), the notice's title (`Card locked`) and the message.
 */
async function setStatus(
  tx: Executor,
  card: CardRow,
  set: Pick<Partial<CardRow>, 'lockedAt' | 'activatedAt'> & { status: 'active' | 'locked' },
  done: 'locked' | 'unlocked' | 'activated',
): Promise<Change & { message: string }> {
  await tx.update(cards).set(set).where(eq(cards.id, card.id));
  const message = messages.cards[done](card.last4);
  return {
    action: `card.${done}`,
    after: { status: set.status },
    message,
    notice: { title: `Card ${done}`, body: message },
  };
}

export function lockCard(deps: Deps, caller: CardCaller, cardId: string): Promise<CardResult> {
  return onCard(deps, caller, cardId, async (tx, card, now) => {
    refuseClosed(card);
    if (card.status === 'locked') throw new AppError('CONFLICT', messages.cards.alreadyLocked);
    if (card.status !== 'active') throw new AppError('CONFLICT', messages.cards.notActive);
    return setStatus(tx, card, { status: 'locked', lockedAt: now }, 'locked');
  });
}

export function unlockCard(deps: Deps, caller: CardCaller, cardId: string): Promise<CardResult> {
  return onCard(deps, caller, cardId, async (tx, card) => {
    refuseClosed(card);
    if (card.status !== 'locked') throw new AppError('CONFLICT', messages.cards.notLocked);
    return setStatus(tx, card, { status: 'active', lockedAt: null }, 'unlocked');
  });
}

/**
 * Report lost or stolen: the card is closed for ever (every later authorization on its number is
 * declined) and a replacement with a new number, the same account, limits, switches and reward
 * points is issued, waiting to be activated. Purchases already approved may still clear; their
 * points go to the replacement.
 */
export function reportCardLost(
  deps: Deps,
  caller: CardCaller,
  cardId: string,
  input: z.output<typeof reportLostSchema>,
): Promise<CardResult> {
  return onCard(deps, caller, cardId, async (tx, card, now) => {
    refuseClosed(card);
    const replacement = await replaceLostCard(tx, deps, card, input.reason, now);
    const message = messages.cards.reportedLost(card.last4, replacement.last4);
    return {
      action: 'card.reported_lost',
      after: { status: 'closed', reason: input.reason, replacement: replacement.last4 },
      message,
      notice: { title: `Card reported ${input.reason}`, body: message },
      card: replacement,
    };
  });
}

/**
 * Report Lost or Stolen's change, on a card whose row lock the caller holds: the card closed, its
 * replacement issued (inactive), and the reward points moved to it. A clearing or a staff reversal
 * changing the points at the same moment waits for the lock, then finds the replacement
 * (sql/cards_lock_in_use.sql).
 */
export async function replaceLostCard(
  tx: Executor,
  deps: Pick<Deps, 'config' | 'secrets' | 'cardKeys'>,
  card: CardRow,
  reason: z.output<typeof reportLostSchema>['reason'],
  now: Date,
): Promise<CardRow> {
  await tx.update(cards).set({ status: 'closed', closedReason: reason, closedAt: now }).where(eq(cards.id, card.id));
  const replacement = await issueCard(
    tx,
    deps,
    {
      userId: card.userId,
      kind: card.kind as CardKind,
      design: card.design as CardDesign,
      nameOnCard: card.nameOnCard,
      accountId: card.accountId,
      status: 'inactive',
      replaces: card,
    },
    now,
  );
  // The points are the member's, not the plastic's: the replacement takes them.
  await tx.update(cards).set({ rewardsPoints: card.rewardsPoints }).where(eq(cards.id, replacement.id));
  await tx.update(cards).set({ rewardsPoints: 0 }).where(eq(cards.id, card.id));
  return replacement;
}

/**
 * Activates a replacement with its last 4 digits and expiry, as printed on the card: the portal
 * shows no expiry and no details before (card-view.ts, `viewCardDetails`). Each try is claimed (one UPDATE)
 * before the comparison and commits even when wrong, so parallel guesses cannot pass the limit.
 */
export async function activateCard(
  deps: Deps,
  caller: CardCaller,
  cardId: string,
  input: z.output<typeof activateCardSchema>,
): Promise<CardResult> {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const card = await memberCard(tx, caller.member.id, cardId);
    refuseClosed(card);
    if (card.status !== 'inactive') throw new AppError('CONFLICT', messages.cards.alreadyActive);
    const [claimed] = await tx
      .update(cards)
      .set({ activationAttempts: sql`${cards.activationAttempts} + 1` })
      .where(and(eq(cards.id, card.id), eq(cards.status, 'inactive'), lt(cards.activationAttempts, ACTIVATION_TRIES)))
      .returning();
    if (!claimed) return 'too-many' as const;
    const matches =
      input.last4 === claimed.last4 && input.expiry === expiryText(claimed.expiryMonth, claimed.expiryYear);
    if (!matches) {
      await recordAudit(tx, {
        action: 'card.activation_failed',
        actor: caller.actor,
        targetUserId: caller.member.id,
        meta: caller.meta,
        after: { card: claimed.last4, attempt: claimed.activationAttempts },
        at: now,
      });
      return 'wrong' as const;
    }
    return 'ok' as const;
  });
  if (outcome === 'too-many') throw new AppError('RATE_LIMITED', messages.cards.activationTooMany);
  if (outcome === 'wrong')
    throw new AppError('VALIDATION_FAILED', messages.cards.activationMismatch, {
      last4: messages.cards.activationMismatch,
    });
  return onCard(deps, caller, cardId, async (tx, card) => {
    if (card.status !== 'inactive') throw new AppError('CONFLICT', messages.cards.alreadyActive);
    return setStatus(tx, card, { status: 'active', activatedAt: now }, 'activated');
  });
}

/** A change behind a card code: the verified code is spent in the change's transaction. */
function withCode(
  deps: Deps,
  caller: CardCaller,
  cardId: string,
  action: CardCodeAction,
  challengeId: string,
  change: (tx: Executor, card: CardRow, now: Date) => Promise<Change & { message: string }>,
): Promise<CardResult> {
  return onCard(deps, caller, cardId, async (tx, card, now) => {
    refuseClosed(card);
    await spendCardCode(tx, caller.member, card, action, challengeId, now);
    return change(tx, card, now);
  });
}

/** Change PIN: stored as a keyed hash bound to the card; the day's wrong tries start again. */
export function changeCardPin(
  deps: Deps,
  caller: CardCaller,
  cardId: string,
  input: z.output<typeof changePinSchema>,
): Promise<CardResult> {
  return withCode(deps, caller, cardId, 'pin', input.challengeId, async (tx, card, now) => {
    await tx
      .update(cards)
      .set({ pinDigest: deps.cardKeys.pinDigest(card.id, input.pin), pinChangedAt: now, pinFailures: 0 })
      .where(eq(cards.id, card.id));
    const message = messages.cards.pinChanged(card.last4);
    return { action: 'card.pin_changed', message, notice: { title: 'Card PIN changed', body: message } };
  });
}

export function setCardLimits(
  deps: Deps,
  caller: CardCaller,
  cardId: string,
  input: z.output<typeof cardLimitsSchema>,
): Promise<CardResult> {
  const { ceilings } = deps.config.cards;
  const cents = (value: string) => {
    const parsed = parseMoney(value);
    if (!parsed.ok) throw new AppError('VALIDATION_FAILED', messages.cards.limitInvalid);
    return parsed.cents;
  };
  const limits = {
    perPurchase: cents(input.perPurchase),
    dailyPurchases: cents(input.dailyPurchases),
    dailyAtm: cents(input.dailyAtm),
  };
  const fields: Record<string, string> = {};
  for (const key of ['perPurchase', 'dailyPurchases', 'dailyAtm'] as const) {
    if (limits[key] > ceilings[key]) fields[key] = messages.cards.limitTooHigh(formatMoney(ceilings[key]));
  }
  const [first] = Object.values(fields);
  if (first) throw new AppError('VALIDATION_FAILED', first, fields);
  return withCode(deps, caller, cardId, 'limits', input.challengeId, async (tx, card) => {
    await tx
      .update(cards)
      .set({
        limitPerPurchase: limits.perPurchase,
        limitDailyPurchases: limits.dailyPurchases,
        limitDailyAtm: limits.dailyAtm,
        allowOnline: input.online,
        allowInternational: input.international,
        allowAtm: input.atm,
      })
      .where(eq(cards.id, card.id));
    const message = messages.cards.limitsSaved(card.last4);
    return {
      action: 'card.limits_changed',
      after: {
        perPurchase: centsToDecimal(limits.perPurchase),
        dailyPurchases: centsToDecimal(limits.dailyPurchases),
        dailyAtm: centsToDecimal(limits.dailyAtm),
        online: input.online,
        international: input.international,
        atm: input.atm,
      },
      message,
      notice: { title: 'Card limits changed', body: message },
    };
  });
}

/**
 * View Card Details: the full number, expiry and CVV (derived, never stored) for a spent card
 * code, audited; not for a card waiting to be activated. A number that cannot be opened (the key
 * that sealed it is not configured) is the one time the spec's "Service temporarily unavailable" is
 * the truth.
 */
export async function viewCardDetails(
  deps: Deps,
  caller: CardCaller,
  cardId: string,
  challengeId: string,
): Promise<CardDetails> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const card = await memberCard(tx, caller.member.id, cardId, true);
    refuseClosed(card);
    // Activation asks for what is printed on the card: the portal shows none of it before.
    if (card.status === 'inactive') throw new AppError('CONFLICT', messages.cards.activateFirst);
    await spendCardCode(tx, caller.member, card, 'details', challengeId, now);
    let number: string;
    try {
      number = deps.secrets.open(card.numberSealed, cardNumberContext(card.id));
    } catch (error) {
      if (error instanceof SecretOpenError) throw new AppError('UNAVAILABLE', messages.cards.unavailable);
      throw error;
    }
    await recordAudit(tx, {
      action: 'card.details_viewed',
      actor: caller.actor,
      targetUserId: caller.member.id,
      meta: caller.meta,
      after: { card: card.last4 },
      at: now,
    });
    const expiry = expiryText(card.expiryMonth, card.expiryYear);
    const seconds = deps.config.cards.detailsSeconds;
    return {
      number: groupedNumber(number),
      expiry,
      cvv: deps.cardKeys.cvv(number, expiry),
      nameOnCard: card.nameOnCard,
      visibleUntil: new Date(now.getTime() + seconds * 1000).toISOString(),
      message: messages.cards.detailsVisible(seconds),
    };
  });
}
