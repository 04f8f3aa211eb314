import { createHash, randomUUID } from 'node:crypto';
import { messages, periodLabel } from '@mutual/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { renderEmail } from '../mail/templates';
import { notify } from '../notifications/notify';
import { buildStatement } from './build-statement';
import { postDividend } from './dividends';
import { renderStatementPdf } from './render-statement-pdf';
import { currentPeriod, lastClosedPeriod, offeredPeriods } from './statement-periods';
import { statementFiles, statements } from './statements.tables';

/**
 * Issuing a statement, once: the month's dividends are posted first (a Savings statement shows
 * them), then, under a lock on the (account, month), the statement is looked for again, built from
 * the ledger, drawn, and its row and PDF inserted in that one transaction. Whoever else asks
 * meanwhile — another tab, another instance, the month job — waits and reads that statement: it is
 * drawn once, never once per asker (the (account, month) unique index stays the last word). The
 * member is told when the month just closed is issued, not when older months are filled in.
 */

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'logger'>;
export type StatementRow = typeof statements.$inferSelect;

export interface StatementAccount {
  id: string;
  userId: string;
  type: 'Checking' | 'Savings';
  numberLast4: string;
  /** The month the account was opened (`YYYY-MM`): no statement before it. */
  openedIn: string;
}

export async function statementAccount(db: Executor, accountId: string, timeZone: string) {
  const [row] = await queryRows<{
    id: string;
    user_id: string;
    type: 'Checking' | 'Savings';
    account_number: string;
    created_at: Date | string;
  }>(
    db,
    sql`select id, user_id, type, account_number, created_at from ledger_accounts
        where id = ${accountId} and user_id is not null`,
  );
  if (!row) return null;
  return toStatementAccount(row, timeZone);
}

/** A member account's row as statements read it. */
export interface StatementAccountRow {
  id: string;
  user_id: string;
  type: 'Checking' | 'Savings';
  account_number: string | null;
  created_at: Date | string;
}

export function toStatementAccount(
  row: {
    id: string;
    user_id: string;
    type: 'Checking' | 'Savings';
    account_number: string | null;
    created_at: Date | string;
  },
  timeZone: string,
): StatementAccount {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    numberLast4: (row.account_number ?? '').slice(-4),
    openedIn: currentPeriod(new Date(row.created_at), timeZone),
  };
}

/** The months this account may have a statement for, newest first. */
export function accountPeriods(deps: Pick<Deps, 'config'>, account: StatementAccount, now: Date): string[] {
  return offeredPeriods(deps.config, now).filter((period) => period >= account.openedIn);
}

export interface IssuedStatement {
  statement: StatementRow;
  /** Drawn and stored by this call; false when it was there already or another asker drew it. */
  issued: boolean;
}

/**
 * Takes one of the statements drawn at once on a member's request (STATEMENT_DRAWS_*: per browser,
 * member and instance) or throws the refusal (429/503); the function it answers gives it back.
 */
export type TakeDrawSlot = () => Promise<() => void>;

/** How an issue on this instance ended: its statement, or its asker refused a drawing slot. */
type Flight = Promise<IssuedStatement | { refused: unknown }>;

/**
 * The statements this instance is issuing, by database and `account:period`: another ask for one
 * under way waits for it, without a slot or a connection of its own.
 */
const underWay = new WeakMap<object, Map<string, Flight>>();
const issuingOn = (db: Executor) => {
  let issuing = underWay.get(db);
  if (!issuing) underWay.set(db, (issuing = new Map()));
  return issuing;
};

/** The name of the lock one (account, month) is issued under, on every instance. */
export const statementLockKey = (accountId: string, period: string) => `statement:${accountId}:${period}`;
/** Takes that lock until the transaction ends. */
export const statementLock = (accountId: string, period: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${statementLockKey(accountId, period)}, 0))`;

/**
 * The statement of `account` for `period`, issuing it if it has not been yet. The caller has
 * checked that the month is offered for this account. Every issuer (a member's download or
 * e-mail, the month job, a staff run) comes here. A member's ask that would draw it takes a slot
 * first (`takeSlot`); one that finds it being issued on this instance waits for that one instead,
 * and asks for its own slot only if that asker was refused one.
 */
export async function issueStatement(
  deps: Deps,
  account: StatementAccount,
  period: string,
  now: Date,
  takeSlot?: TakeDrawSlot,
): Promise<IssuedStatement> {
  const key = `${account.id}:${period}`;
  const issuing = issuingOn(deps.db);
  for (let joined = issuing.get(key); joined; joined = issuing.get(key)) {
    const outcome = await joined;
    if (!('refused' in outcome)) return { statement: outcome.statement, issued: false };
  }
  // From the look above to here nothing is awaited: this ask is the one issuing it now.
  const flight: Flight = (async () => {
    let release = () => {};
    if (takeSlot) {
      try {
        release = await takeSlot();
      } catch (refused) {
        return { refused };
      }
    }
    try {
      return await issueOnce(deps, account, period, now);
    } finally {
      release();
    }
  })().finally(() => issuing.delete(key));
  issuing.set(key, flight);
  const outcome = await flight;
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}

async function issueOnce(deps: Deps, account: StatementAccount, period: string, now: Date): Promise<IssuedStatement> {
  const existing = await findStatement(deps.db, account.id, period);
  if (existing) return { statement: existing, issued: false };

  if (account.type === 'Savings') await postDividendsThrough(deps, account, period, now);
  const tellMember = period === lastClosedPeriod(now, deps.config.timeZone);

  return deps.db.transaction(async (tx): Promise<IssuedStatement> => {
    // One issuer at a time per (account, month), whichever instance it runs on; whoever waited
    // finds the statement the one before it stored.
    await tx.execute(statementLock(account.id, period));
    const stored = await findStatement(tx, account.id, period);
    if (stored) return { statement: stored, issued: false };

    const id = randomUUID();
    const { document, figures } = await buildStatement(tx, deps.config, account.id, period, now, id);
    const drawing = performance.now();
    const { pdf, pages } = await renderStatementPdf(document);
    deps.logger.debug(
      { accountId: account.id, period, ms: Math.round(performance.now() - drawing) },
      'statement drawn',
    );
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const [row] = await tx
      .insert(statements)
      .values({
        id,
        ...figures,
        sha256,
        sizeBytes: pdf.length,
        pages,
        issuedAt: now,
        notifiedAt: tellMember ? now : null,
      })
      .returning();
    if (!row) throw new Error(`statement ${account.id} ${period} not stored`);
    await tx.insert(statementFiles).values({ statementId: id, pdf });
    if (tellMember) await tellStatementReady(tx, deps, row, account, now);
    return { statement: row, issued: true };
  });
}

/**
 * Posts the account's dividends for every offered month up to `period` that has none yet, oldest
 * first (a month's average balance includes the months' dividends before it).
 */
export async function postDividendsThrough(deps: Deps, account: StatementAccount, period: string, now: Date) {
  const months = accountPeriods(deps, account, now)
    .filter((month) => month <= period)
    .reverse();
  let posted = 0;
  for (const month of months) {
    const outcome = await deps.db.transaction((tx) => postDividend(tx, deps.config, account.id, month, now));
    if (outcome === 'posted') posted += 1;
  }
  return posted;
}

export async function findStatement(db: Executor, accountId: string, period: string) {
  const [row] = await db
    .select()
    .from(statements)
    .where(and(eq(statements.accountId, accountId), eq(statements.period, period)));
  return row;
}

export async function statementPdf(db: Executor, statementId: string): Promise<Buffer> {
  const [row] = await db.select().from(statementFiles).where(eq(statementFiles.statementId, statementId));
  if (!row) throw new AppError('NOT_FOUND', messages.statements.statementNotFound);
  return row.pdf;
}

/**
 * "Your statement is ready": a notice under the bell, and an e-mail when the member keeps e-mail
 * notifications on — with the month and the masked account, never a balance or the full number.
 */
export async function tellStatementReady(
  tx: Executor,
  deps: Pick<Deps, 'config' | 'mailer'>,
  statement: StatementRow,
  account: Pick<StatementAccount, 'type' | 'numberLast4'>,
  now: Date,
) {
  const label = periodLabel(statement.period);
  const accountName = `${account.type} ••••${account.numberLast4}`;
  const m = messages.statements;
  await notify(
    tx,
    statement.userId,
    { kind: 'statement', title: m.readyTitle, body: m.readyBody(label, accountName) },
    now,
  );
  const [member] = await queryRows<{ email: string; notify_email: boolean; first_name: string }>(
    tx,
    sql`select email, notify_email, first_name from users where id = ${statement.userId}`,
  );
  if (!member?.notify_email) return;
  await deps.mailer.enqueue(
    tx,
    member.email,
    renderEmail(deps.config, {
      template: 'statement-ready',
      subject: m.readyTitle,
      heading: m.readyTitle,
      paragraphs: [
        `Hello${member.first_name ? ` ${member.first_name}` : ''},`,
        `${m.readyBody(label, accountName)} Sign in to Online Banking and open Statements under Quick Actions to ` +
          'view or download it.',
        'For your security this e-mail never carries your balance or full account number.',
      ],
    }),
  );
}
