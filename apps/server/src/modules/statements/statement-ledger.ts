import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { type Cut, cutBefore } from '../ledger/balance-at';

/**
 * What statements and dividends read from the ledger: an account's entries in version order
 * (`ledger_entries_version_idx`), cut at instants (`cutBefore`, the ledger's balance at an
 * instant: ledger/balance-at.ts).
 */

/**
 * Dividends of months up to `period` whose entry the ledger wrote after `version`: a month's
 * dividend is posted after the month ends, but counts from its last day (effective date), so
 * a balance "at the end of the month" adds it.
 */
export async function dividendsAfter(
  db: Executor,
  accountId: string,
  period: string,
  version: bigint,
): Promise<bigint> {
  const [row] = await queryRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(d.amount), 0) as total
        from dividend_postings d
        join ledger_entries e on e.transfer_id = d.transfer_id and e.account_id = d.account_id
        where d.account_id = ${accountId} and d.period <= ${period} and e.account_version > ${version.toString()}`,
  );
  return BigInt(String(row?.total ?? 0));
}

/** An account's balance at the end of `period` (statement rule: dividends count in their own month). */
export async function balanceAtEnd(
  db: Executor,
  accountId: string,
  period: string,
  end: Date,
): Promise<{ cut: Cut; balance: bigint; lateDividends: bigint }> {
  const cut = await cutBefore(db, accountId, end);
  const lateDividends = await dividendsAfter(db, accountId, period, cut.version);
  return { cut, balance: cut.balance + lateDividends, lateDividends };
}

/**
 * The category a posted entry is counted under in a statement's figures: its transfer's, or for a
 * reversal its original's (ledger_post copies it, but the figures do not rely on that), so a
 * reversal nets what it undoes — a refunded fee is no fee, a reversed dividend no dividend.
 * `t` is the entry's transfer, `o` the transfer it reverses (left joined).
 */
const countedCategory = sql`coalesce(o.category, t.category)`;

/**
 * Fees charged to an account by its posted entries in `(yearFrom, through]`, and the part of them in
 * `(periodFrom, through]`: Fee debits less Fee credits, a fee's reversal netting the fee. One rule
 * for both figures, so a statement's fees this period and year to date always agree (Reg DD
 * §1030.11(a)).
 */
export async function feesCharged(
  db: Executor,
  accountId: string,
  range: { yearFrom: bigint; periodFrom: bigint; through: bigint },
): Promise<{ period: bigint; yearToDate: bigint }> {
  const [row] = await queryRows<{ period: unknown; year_to_date: unknown }>(
    db,
    sql`select
          coalesce(sum(x.signed) filter (where x.account_version > ${range.periodFrom.toString()}), 0) as period,
          coalesce(sum(x.signed), 0) as year_to_date
        from (
          select e.account_version, case when e.side = 'debit' then e.amount else -e.amount end as signed
          from ledger_entries e
          join ledger_transfers t on t.id = e.transfer_id
          left join ledger_transfers o on o.id = t.reverses_id
          where e.account_id = ${accountId} and t.kind in ('single', 'post') and ${countedCategory} = 'Fee'
            and e.account_version > ${range.yearFrom.toString()} and e.account_version <= ${range.through.toString()}
        ) x`,
  );
  return { period: BigInt(String(row?.period ?? 0)), yearToDate: BigInt(String(row?.year_to_date ?? 0)) };
}

/**
 * Dividends credited to an account for the year up to the end of `period`, from the ledger (the
 * figure a 1099-INT reconciles to): Dividend credits less Dividend debits, a reversal netting the
 * dividend it reverses. A dividend counts in the year it was earned for (its effective date, the
 * month's last second; a reversal by its original's), and as the statement reads the ledger:
 * entries recorded up to `through`, plus the dividends of months up to `period` recorded after it
 * (posted once their month closed). A reversal recorded after `through` is on a later statement.
 */
export async function dividendsEarned(
  db: Executor,
  accountId: string,
  range: { yearFrom: bigint; through: bigint; yearStart: Date; periodEnd: Date; period: string },
): Promise<bigint> {
  const [row] = await queryRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(case when e.side = 'credit' then e.amount else -e.amount end), 0) as total
        from ledger_entries e
        join ledger_transfers t on t.id = e.transfer_id
        left join ledger_transfers o on o.id = t.reverses_id
        left join dividend_postings d on d.transfer_id = t.id and d.account_id = e.account_id
        where e.account_id = ${accountId} and t.kind in ('single', 'post') and ${countedCategory} = 'Dividend'
          and coalesce(o.effective_at, t.effective_at) >= ${range.yearStart.toISOString()}::timestamptz
          and coalesce(o.effective_at, t.effective_at) < ${range.periodEnd.toISOString()}::timestamptz
          and e.account_version > ${range.yearFrom.toString()}
          and (e.account_version <= ${range.through.toString()} or d.period <= ${range.period})`,
  );
  return BigInt(String(row?.total ?? 0));
}

export interface EntryRow {
  account_version: unknown;
  side: 'debit' | 'credit';
  amount: unknown;
  balance_after: unknown;
  created_at: Date | string;
  effective_at: Date | string;
  transfer_id: string;
  category: string;
  memo: string;
  reference: string | null;
  reverses_id: string | null;
  /** Set on a dividend's entry: the month it was earned for. */
  dividend_period: string | null;
  /** The other side: a member's account (its owner) or a general-ledger account (its code). */
  other_user_id: string | null;
  other_user_name: string | null;
  other_type: string;
  other_number: string | null;
  /** A payment order (ACH, wire) or bill payment behind the transfer: who received it. */
  order_beneficiary: string | null;
  order_bank: string | null;
  bill_payee: string | null;
}

/**
 * The posted movements of an account with versions in `(from, through]`, in version order: single
 * transfers and posted holds (a pending hold, its void or expiry change no posted balance; a
 * failed row has no entry). Each with what the statement says about the other side.
 */
export async function postedEntries(
  db: Executor,
  accountId: string,
  from: bigint,
  through: bigint,
): Promise<EntryRow[]> {
  if (through <= from) return [];
  return queryRows<EntryRow>(
    db,
    sql`select e.account_version, e.side, e.amount, e.balance_after, e.created_at, t.effective_at,
               t.id as transfer_id, t.category,
               case when e.side = 'debit' then t.debit_memo else t.credit_memo end as memo,
               t.reference, t.reverses_id, dp.period as dividend_period,
               other.user_id as other_user_id, u.name as other_user_name, other.type as other_type,
               other.account_number as other_number,
               po.beneficiary_name as order_beneficiary, po.bank_name as order_bank,
               coalesce(bp.nickname, bp.biller_name) as bill_payee
        from ledger_entries e
        join ledger_transfers t on t.id = e.transfer_id
        join ledger_accounts other
          on other.id = case when e.side = 'debit' then t.credit_account_id else t.debit_account_id end
        left join users u on u.id = other.user_id
        left join dividend_postings dp on dp.transfer_id = t.id
        left join payment_orders po on po.pending_transfer_id = coalesce(t.pending_id, t.id)
        left join lateral (
          select p.nickname, p.biller_name from bill_payments b join bill_payees p on p.id = b.payee_id
          where b.pending_transfer_id = coalesce(t.pending_id, t.id) or b.return_transfer_id = t.id
          limit 1
        ) bp on true
        where e.account_id = ${accountId}
          and e.account_version > ${from.toString()} and e.account_version <= ${through.toString()}
          and t.kind in ('single', 'post')
        order by e.account_version`,
  );
}

/** End-of-day posted balances need every entry's version, balance and time in a version range. */
export async function entryTimes(
  db: Executor,
  accountId: string,
  from: bigint,
  through: bigint,
): Promise<Array<{ version: bigint; balance: bigint; createdAt: Date }>> {
  if (through <= from) return [];
  const rows = await queryRows<{ account_version: unknown; balance_after: unknown; created_at: Date | string }>(
    db,
    sql`select account_version, balance_after, created_at from ledger_entries
        where account_id = ${accountId}
          and account_version > ${from.toString()} and account_version <= ${through.toString()}
        order by account_version`,
  );
  return rows.map((row) => ({
    version: BigInt(String(row.account_version)),
    balance: BigInt(String(row.balance_after)),
    createdAt: new Date(row.created_at),
  }));
}

/** Dividends of months before `period`, with the version of their entry. */
export async function earlierDividends(
  db: Executor,
  accountId: string,
  period: string,
): Promise<Array<{ amount: bigint; version: bigint }>> {
  const rows = await queryRows<{ amount: unknown; account_version: unknown }>(
    db,
    sql`select d.amount, e.account_version from dividend_postings d
        join ledger_entries e on e.transfer_id = d.transfer_id and e.account_id = d.account_id
        where d.account_id = ${accountId} and d.period < ${period}`,
  );
  return rows.map((row) => ({ amount: BigInt(String(row.amount)), version: BigInt(String(row.account_version)) }));
}
