import { type CardCode, type CardCodeAction, cardCodeActionLabels, messages } from '@mutual/shared';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { timeOfDayIn } from '../../time';
import { hashRequest } from '../ledger/idempotency';
import { renderEmail } from '../mail/templates';
import type { UserRow } from '../people/people.tables';
import type { RequestMeta } from '../audit/record-audit';
import { issueChallenge, spendVerifiedChallenge, verifyExternalChallenge } from '../transfers/external-challenge';
import { transferChallenges } from '../transfers/transfers.tables';
import { memberCard } from './card-view';
import type { CardRow } from './cards.tables';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'secrets'>;

/**
 * The card code (spec §5 "Card OTP": 6 digits): asked for before Change PIN, Set Transaction
 * Limits and View Card Details. It is the same second factor as a transfer's — e-mailed, or the
 * member's authenticator; the same expiry and tries, claimed one UPDATE at a time — bound to one
 * card and one action, so a code for the limits cannot show the number. Verifying it marks it
 * verified; the action then spends it (`spendCardCode`), once.
 */

const bindingOf = (card: Pick<CardRow, 'id'>, action: CardCodeAction) =>
  hashRequest('card-code', { card: card.id, action });

const wording = { expired: messages.cards.otpExpired, wrong: messages.cards.otpWrong };

/** How long a code must still work to be answered again: one about to expire is not worth typing. */
const REUSE_MARGIN_MS = 60_000;

/** What asking for a card code needs beside the card: the action, and what the route counts. */
export interface CardCodeAsk {
  action: CardCodeAction;
  /** "Send a new code": always a new code, never the one already sent. */
  fresh: boolean;
  /**
   * Called once a new code is to be made, before anything is stored or sent (the route's rate
   * limit: it throws to refuse). Never called when the code already sent is answered again.
   */
  beforeSending: () => Promise<void>;
  /** Where the request came from: the audit row of a code issued records it. */
  meta: RequestMeta;
}

/**
 * A card code for this card and action. As the modal opens (`fresh` false), a code already sent
 * for exactly this member, card and action that still works — not expired (nor about to be), not
 * verified, not used, tries left, and on the member's current channel — is answered again: same
 * challenge, same expiry, nothing sent, nothing counted. A verified code is never answered again:
 * its id alone would let step 2 spend it without the code. "Send a new code" (`fresh`) makes a new
 * one as before; the one sent earlier keeps working until it expires, as it always has.
 *
 * Whether to make one is decided again under the card's row lock, in the transaction that stores
 * the code and its e-mail: openings at once take turns, and only the first sends.
 */
export async function requestCardCode(deps: Deps, member: UserRow, card: CardRow, ask: CardCodeAsk): Promise<CardCode> {
  // View Card Details is refused before activation (card-controls.ts): no code is sent for it.
  if (ask.action === 'details' && card.status === 'inactive')
    throw new AppError('CONFLICT', messages.cards.activateFirst);
  const binding = bindingOf(card, ask.action);
  const method: CardCode['method'] = member.totpEnabledAt && member.totpSecret ? 'totp' : 'email';
  const open = (db: Executor) => (ask.fresh ? null : openCardCode(deps, db, member, binding, method));
  const already = await open(deps.db);
  if (already) return already;

  await ask.beforeSending();
  return issueChallenge(
    deps,
    member,
    binding,
    (code) => cardCodeEmail(deps, card, ask.action, code),
    { sent: messages.cards.otpSent, authenticator: messages.cards.otpAuthenticator },
    {
      meta: ask.meta,
      purpose: { purpose: 'Card code', card: card.last4, cardAction: cardCodeActionLabels[ask.action] },
    },
    async (tx) => {
      // The card's row lock (as its controls take it): a parallel opening waits here, then finds this code.
      await memberCard(tx, member.id, card.id, true);
      return open(tx);
    },
  );
}

function cardCodeEmail(deps: Deps, card: CardRow, action: CardCodeAction, code: string) {
  const what = cardCodeActionLabels[action];
  return renderEmail(deps.config, {
    template: 'card-code',
    subject: `Your ${deps.config.brand.shortName} card code: ${code}`,
    heading: `${what}: your card code`,
    paragraphs: [
      `Enter this code to ${what.toLowerCase()} for your card ending ${card.last4}: ${code}`,
      `It works once, for this card and this action only, and expires in ` +
        `${deps.config.security.otpTtlMinutes} minutes.`,
      'If you did not ask for it, do not share the code: change your password and contact us now.',
    ],
  });
}

/** The newest code of this member for `binding` that still works on `method`, worded as sent before; or null. */
async function openCardCode(
  deps: Deps,
  db: Executor,
  member: Pick<UserRow, 'id'>,
  binding: string,
  method: CardCode['method'],
): Promise<CardCode | null> {
  const worksUntil = new Date(deps.clock().getTime() + REUSE_MARGIN_MS);
  const [open] = await db
    .select({ id: transferChallenges.id, expiresAt: transferChallenges.expiresAt })
    .from(transferChallenges)
    .where(
      and(
        eq(transferChallenges.userId, member.id),
        eq(transferChallenges.payloadHash, binding),
        eq(transferChallenges.method, method),
        isNull(transferChallenges.verifiedAt),
        isNull(transferChallenges.usedAt),
        gt(transferChallenges.expiresAt, worksUntil),
        lt(transferChallenges.attempts, deps.config.security.otpMaxAttempts),
      ),
    )
    .orderBy(desc(transferChallenges.createdAt))
    .limit(1);
  if (!open) return null;
  return {
    challengeId: open.id,
    method,
    expiresAt: open.expiresAt.toISOString(),
    message:
      method === 'email'
        ? messages.cards.otpAlreadySent(timeOfDayIn(open.expiresAt, deps.config.timeZone))
        : messages.cards.otpAuthenticator,
  };
}

export async function verifyCardCode(
  deps: Deps,
  caller: { member: UserRow; meta: RequestMeta },
  card: CardRow,
  action: CardCodeAction,
  challengeId: string,
  otp: string,
): Promise<void> {
  const state = await verifyExternalChallenge(deps, caller, challengeId, bindingOf(card, action), otp, wording);
  if (state === 'used') throw new AppError('CONFIRMATION_EXPIRED', messages.cards.otpExpired);
}

/**
 * Spends a verified card code in the caller's transaction (one UPDATE: two requests with one code
 * cannot both pass). Refused when it is not this member's, for another card or action, not
 * verified, used, or expired.
 */
export async function spendCardCode(
  tx: Executor,
  member: Pick<UserRow, 'id'>,
  card: CardRow,
  action: CardCodeAction,
  challengeId: string,
  now: Date,
): Promise<void> {
  const spent = await spendVerifiedChallenge(
    tx,
    { id: challengeId, userId: member.id },
    now,
    eq(transferChallenges.payloadHash, bindingOf(card, action)),
    gt(transferChallenges.expiresAt, now),
  );
  if (!spent) throw new AppError('CONFIRMATION_EXPIRED', messages.cards.otpExpired);
}
