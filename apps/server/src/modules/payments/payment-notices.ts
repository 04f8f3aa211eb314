import { formatMoney } from '@mutual/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SecretBox } from '../../crypto/secret-box';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { renderEmail } from '../mail/templates';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { notify } from '../notifications/notify';
import { users } from '../people/people.tables';
import { maskTail } from './list-payment-orders';
import { paymentOrders } from './payments.tables';
import { openOrderNumbersOrNull } from './sealed-numbers';

/**
 * An order as its notices show it: `masked` is its account number's last four (`••3356`), or null
 * when its numbers cannot be opened (damaged, or sealed under a key this server does not hold) —
 * then the notices leave it out: the money goes back to the member all the same.
 */
type Order = Omit<typeof paymentOrders.$inferSelect, 'accountNumber' | 'iban'> & { masked: string | null };
type NoticeDeps = { config: Config; mailer: Mailer; secrets: SecretBox };

export interface Recipient {
  userId: string;
  email: string;
  notifyEmail: boolean;
  /** The account the money came from and goes back to. */
  accountType: string;
}

export type Outcome =
  | { kind: 'settled' }
  | { kind: 'returned'; reason: string; note: string }
  | { kind: 'expired'; hours: number }
  /** Voided by staff through Delete User Transactions, with the reason they gave. */
  | { kind: 'cancelled'; reason: string };

/** "$125.00 to Jamie Morgan at TD Bank (••3356)" ("… at TD Bank" when the number cannot be read) */
function payment(order: Order) {
  const account = order.masked ? ` (${order.masked})` : '';
  return `${formatMoney(order.amount)} to ${order.beneficiaryName} at ${order.bankName}${account}`;
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
    case 'cancelled':
      return {
        title: 'Payment cancelled',
        body:
          `Your payment of ${payment(order)} was cancelled by our staff before it was sent: ${outcome.reason}. ` +
          `The money is back in your ${account} account.`,
      };
  }
}

const undone = {
  returned: { template: 'payment-returned', subject: 'was returned', heading: 'Your payment was returned' },
  expired: { template: 'payment-expired', subject: 'has expired', heading: 'Your payment has expired' },
  cancelled: { template: 'payment-cancelled', subject: 'was cancelled', heading: 'Your payment was cancelled' },
} as const;

function why(outcome: Extract<Outcome, { kind: 'returned' | 'expired' | 'cancelled' }>): string {
  switch (outcome.kind) {
    case 'returned':
      return outcome.reason;
    case 'expired':
      return `It could not be sent within ${outcome.hours} hours`;
    case 'cancelled':
      return `Our staff cancelled it before it was sent: ${outcome.reason}`;
  }
}

function returnedEmail(
  config: Config,
  order: Order,
  account: string,
  outcome: Extract<Outcome, { kind: 'returned' | 'expired' | 'cancelled' }>,
) {
  const amount = formatMoney(order.amount);
  const words = undone[outcome.kind];
  const reason = why(outcome);
  return renderEmail(config, {
    template: words.template,
    subject: `Your payment of ${amount} ${words.subject}`,
    heading: words.heading,
    paragraphs: [
      `Your payment of ${payment(order)} did not go through. ${reason}.`,
      `The money is back in your ${account} account: you do not need to do anything to get it back.`,
      ...(outcome.kind === 'returned' && outcome.note ? [`Note from our payments team: ${outcome.note}`] : []),
      'If you still want to make this payment, check the details with the recipient ' +
        `and send it again from ${config.brand.shortName}.`,
    ],
    details: [
      ['Amount', amount],
      ['To', order.beneficiaryName],
      ['Bank', order.bankName],
      ...(order.masked ? ([['Account', order.masked]] as Array<[string, string]>) : []),
      ['Reason', reason],
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
  deps: NoticeDeps,
  sealed: typeof paymentOrders.$inferSelect,
  recipient: Recipient,
  outcome: Outcome,
  now: Date,
): Promise<void> {
  const opened = openOrderNumbersOrNull(deps.secrets, sealed);
  const order = { ...sealed, masked: opened && maskTail(opened.accountNumber) };
  await notify(tx, recipient.userId, { kind: 'transfer', ...notice(order, recipient.accountType, outcome) }, now);
  if (outcome.kind !== 'settled' && recipient.notifyEmail) {
    await deps.mailer.enqueue(tx, recipient.email, returnedEmail(deps.config, order, recipient.accountType, outcome));
  }
}

/**
 * The member's orders still waiting to go out, taken before Delete User Transactions voids them
 * (`ledger_reverse_member`), so that afterwards exactly those it cancelled are told.
 */
export async function pendingOrderIds(tx: Executor, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.status, 'pending')));
  return rows.map((row) => row.id);
}

/**
 * Tells the member of each order among `orderIds` that Delete User Transactions just cancelled
 * (resolved as returned at `now`), as a return tells them: a notification, and an e-mail if they
 * keep e-mail on. In the caller's transaction.
 */
export async function tellCancelledOrders(
  tx: Executor,
  deps: NoticeDeps,
  orderIds: string[],
  reason: string,
  now: Date,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const cancelled = await ordersWithOwner(tx)
    .where(
      and(inArray(paymentOrders.id, orderIds), eq(paymentOrders.status, 'returned'), eq(paymentOrders.resolvedAt, now)),
    )
    .orderBy(asc(paymentOrders.createdAt));
  for (const { order, email, notifyEmail, accountType } of cancelled) {
    const recipient = { userId: order.userId, email, notifyEmail, accountType };
    await tellMember(tx, deps, order, recipient, { kind: 'cancelled', reason }, now);
  }
  return cancelled.length;
}

/** Payment orders with what their notices need: the owner's e-mail and preference, the account's type. */
export function ordersWithOwner(tx: Executor) {
  return tx
    .select({
      order: paymentOrders,
      email: users.email,
      notifyEmail: users.notifyEmail,
      accountType: ledgerAccounts.type,
    })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, paymentOrders.fromAccountId));
}
