import { messages } from '@mutual/shared';
import { and, eq, gt, isNotNull, max, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { type RequestMeta, systemActor } from '../audit/record-audit';
import { revokeUserSessions } from '../auth/sessions';
import { findActiveHold, placeHold } from '../holds/holds';
import { memberHolds } from '../holds/holds.tables';
import { renderEmail } from '../mail/templates';
import { type UserRow, users } from '../people/people.tables';
import { transferChallenges } from './transfers.tables';

type Deps = Pick<AppDeps, 'config' | 'mailer'>;

/**
 * Wrong confirmation codes add up across codes. Five tries a code stop one code being guessed,
 * but whoever holds a member's session can ask for another code again and again; so once
 * `confirmationBlock.threshold` codes were wrong within `hours` (every code the member was sent: US
 * bank transfers, new payees, card codes) the portal stops. The transaction being confirmed is
 * refused (TRANSACTION_BLOCKED: spec §4/§8, the "Transaction Blocked" modal); a hold in the portal's
 * own name refuses the member's money movement until staff, who see why on the member, lift it;
 * every session of the member ends, so whoever was guessing is out; and the member is e-mailed.
 * Tries from before the last hold was lifted do not count: staff lifting it is a fresh start.
 *
 * `guessingGuard` runs in the try's transaction once the try is claimed, before its code is
 * compared, and counts the member's wrong tries once, under a lock on their row (parallel tries
 * count one after another, and cannot all read a count under the threshold). A member already over
 * the threshold is refused whatever the code (`blocked`: a guess that happens to be right must not
 * pass); a wrong code that reaches it blocks them (`wrong`), in the same transaction, so the block
 * commits with the try that set it off.
 */
export async function guessingGuard(deps: Deps, tx: Executor, member: UserRow, now: Date) {
  const { threshold, hours } = deps.config.security.confirmationBlock;
  const tries = await wrongTries(deps.config, tx, member.id, now);
  return {
    /** Over the threshold already, this try aside. */
    blocked: tries - 1 >= threshold,
    /** This try's code was wrong: blocks the member when it reached the threshold; true when it did. */
    async wrong(meta: RequestMeta): Promise<boolean> {
      if (tries < threshold) return false;
      // A member staff already hold keeps that hold (and its reason); their sessions end all the same.
      if (await findActiveHold(tx, member.id)) await revokeUserSessions(tx, member.id, 'confirmation codes', now);
      else
        await placeHold(tx, {
          userId: member.id,
          reason: messages.holds.securityReason(threshold, hours),
          actor: systemActor,
          meta,
          now,
        });
      await deps.mailer.enqueue(tx, member.email, blockedEmail(deps.config));
      return true;
    },
  };
}

/**
 * The member's wrong tries (this one included, as claimed) within the window and since their last
 * hold was lifted: every try claimed on their codes, less the one right try of each verified code.
 */
async function wrongTries(config: Config, tx: Executor, userId: string, now: Date): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const window = new Date(now.getTime() - config.security.confirmationBlock.hours * 3_600_000);
  const lastLifted = tx
    .select({ at: max(memberHolds.liftedAt) })
    .from(memberHolds)
    .where(and(eq(memberHolds.userId, userId), isNotNull(memberHolds.liftedAt)));
  const { attempts, verifiedAt } = transferChallenges;
  const [row] = await tx
    .select({ wrong: sql<number>`coalesce(sum(${attempts} - (${verifiedAt} is not null)::int), 0)::int` })
    .from(transferChallenges)
    .where(
      and(
        eq(transferChallenges.userId, userId),
        gt(transferChallenges.createdAt, window),
        sql`${transferChallenges.createdAt} > coalesce((${lastLifted}), '-infinity'::timestamptz)`,
      ),
    );
  return Number(row?.wrong ?? 0);
}

function blockedEmail(config: Config) {
  const { threshold, hours } = config.security.confirmationBlock;
  return renderEmail(config, {
    template: 'transactions-blocked',
    subject: `We blocked transactions on your ${config.brand.shortName} account`,
    heading: 'We blocked transactions on your account',
    paragraphs: [
      `A confirmation code was entered wrongly ${threshold} times in ${hours} hours, so for your security we ` +
        'blocked the transaction, put transfers from your account on hold and signed you out everywhere.',
      `If this was not you, someone may know your password: reset it, then call us on ${config.support.phone}. ` +
        'If it was you, contact us and we will lift the hold once we have spoken to you.',
    ],
  });
}
