import {
  type AccountType,
  centsToDecimal,
  type Transaction,
  type TransactionCategory,
  type TransactionPage,
  type transactionQuerySchema,
  type TransferStatus,
} from '@mutual/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, queryRows } from '../../db/client';

export type TransactionQuery = z.output<typeof transactionQuerySchema>;
export type TransactionFilters = Omit<TransactionQuery, 'page' | 'pageSize'>;

/**
 * A member's transactions: every `single` or `pending` ledger transfer touching one of their
 * accounts, seen from that account. A pending transfer's status follows its resolution (posted →
 * Completed; voided or expired → Failed, with the reason). Newest effective date first.
 */
export async function listTransactions(
  db: Executor,
  userId: string,
  query: TransactionQuery,
  timeZone: string,
): Promise<TransactionPage> {
  const offset = (query.page - 1) * query.pageSize;
  const rows = await selectTransactions(db, userId, query, timeZone, sql`limit ${query.pageSize} offset ${offset}`);
  return {
    items: rows.map(toTransaction),
    total: rows[0] ? Number(rows[0].total) : offset > 0 ? await countTransactions(db, userId, query, timeZone) : 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Every matching row (up to `max`), for the CSV export. */
export async function allTransactions(
  db: Executor,
  userId: string,
  filters: TransactionFilters,
  timeZone: string,
  max: number,
): Promise<Transaction[]> {
  const rows = await selectTransactions(db, userId, filters, timeZone, sql`limit ${max}`);
  return rows.map(toTransaction);
}

interface Row {
  transfer_id: string;
  side: 'debit' | 'credit';
  account_type: AccountType;
  account_number: string | null;
  amount: unknown;
  description: string;
  category: TransactionCategory;
  status: TransferStatus;
  status_reason: string | null;
  correction: 'reversed' | 'reversal' | null;
  payment_order: boolean;
  effective_at: string | Date;
  created_at: string | Date;
  reference: string | null;
  balance_after: unknown;
  total: unknown;
}

async function countTransactions(db: Executor, userId: string, filters: TransactionFilters, timeZone: string) {
  const [row] = await queryRows<{ n: unknown }>(db, sql`select count(*) as n from (${rowsOf(userId, filters, timeZone)}) counted`);
  return Number(row?.n ?? 0);
}

async function selectTransactions(db: Executor, userId: string, filters: TransactionFilters, timeZone: string, page: SQL) {
  return queryRows<Row>(db, sql`
    select *, count(*) over () as total from (${rowsOf(userId, filters, timeZone)}) filtered
    order by effective_at desc, created_at desc, transfer_id, side
    ${page}`);
}

function rowsOf(userId: string, filters: TransactionFilters, timeZone: string): SQL {
  const conditions: SQL[] = [];
  if (filters.account) conditions.push(sql`v.account_type = ${filters.account}`);
  if (filters.type) conditions.push(sql`v.side = ${filters.type}`);
  if (filters.category) conditions.push(sql`v.category = ${filters.category}`);
  if (filters.status) conditions.push(sql`v.status = ${filters.status}`);
  if (filters.from) conditions.push(sql`v.effective_at >= (${filters.from}::date)::timestamp at time zone ${timeZone}`);
  if (filters.to) conditions.push(sql`v.effective_at < (${filters.to}::date + 1)::timestamp at time zone ${timeZone}`);
  if (!filters.corrections) conditions.push(sql`v.correction is null`);
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(v.description ilike ${pattern} or coalesce(v.reference, '') ilike ${pattern})`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  // Two index scans (debit side, credit side) rather than one OR join.
  const side = (name: 'debit' | 'credit', column: SQL) => sql`
    select t.*, ${name}::text as side, a.id as account_id, a.type as account_type, a.account_number
    from ledger_accounts a join ledger_transfers t on ${column} = a.id
    where a.user_id = ${userId} and t.kind in ('single', 'pending', 'failed')`;
  return sql`
    select * from (
      select x.id as transfer_id, x.side, x.account_type, x.account_number, x.amount,
        case when x.side = 'debit' then x.debit_memo else x.credit_memo end as description,
        x.category, x.reference, x.effective_at, x.created_at,
        case when x.kind = 'failed' then 'Failed'
             when x.kind = 'single' or r.kind = 'post' then 'Completed' when r.kind is null then 'Pending' else 'Failed' end as status,
        case when x.kind = 'failed' then x.reason
             when r.kind = 'expire' then coalesce(r.reason, 'The payment expired and the money was released.')
             when r.kind = 'void' then r.reason end as status_reason,
        case when x.reverses_id is not null then 'reversal' when z.id is not null then 'reversed' end as correction,
        exists (select 1 from payment_orders o where o.pending_transfer_id = x.id) as payment_order,
        e.balance_after
      from (${side('debit', sql`t.debit_account_id`)} union all ${side('credit', sql`t.credit_account_id`)}) x
      left join ledger_transfers r on r.pending_id = x.id
      left join ledger_transfers z on z.reverses_id = coalesce(r.id, x.id) and (x.kind = 'single' or r.kind = 'post')
      left join ledger_entries e
        on e.account_id = x.account_id
       and e.transfer_id = case when x.kind = 'single' then x.id when r.kind = 'post' then r.id end
    ) v
    ${where}`;
}

function toTransaction(row: Row): Transaction {
  const balanceAfter = row.balance_after === null || row.balance_after === undefined ? null : BigInt(String(row.balance_after));
  return {
    id: `${row.transfer_id}:${row.side}`,
    transferId: row.transfer_id,
    accountType: row.account_type,
    accountNumberLast4: (row.account_number ?? '').slice(-4),
    type: row.side,
    amount: centsToDecimal(BigInt(String(row.amount))),
    description: row.description,
    category: row.category,
    status: row.status,
    statusReason: row.status === 'Failed' ? row.status_reason : null,
    date: new Date(row.effective_at).toISOString(),
    postedAt: new Date(row.created_at).toISOString(),
    reference: row.reference,
    balanceAfter: balanceAfter === null ? null : centsToDecimal(balanceAfter),
    correction: row.correction ?? null,
    paymentOrder: Boolean(row.payment_order),
  };
}
