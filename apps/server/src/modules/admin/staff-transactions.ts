import {
  type AccountType,
  type AddTransactionsInput,
  formatMoney,
  messages,
  parseMoney,
  type StaffRowDays,
  staffRowDateProblem,
  type StaffTransactionRow,
  staffTransactionRowSchema,
  type TransactionCategory,
  type TransactionPreview,
} from '@mutual/shared';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { type Executor, queryRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { localDay } from '../../time';
import type { Actor, RequestMeta } from '../audit/record-audit';
import { generalLedger } from '../ledger/general-ledger';
import { hashRequest, type IdempotentAnswer, runIdempotent } from '../ledger/idempotency';
import { findMemberAccounts } from '../ledger/member-accounts';
import { postTransfer } from '../ledger/post-transfer';
import type { UserRow } from '../people/people.tables';
import { withBalancesAudited } from './balances-audited';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * Staff-entered transactions (spec §2 bulk transaction entry; decisions.md): each row becomes a
 * ledger transfer between the member's account and the general-ledger account its category
 * belongs to. Completed rows post, Pending rows hold, Failed rows are recorded with no effect.
 * A batch is all or nothing, posted in date order, and each row keeps its own effective date
 * while the ledger also records when it was posted.
 */

/** The credit union's side of a staff entry, by category. */
const counterpart: Record<TransactionCategory, string> = {
  Deposit: generalLedger.depositClearing,
  Withdrawal: generalLedger.cash,
  'Bill Pay': generalLedger.billPayClearing,
  Shopping: generalLedger.cardSettlement,
  Food: generalLedger.cardSettlement,
  Transportation: generalLedger.cardSettlement,
  Entertainment: generalLedger.cardSettlement,
  Income: generalLedger.achClearing,
  Transfer: generalLedger.achClearing,
  Other: generalLedger.adjustments,
  Dividend: generalLedger.dividends,
  Fee: generalLedger.feeIncome,
};

const kindByStatus = { Completed: 'single', Pending: 'pending', Failed: 'failed' } as const;

interface PlannedRow {
  /** 1-based, in the order given. */
  row: number;
  input: StaffTransactionRow;
  effectiveAt: Date;
}

/** A dry run: every row's problems, and the balances after, without posting anything. */
export async function previewTransactions(
  deps: Deps,
  member: UserRow,
  rawRows: Record<string, string>[],
): Promise<TransactionPreview> {
  const now = deps.clock();
  const errors = new Map<number, Record<string, string>>();
  const valid: { row: number; input: StaffTransactionRow }[] = [];
  rawRows.forEach((raw, index) => {
    const parsed = staffTransactionRowSchema.safeParse(raw);
    const tooLarge = parsed.success ? overMaximum(parsed.data, deps.config.limits.transferMaxCents) : undefined;
    if (tooLarge) errors.set(index + 1, { amount: tooLarge });
    else if (parsed.success) valid.push({ row: index + 1, input: parsed.data });
    else {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        fields[field] ??= issue.message;
      }
      errors.set(index + 1, fields);
    }
  });

  const planned = await plan(deps.db, deps.config.timeZone, valid);
  const days = rowDays(deps, now);
  for (const row of planned) {
    const problem = dateProblem(row, days, now);
    if (problem) errors.set(row.row, { date: problem });
  }

  let balancesAfter: TransactionPreview['balancesAfter'] = [];
  const rollback = new Error('preview: roll back');
  await deps.db
    .transaction(async (tx) => {
      const accounts = await accountsOf(tx, member.id);
      const postable = planned.filter((row) => !errors.has(row.row));
      // First as the real posting would run: all rows in one go. Only if the ledger refuses one
      // is the run repeated with a savepoint per row, to find every refused row (a savepoint per
      // row costs 2-3 times as much: bench/staff-money.ts).
      const allPosted = await tx
        .transaction(async (attempt) => {
          for (const row of postable) await postRow(attempt, member, accounts, row, now, null);
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof AppError) return false;
          throw error;
        });
      if (!allPosted) {
        for (const row of postable) {
          try {
            await tx.transaction((savepoint) => postRow(savepoint, member, accounts, row, now, null));
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            errors.set(row.row, { row: error.message });
          }
        }
      }
      const after = await findMemberAccounts(tx, member.id);
      balancesAfter = after.map((account) => ({
        account: account.type,
        balance: account.balance,
        available: account.available,
      }));
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });

  const ok = errors.size === 0;
  return {
    ok,
    rows: rawRows.map((_, index) => ({ row: index + 1, errors: errors.get(index + 1) ?? {} })),
    balancesAfter: ok ? balancesAfter : [],
  };
}

/**
 * Posts a batch, all or nothing, exactly once per idempotency key. The key is scoped to the
 * member, so the same CSV upload (its key is a hash of the file) posts once whoever sends it. A
 * refusal is not stored: staff fix the cause and send the same batch again.
 */
export async function addTransactions(
  deps: Deps,
  member: UserRow,
  input: AddTransactionsInput,
  idempotencyKey: string,
  actor: Actor,
  meta: RequestMeta,
): Promise<IdempotentAnswer> {
  const now = deps.clock();
  const rows = input.rows.map((row, index) => ({ row: index + 1, input: staffTransactionRowSchema.parse(row) }));
  for (const { row, input: entry } of rows) {
    const tooLarge = overMaximum(entry, deps.config.limits.transferMaxCents);
    if (tooLarge) throw rowFailure(row, 'amount', tooLarge);
  }
  const requestHash = hashRequest(
    `admin:transactions:${member.id}`,
    rows.map((r) => r.input),
  );
  const planned = await plan(deps.db, deps.config.timeZone, rows);
  // Every row's date is checked before anything posts; the first refused row (by its number) is named.
  const days = rowDays(deps, now);
  for (const row of [...planned].sort((x, y) => x.row - y.row)) {
    const problem = dateProblem(row, days, now);
    if (problem) throw rowFailure(row.row, 'date', problem);
  }

  return runIdempotent(
    deps.db,
    { userId: member.id, key: idempotencyKey, requestHash, now },
    async (tx) => {
      const accounts = await accountsOf(tx, member.id);
      return withBalancesAudited(tx, { action: 'transactions.added', actor, member, meta, now }, async () => {
        const transferIds: string[] = [];
        for (const row of planned) {
          try {
            transferIds.push(await postRow(tx, member, accounts, row, now, actor.userId));
          } catch (error) {
            if (error instanceof AppError) throw rowFailure(row.row, 'row', error.message, error.code);
            throw error;
          }
        }
        const facts = {
          count: planned.length,
          rows: planned.slice(0, 100).map(({ input: r, effectiveAt }, i) => ({
            transferId: transferIds[i],
            account: r.account,
            type: r.type,
            amount: r.amount,
            description: r.description,
            category: r.category,
            status: r.status,
            effectiveAt: effectiveAt.toISOString(),
          })),
        };
        return {
          facts,
          result: { statusCode: 201, body: { message: messages.admin.transactionsAdded, count: planned.length } },
        };
      });
    },
    { storeRefusals: false },
  );
}

/** The days rows may be dated (`StaffRowDays`): today on the credit union's calendar. */
function rowDays(deps: Deps, now: Date): StaffRowDays {
  return { today: localDay(now, deps.config.timeZone) };
}

/** Why a row cannot carry its date: the shared rule by days, then the exact instant against the clock. */
function dateProblem(row: PlannedRow, days: StaffRowDays, now: Date): string | null {
  return (
    staffRowDateProblem(row.input, days) ??
    (row.effectiveAt.getTime() > now.getTime() ? messages.admin.rowInFuture : null)
  );
}

/** A row above the per-transfer maximum (TRANSFER_MAX_AMOUNT): what staff enter is held to it too. */
function overMaximum(row: StaffTransactionRow, maxCents: bigint): string | undefined {
  const parsed = parseMoney(row.amount);
  return parsed.ok && parsed.cents > maxCents ? messages.transfers.amountOverMaximum(formatMoney(maxCents)) : undefined;
}

function rowFailure(row: number, field: string, reason: string, code: AppError['code'] = 'VALIDATION_FAILED') {
  return new AppError(code, messages.admin.addTransactionsFailed(messages.admin.rowFailed(row, reason)), {
    [`${row}.${field}`]: reason,
  });
}

async function accountsOf(tx: Executor, userId: string): Promise<Record<AccountType, string>> {
  const accounts = await findMemberAccounts(tx, userId);
  const byType = Object.fromEntries(accounts.map((account) => [account.type, account.id])) as Partial<
    Record<AccountType, string>
  >;
  if (!byType.Checking || !byType.Savings)
    throw new AppError('CONFLICT', messages.admin.addTransactionsFailed('this person has no accounts'));
  return byType as Record<AccountType, string>;
}

/**
 * Each row's effective instant (its date and time in the credit union's time zone, worked out by
 * the database), sorted by it: a batch replays in date order, so a backdated debit can use a
 * credit dated before it.
 */
async function plan(
  db: Executor,
  timeZone: string,
  rows: { row: number; input: StaffTransactionRow }[],
): Promise<PlannedRow[]> {
  if (rows.length === 0) return [];
  const local = rows.map((r) => `${r.input.date} ${r.input.time}`);
  const instants = await queryRows<{ i: number; at: string | Date }>(
    db,
    sql`
    select i::int as i, (local::timestamp at time zone ${timeZone}) as at
    from unnest(array[${sql.join(
      local.map((value) => sql`${value}`),
      sql`, `,
    )}]::text[]) with ordinality as t(local, i)`,
  );
  const planned = rows.map((r, index) => ({
    ...r,
    effectiveAt: new Date(instants.find((x) => Number(x.i) === index + 1)?.at ?? NaN),
  }));
  return planned.sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime() || a.row - b.row);
}

async function postRow(
  tx: Tx | Executor,
  member: UserRow,
  accounts: Record<AccountType, string>,
  { input, effectiveAt }: PlannedRow,
  now: Date,
  createdBy: string | null,
): Promise<string> {
  const parsed = parseMoney(input.amount);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', messages.admin.rowAmountInvalid);
  const memberAccount = accounts[input.account];
  const creditUnion = counterpart[input.category];
  const staffMemo = `${input.description} (staff entry: ${member.email} ${input.account})`;
  const credit = input.type === 'credit';
  const posted = await postTransfer(tx, {
    kind: kindByStatus[input.status],
    debitAccountId: credit ? creditUnion : memberAccount,
    creditAccountId: credit ? memberAccount : creditUnion,
    amount: parsed.cents,
    category: input.category,
    debitMemo: credit ? staffMemo : input.description,
    creditMemo: credit ? input.description : staffMemo,
    effectiveAt,
    now,
    createdBy,
  });
  return posted.transferId;
}
