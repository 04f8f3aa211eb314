import { messages, periodLabel, type StaffStatement, type Statement, type StatementsOverview } from '@mutual/shared';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { type Actor, recordAudit, type RequestMeta } from '../audit/record-audit';
import { maskEmail } from '../auth/device';
import { type Executor, queryRows } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { mailOutbox } from '../mail/mail.tables';
import { renderEmail } from '../mail/templates';
import {
  accountPeriods,
  findStatement,
  issueStatement,
  type StatementAccount,
  type StatementRow,
  statementAccount,
  statementPdf,
  tellStatementReady,
  type TakeDrawSlot,
  toStatementAccount,
  type StatementAccountRow,
} from './issue-statement';
import { offeredPeriods } from './statement-periods';
import { statements } from './statements.tables';

/**
 * The member's Statements panel and the staff console's view of a member's statements. A member
 * reaches only their own accounts: an account of someone else is "not found", like one that does
 * not exist.
 */

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'logger' | 'clock'>;

/** E-mailed copies a member may ask for per hour (each carries the PDF). */
export const STATEMENT_EMAILS_PER_HOUR = 5;

const m = messages.statements;

async function memberAccounts(db: Executor, userId: string, timeZone: string): Promise<StatementAccount[]> {
  const rows = await queryRows<StatementAccountRow>(
    db,
    sql`select id, user_id, type, account_number, created_at from ledger_accounts
        where user_id = ${userId} and type in ('Checking', 'Savings') order by type`,
  );
  return rows.map((row) => toStatementAccount(row, timeZone));
}

function toStatement(row: StatementRow, account: Pick<StatementAccount, 'type' | 'numberLast4'>): Statement {
  return {
    id: row.id,
    accountId: row.accountId,
    accountType: account.type,
    accountNumberLast4: account.numberLast4,
    period: row.period,
    label: periodLabel(row.period),
    issuedAt: row.issuedAt.toISOString(),
    pages: row.pages,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
  };
}

export async function statementsOverview(deps: Deps, userId: string): Promise<StatementsOverview> {
  const now = deps.clock();
  const accounts = await memberAccounts(deps.db, userId, deps.config.timeZone);
  const offered = offeredPeriods(deps.config, now);
  const opened = accounts.reduce((first, account) => (account.openedIn < first ? account.openedIn : first), '9999-12');
  const periods = offered.filter((period) => period >= opened);
  const offeredFrom = offered[offered.length - 1] ?? deps.config.limits.statementsFrom;
  const oldest = periods[periods.length - 1] ?? '9999-12';
  const rows = await deps.db
    .select()
    .from(statements)
    .where(and(eq(statements.userId, userId), sql`${statements.period} >= ${oldest}`))
    .orderBy(desc(statements.period), statements.accountId);
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return {
    accounts: accounts.map((account) => ({ id: account.id, type: account.type, numberLast4: account.numberLast4 })),
    periods: periods.map((period) => ({ period, label: periodLabel(period) })),
    // Newest month first; within a month, Checking before Savings.
    statements: rows
      .flatMap((row) => {
        const account = byId.get(row.accountId);
        return account ? [toStatement(row, account)] : [];
      })
      .sort((a, b) => b.period.localeCompare(a.period) || a.accountType.localeCompare(b.accountType)),
    earliestLabel: periodLabel(periods[periods.length - 1] ?? offeredFrom),
    olderOffline: opened < offeredFrom,
  };
}

/**
 * The member's statement for a month, issued now if the month job has not reached it: only the
 * member's own account, only a closed month that is offered. Drawing one holds a connection and
 * the processor, so it takes a slot (`takeSlot`); a statement being drawn on this instance already
 * (another tab, a double click, the month job) is waited for instead, without one.
 */
export async function memberStatement(
  deps: Deps,
  userId: string,
  accountId: string,
  period: string,
  takeSlot: TakeDrawSlot,
): Promise<{ statement: StatementRow; account: StatementAccount }> {
  const now = deps.clock();
  const account = await statementAccount(deps.db, accountId, deps.config.timeZone);
  if (!account || account.userId !== userId) throw new AppError('NOT_FOUND', m.accountNotFound);
  checkOffered(deps, account, period, now);
  const stored = await findStatement(deps.db, account.id, period);
  if (stored) return { statement: stored, account };
  const { statement } = await issueStatement(deps, account, period, now, takeSlot);
  return { statement, account };
}

function checkOffered(deps: Deps, account: StatementAccount, period: string, now: Date) {
  if (accountPeriods(deps, account, now).includes(period)) return;
  const offered = offeredPeriods(deps.config, now);
  const newest = offered[0];
  if (newest === undefined || period > newest)
    throw new AppError('VALIDATION_FAILED', m.periodOpen, { period: m.periodOpen });
  const earliest = periodLabel(offered[offered.length - 1] ?? deps.config.limits.statementsFrom);
  if (period < account.openedIn && period >= (offered[offered.length - 1] ?? '')) {
    throw new AppError('NOT_FOUND', m.statementNotFound);
  }
  throw new AppError('VALIDATION_FAILED', m.periodTooOld(earliest), { period: m.periodTooOld(earliest) });
}

export { statementPdf };

/**
 * The member's address and first name, if another statement copy may go to them this hour
 * (STATEMENT_EMAILS_PER_HOUR); else the refusal. `forUpdate` counts under a lock on the member's
 * row, so parallel requests cannot pass the limit together.
 */
async function statementEmailAllowed(db: Executor, userId: string, now: Date, forUpdate: boolean) {
  const [member] = await queryRows<{ email: string; first_name: string }>(
    db,
    sql`select email, first_name from users where id = ${userId} ${forUpdate ? sql`for update` : sql``}`,
  );
  if (!member) throw new AppError('NOT_FOUND', m.accountNotFound);
  const [{ sent = 0 } = {}] = await db
    .select({ sent: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.toAddress, member.email),
        eq(mailOutbox.template, 'statement-copy'),
        gt(mailOutbox.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  if (sent >= STATEMENT_EMAILS_PER_HOUR) throw new AppError('RATE_LIMITED', m.emailLimit);
  return member;
}

/**
 * "E-mail me this statement": the PDF, to the member's registered address (spec §8). A copy of a
 * statement carries balances, so it goes only where the member signs in from, at most
 * STATEMENT_EMAILS_PER_HOUR an hour — counted first, so a member past the limit has nothing drawn,
 * then again under a lock as the e-mail is queued — and the request is audited.
 */
export async function emailStatement(
  deps: Deps,
  actor: Actor & { userId: string },
  accountId: string,
  period: string,
  meta: RequestMeta,
  takeSlot: TakeDrawSlot,
): Promise<{ message: string }> {
  const now = deps.clock();
  await statementEmailAllowed(deps.db, actor.userId, now, false);
  const { statement, account } = await memberStatement(deps, actor.userId, accountId, period, takeSlot);
  const pdf = await statementPdf(deps.db, statement.id);
  const label = periodLabel(period);
  const address = await deps.db.transaction(async (tx) => {
    const member = await statementEmailAllowed(tx, actor.userId, now, true);
    const email = renderEmail(deps.config, {
      template: 'statement-copy',
      subject: `Your ${label} statement`,
      heading: `Your ${label} statement`,
      paragraphs: [
        `Hello${member.first_name ? ` ${member.first_name}` : ''},`,
        `As you asked, your ${label} statement for ${account.type} ••••${account.numberLast4} is attached as a PDF.`,
        'If you did not ask for it, please call us: someone may be signed in to your account.',
      ],
    });
    await deps.mailer.enqueue(tx, member.email, {
      ...email,
      attachments: [
        {
          filename: `statement-${period}-${account.type.toLowerCase()}-${account.numberLast4}.pdf`,
          contentType: 'application/pdf',
          content: pdf.toString('base64'),
        },
      ],
    });
    await recordAudit(tx, {
      action: 'statement.emailed',
      actor,
      targetUserId: actor.userId,
      meta,
      after: { statementId: statement.id, period },
      at: now,
    });
    return member.email;
  });
  void deps.mailer.flush();
  return { message: m.emailed(maskEmail(address)) };
}

export async function staffStatements(deps: Deps, userId: string): Promise<{ statements: StaffStatement[] }> {
  const accounts = await memberAccounts(deps.db, userId, deps.config.timeZone);
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const rows = await deps.db
    .select()
    .from(statements)
    .where(eq(statements.userId, userId))
    .orderBy(desc(statements.period), statements.accountId)
    .limit(200);
  return {
    statements: rows
      .flatMap((row) => {
        const account = byId.get(row.accountId);
        return account ? [{ ...toStatement(row, account), notifiedAt: row.notifiedAt?.toISOString() ?? null }] : [];
      })
      .sort((a, b) => b.period.localeCompare(a.period) || a.accountType.localeCompare(b.accountType)),
  };
}

async function staffStatementRow(deps: Deps, userId: string, statementId: string) {
  const [row] = await deps.db
    .select()
    .from(statements)
    .where(and(eq(statements.id, statementId), eq(statements.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', m.statementNotFound);
  return row;
}

/** A member's statement for staff: audited, since it shows the member's money. */
export async function staffStatementPdf(
  deps: Deps,
  userId: string,
  statementId: string,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ pdf: Buffer; row: StatementRow }> {
  const row = await staffStatementRow(deps, userId, statementId);
  const pdf = await statementPdf(deps.db, row.id);
  await recordAudit(deps.db, {
    action: 'statement.downloaded',
    actor,
    targetUserId: userId,
    meta,
    after: { statementId, period: row.period },
    at: deps.clock(),
  });
  return { pdf, row };
}

export async function resendStatementNotice(
  deps: Deps,
  userId: string,
  statementId: string,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const row = await staffStatementRow(deps, userId, statementId);
  const account = await statementAccount(deps.db, row.accountId, deps.config.timeZone);
  if (!account) throw new AppError('NOT_FOUND', m.statementNotFound);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tellStatementReady(tx, deps, row, account, now);
    await tx.update(statements).set({ notifiedAt: now }).where(eq(statements.id, row.id));
    await recordAudit(tx, {
      action: 'statement.notice-resent',
      actor,
      targetUserId: userId,
      meta,
      after: { statementId, period: row.period },
      at: now,
    });
  });
  void deps.mailer.flush();
  return { message: m.noticeResent };
}
