import type { AccountType, InternalTarget, PaymentOrderDetails, TransactionCategory } from '@mutual/shared';
import { formatMoney, messages } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { sqlState, withRetry } from '../../db/errors';
import { AppError, httpStatusByCode } from '../../errors';
import type { Actor, RequestMeta } from '../audit/record-audit';
import { errorBody, type IdempotentAnswer, storeAnswer } from '../ledger/idempotency';
import { LIVE_CHANNEL } from '../../db/live-channel';
import type { RenderedEmail } from '../mail/templates';

/**
 * One shape for every request that moves money: each kind (`create-*-transfer.ts`, the staff
 * balance target) only says what is particular to it — accounts, memos, the answer — and this
 * runs it as one call of the `money_command` database function (`sql/money_command.sql`): the
 * Idempotency-Key, the US-bank code, the hold, the limit, the ledger, the payment order, the
 * recipient's notice and e-mail, the audit row and the stored answer, in one statement. Members'
 * pages hear of it after the commit; a refusal is stored under the key by a second statement.
 */

type Deps = Pick<AppDeps, 'database' | 'db' | 'mailer'>;

/** A value only the database knows when the command runs. */
export type Fact = 'recipient.id' | 'recipient.name' | 'account.type' | 'balance.before';
export const fact = (name: Fact) => ({ fact: name });
type Part = string | { fact: Fact };

export interface MoneyCommand {
  /** Who asks: the member, or the staff user setting a balance. */
  actor: Actor;
  targetUserId: string;
  meta: RequestMeta;
  now: Date;
  /** Named here, so the answer and the audit row can carry it. */
  transferId: string;
  /** Without a key the command is not replayable (a staff balance target is idempotent by nature). */
  idempotency?: { key: string; requestHash: string };
  kind?: 'single' | 'pending';
  amount?: bigint;
  category: TransactionCategory;
  debitMemo: string;
  creditMemo: string;
  reference?: string | null;
  /** Staff holds refuse member commands (ACCOUNT_LOCKED). */
  checkHold: boolean;
  /** Counts against the outgoing-transfer limit (count, window in hours; 0 = none). */
  limit?: { count: number; windowHours: number };
  /** The US-bank code, verified for exactly this transfer, is used up by it. */
  challenge?: { id: string; payloadHash: string };
  from?: AccountType;
  to:
    | { own: InternalTarget }
    | { memberEmail: string }
    | { general: string }
    | { setBalance: { accountId: string; owner: string; target: bigint; against: string } };
  /** Recorded with the pending transfer, for Payment Operations to settle or return. */
  paymentOrder?: PaymentOrderDetails & { id: string };
  recipientNotice?: { kind: string; title: string; body: string };
  recipientMail?: RenderedEmail;
  /** The member who sent the money is told too (they started it; the notice is their receipt). */
  senderNotice?: { kind: string; title: string; body: string };
  audit: { action: string; before?: unknown; after?: unknown };
  answer: unknown;
  answerStatus?: number;
  /** Facts set into the answer or the audit row (at a JSON path) or the debit memo, joined from parts. */
  fill?: Array<{ doc: 'answer' | 'audit' | 'debitMemo' | 'senderNotice'; path: string[]; parts: Part[] }>;
  /** A kind's own wording for a refusal (SQLSTATE, DETAIL); the default is the transfers' wording. */
  refusal?: (state: string, detail: string | undefined) => AppError | undefined;
}

const statement = {
  name: 'money_command',
  text: `select status_code, answer, replayed, live from money_command(
    p_user_id => $1::uuid, p_now => $2::timestamptz, p_transfer_id => $3::uuid, p_category => $4::text,
    p_debit_memo => $5::text, p_credit_memo => $6::text, p_audit => $7::jsonb, p_answer => $8::jsonb,
    p_answer_status => $9::int, p_key => $10::text, p_request_hash => $11::text, p_kind => $12::text,
    p_amount => $13::bigint, p_reference => $14::text, p_check_hold => $15::boolean, p_limit_count => $16::int,
    p_limit_window_hours => $17::int, p_challenge_id => $18::uuid, p_challenge_hash => $19::text,
    p_from_type => $20::text, p_to_type => $21::text, p_to_email => $22::text, p_general_account => $23::uuid,
    p_account_id => $24::uuid, p_account_owner => $25::uuid, p_set_balance => $26::bigint,
    p_payment_order => $27::jsonb, p_recipient_notice => $28::jsonb, p_recipient_mail => $29::jsonb,
    p_fill => $30::jsonb, p_sender_notice => $31::jsonb)`,
};

interface Row {
  status_code: number;
  answer: unknown;
  replayed: boolean;
  live: Array<{ userId: string | null; kind: string }>;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

function values(command: MoneyCommand, mailStatus: string): unknown[] {
  const { to } = command;
  const setBalance = 'setBalance' in to ? to.setBalance : undefined;
  return [
    command.actor.userId,
    command.now.toISOString(),
    command.transferId,
    command.category,
    command.debitMemo,
    command.creditMemo,
    json({
      ...command.audit,
      actorUserId: command.actor.userId,
      actorEmail: command.actor.email,
      targetUserId: command.targetUserId,
      ipAddress: command.meta.ipAddress,
      userAgent: command.meta.userAgent?.slice(0, 300) ?? null,
    }),
    json(command.answer),
    command.answerStatus ?? 201,
    command.idempotency?.key ?? null,
    command.idempotency?.requestHash ?? null,
    command.kind ?? 'single',
    command.amount?.toString() ?? null,
    command.reference ?? null,
    command.checkHold,
    command.limit?.count ?? 0,
    command.limit?.windowHours ?? 24,
    command.challenge?.id ?? null,
    command.challenge?.payloadHash ?? null,
    command.from ?? null,
    'own' in to ? to.own : null,
    'memberEmail' in to ? to.memberEmail : null,
    'general' in to ? to.general : (setBalance?.against ?? null),
    setBalance?.accountId ?? null,
    setBalance?.owner ?? null,
    setBalance?.target.toString() ?? null,
    json(command.paymentOrder),
    json(command.recipientNotice),
    command.recipientMail ? json({ ...command.recipientMail, status: mailStatus }) : null,
    command.fill?.length ? json(command.fill) : null,
    json(command.senderNotice),
  ];
}

/** A conflicting key from a racing request that stored its answer first: run again, and replay it. */
const retryable = new Set(['23505']);

export async function runMoneyCommand(deps: Deps, command: MoneyCommand): Promise<IdempotentAnswer> {
  const mailStatus = deps.mailer.mode === 'smtp' ? 'pending' : 'stored';
  let row: Row | undefined;
  try {
    row = await withRetry(
      async () => (await deps.database.prepared<Row>(statement, values(command, mailStatus)))[0],
      5,
      retryable,
    );
  } catch (error) {
    const refusal = refusalOf(command, error);
    if (!refusal) throw error;
    if (!command.idempotency || refusal.code === 'IDEMPOTENCY_KEY_REUSED') throw refusal;
    // Stored under the key, so a retry gets the same refusal; a racing request's answer wins.
    return storeAnswer(deps.db, {
      userId: command.actor.userId ?? command.targetUserId,
      key: command.idempotency.key,
      requestHash: command.idempotency.requestHash,
      now: command.now,
      answer: { statusCode: httpStatusByCode[refusal.code], body: errorBody(refusal) },
    });
  }
  if (!row) throw new Error('money_command answered nothing');
  const events = [
    ...new Set(row.live.filter((e) => e.userId).map((e) => JSON.stringify({ userId: e.userId, kind: e.kind }))),
  ];
  deps.database.publish(LIVE_CHANNEL, events);
  if (command.recipientMail && !row.replayed) void deps.mailer.flush();
  return { statusCode: row.status_code, body: row.answer, replayed: row.replayed };
}

function refusalOf(command: MoneyCommand, error: unknown): AppError | undefined {
  const state = sqlState(error);
  if (!state?.startsWith('MU')) return undefined;
  const detail = (error as { detail?: string }).detail ?? (error as { cause?: { detail?: string } }).cause?.detail;
  const own = command.refusal?.(state, detail);
  if (own) return own;
  switch (state) {
    case 'MU400':
      return new AppError('VALIDATION_FAILED', messages.transfers.invalidRecipient, {
        recipientEmail: messages.transfers.invalidRecipient,
      });
    case 'MU402':
      return new AppError('INSUFFICIENT_FUNDS', messages.transfers.insufficientFunds, {
        amount: messages.transfers.insufficientFunds,
      });
    case 'MU422': {
      const owed = messages.transfers.moreThanCardOwes(formatMoney(BigInt(detail ?? '0')));
      return new AppError('VALIDATION_FAILED', owed, { amount: owed });
    }
    case 'MU404':
      return new AppError('NOT_FOUND', messages.transfers.sourceAccountNotFound);
    case 'MU409':
      return new AppError('CONFLICT', 'This transfer has already been settled, returned or reversed.');
    case 'MU410':
      return new AppError('CONFIRMATION_EXPIRED', messages.transfers.otpExpired);
    case 'MU423':
      return new AppError('ACCOUNT_LOCKED', messages.transfers.onHold);
    case 'MU428':
      return new AppError('IDEMPOTENCY_KEY_REUSED', messages.transfers.idempotencyKeyReused);
    case 'MU429':
      return command.limit
        ? new AppError(
            'TRANSFER_LIMIT_REACHED',
            messages.transfers.limitReached(command.limit.count, command.limit.windowHours),
          )
        : undefined;
    default:
      return undefined;
  }
}
