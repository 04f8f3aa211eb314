import { formatMoney, longDay } from '@mutual/shared';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { renderEmail } from '../mail/templates';
import { emailWanted, notify } from '../notifications/notify';
import type { AvailabilityPart } from './funds-availability';

/**
 * What a member is told about a deposit, in the caller's transaction: a notice in the bell
 * always; an e-mail too when the money did not come (rejected) or was taken back (returned) and
 * they keep e-mail notifications on.
 */

type Deps = Pick<AppDeps, 'config' | 'mailer'>;

export type DepositOutcome =
  | { kind: 'accepted'; parts: AvailabilityPart[] }
  | { kind: 'rejected'; reason: string }
  | { kind: 'returned'; reason: string; taken: bigint; owed: bigint };

export interface DepositFacts {
  userId: string;
  amount: bigint;
  account: string;
  submittedOn: string;
}

function notice(facts: DepositFacts, outcome: DepositOutcome): { title: string; body: string } {
  const what =
    `Your mobile deposit of ${formatMoney(facts.amount)} to ${facts.account} ` + `on ${longDay(facts.submittedOn)}`;
  switch (outcome.kind) {
    case 'accepted': {
      const [first, rest] = outcome.parts;
      const when =
        rest && first
          ? `${formatMoney(first.amount)} is available on ${longDay(first.availableOn)} and ` +
            `${formatMoney(rest.amount)} on ${longDay(rest.availableOn)}.`
          : `The money is available on ${longDay(first?.availableOn ?? facts.submittedOn)}.`;
      return { title: 'Check deposit accepted', body: `${what} was accepted. ${when}` };
    }
    case 'rejected':
      return {
        title: 'Check deposit rejected',
        body: `${what} was not accepted: ${sentenceInside(outcome.reason)}. No money was added to your account.`,
      };
    case 'returned':
      return {
        title: 'Deposited check returned',
        body: [
          `${what} was returned unpaid by the check writer's bank: ${sentenceInside(outcome.reason)}.`,
          `We took ${formatMoney(outcome.taken)} back from your account.`,
          outcome.owed > 0n
            ? `Your account did not have enough to cover the rest: ${formatMoney(outcome.owed)} is still owed. ` +
              'Please contact us to arrange repayment.'
            : '',
        ]
          .filter(Boolean)
          .join(' '),
      };
  }
}

/** A reason read inside a sentence: "The photo …" → "the photo …" (a trailing stop dropped). */
const sentenceInside = (reason: string) => `${reason.charAt(0).toLowerCase()}${reason.slice(1)}`.replace(/\.$/, '');

export async function tellMember(tx: Executor, deps: Deps, facts: DepositFacts, outcome: DepositOutcome, now: Date) {
  const told = notice(facts, outcome);
  await notify(tx, facts.userId, { kind: 'deposit', ...told }, now);
  if (outcome.kind === 'accepted') return;
  const email = await emailWanted(tx, facts.userId);
  if (!email) return;
  await deps.mailer.enqueue(
    tx,
    email,
    renderEmail(deps.config, {
      template: outcome.kind === 'rejected' ? 'deposit-rejected' : 'deposit-returned',
      subject:
        outcome.kind === 'rejected'
          ? `Your check deposit of ${formatMoney(facts.amount)} was not accepted`
          : `Your deposited check of ${formatMoney(facts.amount)} was returned`,
      heading: told.title,
      paragraphs: [
        told.body,
        `Sign in to ${deps.config.brand.shortName} to see it under Mobile Deposit, or call us if you have questions.`,
      ],
      details: [
        ['Amount', formatMoney(facts.amount)],
        ['Account', facts.account],
        ['Sent on', longDay(facts.submittedOn)],
      ],
    }),
  );
}
