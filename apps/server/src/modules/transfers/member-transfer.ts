import { randomUUID } from 'node:crypto';
import { type AccountType, centsToDecimal, type PaymentOrderDetails, type TransferResult } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import type { RequestMeta } from '../audit/record-audit';
import { hashRequest, type IdempotentAnswer } from '../ledger/idempotency';
import type { UserRow } from '../people/people.tables';
import { type Fact, fact, type MoneyCommand, runMoneyCommand } from '../money/money-command';
import { sealOrderNumbers } from '../payments/sealed-numbers';
import { amountInCents } from './transfer-context';

export type Deps = Pick<AppDeps, 'database' | 'db' | 'clock' | 'config' | 'mailer' | 'secrets'>;

/** Who asks for a transfer, under which Idempotency-Key, and from where (for the audit row). */
export interface TransferCaller {
  member: UserRow;
  key: string;
  meta: RequestMeta;
}

/**
 * What one kind of member transfer says about itself; `runMemberTransfer` adds what they all share
 * (the key, the hold, the limit, a new transfer id, the audit row's and the answer's common
 * fields) and runs it as one money command.
 */
export interface MemberTransfer {
  type: TransferResult['transferType'];
  /** The parsed form: the amount and the member's account it comes from. */
  form: { amount: string; fromAccount: AccountType };
  /**
   * The request's identity for the Idempotency-Key: a route name and the parsed body; by default
   * `transfer:<type>` and the form.
   */
  request?: [route: string, body: unknown];
  to: MoneyCommand['to'];
  /** Outgoing transfers count against the limit; moves between the member's own accounts do not. */
  outgoing: boolean;
  debitMemo: string;
  creditMemo: string;
  reference: string | null;
  /** A payment order (US bank, international): the transfer is pending until staff settle it. */
  paymentOrder?: PaymentOrderDetails;
  /** The success message; a function of a fact when it names something only the database knows. */
  message: string | { fact: Fact; render: (value: string) => string };
  audit: { action: string; after: Record<string, unknown> };
  extra?: Pick<MoneyCommand, 'challenge' | 'recipientNotice' | 'recipientMail' | 'fill'>;
}

/**
 * The sender's own notice (their bell's receipt), for money that leaves them: to another member,
 * a US bank, abroad. A move between their own accounts gets none — it is on the screen they used
 * and in both accounts' history. The body is the success message, so its facts (the recipient's
 * name) are filled in the same way.
 */
const senderTitles: Record<TransferResult['transferType'], string> = {
  internal: 'Transfer made',
  user: 'Money sent',
  external: 'Transfer to a US bank submitted',
  international: 'International transfer submitted',
};

function senderNotice(spec: MemberTransfer) {
  if (!spec.outgoing) return { senderNotice: undefined, fill: [] };
  const reference = spec.reference ? ` Reference: ${spec.reference}` : '';
  const notice = { kind: 'transfer', title: senderTitles[spec.type] };
  if (typeof spec.message === 'string') {
    return { senderNotice: { ...notice, body: `${spec.message}${reference}` }, fill: [] };
  }
  const { render, fact: name } = spec.message;
  return {
    senderNotice: { ...notice, body: '' },
    fill: [withFacts('senderNotice', ['body'], (value) => `${render(value)}${reference}`, name)],
  };
}

export function runMemberTransfer(
  deps: Deps,
  { member, key, meta }: TransferCaller,
  spec: MemberTransfer,
): Promise<IdempotentAnswer> {
  const amount = amountInCents(spec.form.amount, deps.config.limits);
  const from = spec.form.fromAccount;
  const request = spec.request ?? [`transfer:${spec.type}`, spec.form];
  const transferId = randomUUID();
  const now = deps.clock();
  const paymentOrderId = spec.paymentOrder ? randomUUID() : null;
  const { transferLimitCount: count, transferLimitWindowHours: windowHours } = deps.config.limits;
  const message = typeof spec.message === 'string' ? spec.message : '';
  const sender = senderNotice(spec);
  const answer: TransferResult = {
    transferId,
    transferType: spec.type,
    status: spec.paymentOrder ? 'Pending' : 'Completed',
    amount: centsToDecimal(amount),
    fromAccount: from,
    message,
    createdAt: now.toISOString(),
    paymentOrderId,
  };
  return runMoneyCommand(deps, {
    actor: { userId: member.id, email: member.email },
    targetUserId: member.id,
    meta,
    now,
    transferId,
    idempotency: { key, requestHash: hashRequest(...request) },
    kind: spec.paymentOrder ? 'pending' : 'single',
    amount,
    category: 'Transfer',
    debitMemo: spec.debitMemo,
    creditMemo: spec.creditMemo,
    reference: spec.reference,
    checkHold: true,
    limit: spec.outgoing && count > 0 ? { count, windowHours } : undefined,
    from,
    to: spec.to,
    paymentOrder:
      spec.paymentOrder && paymentOrderId
        ? {
            ...spec.paymentOrder,
            id: paymentOrderId,
            ...sealOrderNumbers(deps.secrets, paymentOrderId, spec.paymentOrder),
          }
        : undefined,
    audit: {
      action: spec.audit.action,
      after: {
        transferId,
        ...(paymentOrderId && { paymentOrderId }),
        amount: centsToDecimal(amount),
        from,
        ...spec.audit.after,
      },
    },
    answer,
    ...spec.extra,
    senderNotice: sender.senderNotice,
    fill: [
      ...(typeof spec.message === 'string'
        ? []
        : [withFacts('answer', ['message'], spec.message.render, spec.message.fact)]),
      ...(spec.extra?.fill ?? []),
      ...sender.fill,
    ],
  });
}

const MARK = '\u0000fact\u0000';

/**
 * A text that needs a fact only the database knows (the recipient's name in "Sent $5.00 to …"),
 * as parts for `money_command` to join: the shared message is rendered once with a marker.
 */
export function withFacts(
  doc: 'answer' | 'audit' | 'debitMemo' | 'senderNotice',
  path: string[],
  render: (value: string) => string,
  name: Fact,
) {
  const parts = render(MARK)
    .split(MARK)
    .flatMap((piece, i) => (i === 0 ? [piece] : [fact(name), piece]))
    .filter((part) => part !== '');
  return { doc, path, parts };
}
