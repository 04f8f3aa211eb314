import { formatMoney } from '@mutual/shared';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { renderEmail } from '../mail/templates';
import { notify } from '../notifications/notify';
import { maskTail } from './list-payment-orders';
import type { paymentOrders } from './payments.tables';

type Order = typeof paymentOrders.$inferSelect;

export interface Recipient {
  userId: string;
  email: string;
  notifyEmail: boolean;
  /** The account the money came from and goes back to. */
  accountType: string;
}

export type Outcome =
  { kind: 'settled' } | { kind: 'returned'; reason: string; note: string } | { kind: 'expired'; hours: number };

/** "$125.00 to Jamie Morgan at TD Bank (••3356)" */
function payment(order: Order) {
  return (
    `${formatMoney(order.amount)} to ${order.beneficiaryName} ` +
    `at ${order.bankName} (${maskTail(order.accountNumber)})`
  );
}

function notice(order: Order, account: string, outcome: Outcome): { title: string; body: string } {
  switch (outcome.kind) {
    case 'settled':
      return { title: 'Payment sent', body: `Your payment of ${payment(order)} has been sent.` };
    case 'returned':
      return {
        title: 'Payment returned',
        body: [
          `Your payment of ${payment(order)} was returned: ${outcome.reason}.`,
          `The money is back in your ${account} account.`,
          outcome.note ? `Note from our payments team: ${outcome.note}` : '',
        ]
          .filter(Boolean)
          .join(' '),
      };
    case 'expired':
      return {
        title: 'Payment expired',
        body:
          `Your payment of ${payment(order)} could not be sent within ${outcome.hours} hours and has expired. ` +
          `The money is back in your ${account} account.`,
      };
  }
}

function returnedEmail(
  config: Config,
  order: Order,
  account: string,
  outcome: Extract<Outcome, { kind: 'returned' | 'expired' }>,
) {
  const amount = formatMoney(order.amount);
  const why = outcome.kind === 'returned' ? outcome.reason : `It could not be sent within ${outcome.hours} hours`;
  return renderEmail(config, {
    template: outcome.kind === 'returned' ? 'payment-returned' : 'payment-expired',
    subject:
      outcome.kind === 'returned' ? `Your payment of ${amount} was returned` : `Your payment of ${amount} has expired`,
    heading: outcome.kind === 'returned' ? 'Your payment was returned' : 'Your payment has expired',
    paragraphs: [
      `Your payment of ${payment(order)} did not go through. ${why}.`,
      `The money is back in your ${account} account: you do not need to do anything to get it back.`,
      ...(outcome.kind === 'returned' && outcome.note ? [`Note from our payments team: ${outcome.note}`] : []),
      'If you still want to make this payment, check the details with the recipient ' +
        `and send it again from ${config.brand.shortName}.`,
    ],
    details: [
      ['Amount', amount],
      ['To', order.beneficiaryName],
      ['Bank', order.bankName],
      ['Account', maskTail(order.accountNumber)],
      ['Reason', why],
      ...(order.reference ? ([['Reference', order.reference]] as Array<[string, string]>) : []),
    ],
  });
}

/**
 * Tells the member what happened to their payment, in the caller's transaction: always a
 * notification; an e-mail too when the money came back and they keep e-mail notifications on.
 */
export async function tellMember(
  tx: Executor,
  deps: { config: Config; mailer: Mailer },
  order: Order,
  recipient: Recipient,
  outcome: Outcome,
  now: Date,
): Promise<void> {
  await notify(tx, recipient.userId, { kind: 'transfer', ...notice(order, recipient.accountType, outcome) }, now);
  if (outcome.kind !== 'settled' && recipient.notifyEmail) {
    await deps.mailer.enqueue(tx, recipient.email, returnedEmail(deps.config, order, recipient.accountType, outcome));
  }
}
