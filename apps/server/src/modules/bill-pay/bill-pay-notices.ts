import { formatMoney, longDay } from '@mutual/shared';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { localDay } from '../../time';
import { renderEmail } from '../mail/templates';
import { notify } from '../notifications/notify';
import type { PaymentRow, ReadPaymentRow } from './bill-payment-view';
import { maskAccount } from './payees';

/**
 * What a member is told about a bill payment, in the caller's transaction: a notice in the bell
 * always; an e-mail too when the payment did not go through (not sent, or returned by the biller)
 * and they keep e-mail notifications on — never the full account number.
 */

type Deps = Pick<AppDeps, 'config' | 'mailer'>;

export type BillOutcome =
  | { kind: 'sent'; confirmationNumber: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'returned'; reason: string; note: string; accountHint: boolean };

const describe = (row: PaymentRow) => `${formatMoney(row.payment.amount)} to ${row.payee.nickname}`;

/**
 * `sentOn` is the day it was really sent, in the credit union's zone: after an outage a payment is
 * caught up later than its date, and then both are said.
 */
function notice(row: PaymentRow, outcome: BillOutcome, sentOn: string): { title: string; body: string } {
  const day = longDay(row.payment.payOn);
  const late = sentOn !== row.payment.payOn;
  switch (outcome.kind) {
    case 'sent':
      return {
        title: 'Bill payment sent',
        body:
          `Your payment of ${describe(row)} ${late ? `due ${day} ` : ''}was sent on ${longDay(sentOn)}. ` +
          `Confirmation number: ${outcome.confirmationNumber}.`,
      };
    case 'failed':
      return {
        title: 'Bill payment not sent',
        body: `Your payment of ${describe(row)} due ${day} was not sent: ${outcome.reason}`,
      };
    case 'returned':
      return {
        title: 'Bill payment returned',
        body: [
          `Your payment of ${describe(row)} ${late ? `due ${day}, sent on ${longDay(sentOn)},` : `sent on ${day}`} ` +
            `came back: ${outcome.reason.toLowerCase()}.`,
          `The money is back in your ${row.accountType} account.`,
          outcome.accountHint ? 'Please check the account number you gave for this payee.' : '',
          outcome.note ? `Note from our payments team: ${outcome.note}` : '',
        ]
          .filter(Boolean)
          .join(' '),
      };
  }
}

/** `row`'s payee number may be one that cannot be opened: the e-mail then leaves out its last four. */
export async function tellMember(tx: Executor, deps: Deps, row: ReadPaymentRow, outcome: BillOutcome, now: Date) {
  // Sent now (by the send job), or earlier (a return names the day it went).
  const told = notice(row, outcome, localDay(row.payment.sentAt ?? now, deps.config.timeZone));
  if (outcome.kind === 'sent') return tell(tx, deps, row, told, now);
  const failed = outcome.kind === 'failed';
  const amount = formatMoney(row.payment.amount);
  const account: Array<[string, string]> = row.numberUnreadable
    ? []
    : [['Your account there', maskAccount(row.payee.accountNumber)]];
  await tell(tx, deps, row, told, now, {
    template: failed ? 'bill-payment-not-sent' : 'bill-payment-returned',
    subject: `Your bill payment of ${amount} ${failed ? 'was not sent' : 'was returned'}`,
    more: [...account, ['Date', longDay(row.payment.payOn)]],
  });
}

/**
 * A recurring payment stopped by itself after `missed` payments in a row were not sent (`row` is
 * the last of them): a notice in the bell, and an e-mail when the member keeps e-mail on, so they
 * know to pay the payee another way or set it up again.
 */
export async function tellSeriesStopped(tx: Executor, deps: Deps, row: ReadPaymentRow, missed: number, now: Date) {
  const told = {
    title: 'Recurring payment stopped',
    body:
      `Your recurring payment of ${describe(row)} is stopped: its last ${missed} payments were not sent. ` +
      `No more payments will be made to ${row.payee.nickname}; to pay them again, set up a payment under Bill Pay.`,
  };
  await tell(tx, deps, row, told, now, {
    template: 'bill-series-stopped',
    subject: `Your recurring payment to ${row.payee.nickname} is stopped`,
  });
}

/**
 * The notice in the bell and, when `email` is given and the member keeps e-mail on, the same words
 * by e-mail, with the payment's amount and payee and then `email.more`.
 */
async function tell(
  tx: Executor,
  deps: Deps,
  row: PaymentRow,
  told: { title: string; body: string },
  now: Date,
  email?: { template: string; subject: string; more?: Array<[string, string]> },
) {
  await notify(tx, row.payment.userId, { kind: 'bill-pay', ...told }, now);
  if (!email || !row.member.notifyEmail) return;
  await deps.mailer.enqueue(
    tx,
    row.member.email,
    renderEmail(deps.config, {
      template: email.template,
      subject: email.subject,
      heading: told.title,
      paragraphs: [
        told.body,
        `Sign in to ${deps.config.brand.shortName} to see it under Bill Pay, or call us if you have questions.`,
      ],
      details: [
        ['Amount', formatMoney(row.payment.amount)],
        ['Payee', `${row.payee.nickname} (${row.payee.billerName})`],
        ...(email.more ?? []),
      ],
    }),
  );
}
