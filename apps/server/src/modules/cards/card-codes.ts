import { type CardCode, type CardCodeAction, cardCodeActionLabels, messages } from '@mutual/shared';
import { eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { hashRequest } from '../ledger/idempotency';
import { renderEmail } from '../mail/templates';
import type { UserRow } from '../people/people.tables';
import type { RequestMeta } from '../audit/record-audit';
import { issueChallenge, spendVerifiedChallenge, verifyExternalChallenge } from '../transfers/external-challenge';
import { transferChallenges } from '../transfers/transfers.tables';
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

export function requestCardCode(deps: Deps, member: UserRow, card: CardRow, action: CardCodeAction): Promise<CardCode> {
  const what = cardCodeActionLabels[action];
  return issueChallenge(
    deps,
    member,
    bindingOf(card, action),
    (code) =>
      renderEmail(deps.config, {
        template: 'card-code',
        subject: `Your ${deps.config.brand.shortName} card code: ${code}`,
        heading: `${what}: your card code`,
        paragraphs: [
          `Enter this code to ${what.toLowerCase()} for your card ending ${card.last4}: ${code}`,
          `It works once, for this card and this action only, and expires in ` +
            `${deps.config.security.otpTtlMinutes} minutes.`,
          'If you did not ask for it, do not share the code: change your password and contact us now.',
        ],
      }),
    { sent: messages.cards.otpSent, authenticator: messages.cards.otpAuthenticator },
  );
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
