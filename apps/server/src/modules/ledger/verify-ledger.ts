import { sql, type SQL } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * Every invariant of the ledger, each as a query returning the rows that break it. `npm run
 * ledger:verify` runs them against the configured database, and every database test runs them
 * after it finishes: a breach anywhere fails loudly.
 */
const checks: Record<string, SQL> = {
  // Money is neither created nor destroyed: every transfer debits and credits the same amount.
  conservation: sql`
    select sum(debits_posted) as debits_posted, sum(credits_posted) as credits_posted,
           sum(debits_pending) as debits_pending, sum(credits_pending) as credits_pending
    from ledger_accounts
    having sum(debits_posted) <> sum(credits_posted) or sum(debits_pending) <> sum(credits_pending)`,

  // A member account never goes below zero, counting money on hold; no counter is negative.
  'no overdraft': sql`
    select id, debits_posted, debits_pending, credits_posted, credits_pending from ledger_accounts
    where least(debits_posted, debits_pending, credits_posted, credits_pending) < 0
       or (user_id is not null and debits_posted + debits_pending > credits_posted + credit_limit)`,

  // The counters (a cache) equal what the journal of transfers says.
  'counters = journal': sql`
    with moves as (
      select debit_account_id as account_id,
        case when kind in ('single', 'post') then amount else 0 end as debits_posted,
        case kind when 'pending' then amount when 'single' then 0 else -amount end as debits_pending,
        0::bigint as credits_posted, 0::bigint as credits_pending
      from ledger_transfers where kind <> 'failed'
      union all
      select credit_account_id, 0, 0,
        case when kind in ('single', 'post') then amount else 0 end,
        case kind when 'pending' then amount when 'single' then 0 else -amount end
      from ledger_transfers where kind <> 'failed'
    ), journal as (
      select account_id, sum(debits_posted) dp, sum(debits_pending) dq, sum(credits_posted) cp, sum(credits_pending) cq
      from moves group by account_id
    )
    select a.id, a.debits_posted, j.dp, a.debits_pending, j.dq, a.credits_posted, j.cp, a.credits_pending, j.cq
    from ledger_accounts a left join journal j on j.account_id = a.id
    where a.debits_posted <> coalesce(j.dp, 0) or a.debits_pending <> coalesce(j.dq, 0)
       or a.credits_posted <> coalesce(j.cp, 0) or a.credits_pending <> coalesce(j.cq, 0)`,

  // Each transfer has exactly its two entries: the debit on its debit account, the credit on its
  // credit account. A failed transfer (a record that nothing moved) has none, and nothing points at it.
  'two entries per transfer': sql`
    select t.id from ledger_transfers t
    where t.kind = 'failed' and (exists (select 1 from ledger_entries e where e.transfer_id = t.id)
                                 or t.pending_id is not null or t.reverses_id is not null
                                 or exists (select 1 from ledger_transfers x
                                            where x.pending_id = t.id or x.reverses_id = t.id))
    union all
    select t.id from ledger_transfers t
    where t.kind <> 'failed' and ((select count(*) from ledger_entries e where e.transfer_id = t.id) <> 2
       or not exists (select 1 from ledger_entries e where e.transfer_id = t.id and e.side = 'debit'
                        and e.account_id = t.debit_account_id and e.amount = t.amount)
       or not exists (select 1 from ledger_entries e where e.transfer_id = t.id and e.side = 'credit'
                        and e.account_id = t.credit_account_id and e.amount = t.amount))`,

  // An account's entries are numbered 1..version without a gap.
  'gap-free versions': sql`
    select a.id, a.version, count(e.id) as entries, min(e.account_version) as first, max(e.account_version) as last
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.version
    having count(e.id) <> a.version or coalesce(min(e.account_version), 1) <> 1
        or coalesce(max(e.account_version), 0) <> a.version`,

  // Each entry's balance follows from the one before it, and the last one is the account's balance now.
  'running balances': sql`
    with e as (
      select e.*, t.kind,
        lag(e.balance_after) over (partition by e.account_id order by e.account_version) as before,
        lag(e.available_after) over (partition by e.account_id order by e.account_version) as available_before
      from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
    )
    select 'entry' as problem, e.account_id, e.account_version from e
    where coalesce(e.before, 0) + case when e.kind in ('single', 'post')
            then case when e.side = 'credit' then e.amount else -e.amount end else 0 end <> e.balance_after
    union all
    select 'latest entry <> account', a.id, a.version from ledger_accounts a
    join ledger_entries e on e.account_id = a.id and e.account_version = a.version
    where e.balance_after <> a.credits_posted - a.debits_posted
       or e.available_after <> a.credits_posted - a.debits_posted - a.debits_pending`,

  // A resolution (post, void, expire) matches its pending transfer, which it resolves alone.
  'pending resolved once': sql`
    select r.id from ledger_transfers r
    left join ledger_transfers p on p.id = r.pending_id
    where r.kind in ('post', 'void', 'expire')
      and (p.id is null or p.kind <> 'pending' or p.amount <> r.amount
           or p.debit_account_id <> r.debit_account_id or p.credit_account_id <> r.credit_account_id
           or (select count(*) from ledger_transfers o where o.pending_id = p.id) <> 1)`,

  // A reversal sends back exactly what it reverses, once, and is not itself reversed.
  'reversed once': sql`
    select r.id from ledger_transfers r
    left join ledger_transfers o on o.id = r.reverses_id
    where r.reverses_id is not null
      and (o.id is null or o.kind not in ('single', 'post') or o.reverses_id is not null or o.amount <> r.amount
           or o.debit_account_id <> r.credit_account_id or o.credit_account_id <> r.debit_account_id
           or (select count(*) from ledger_transfers x where x.reverses_id = o.id) <> 1)`,

  // A payment order's status is what the ledger did with its held funds.
  'payment orders match the ledger': sql`
    select o.id from payment_orders o
    join ledger_transfers p on p.id = o.pending_transfer_id
    left join ledger_transfers r on r.pending_id = p.id
    where p.kind <> 'pending' or p.amount <> o.amount or p.debit_account_id <> o.from_account_id
       or o.status <> case r.kind when 'post' then 'settled' when 'void' then 'returned' when 'expire' then 'expired'
                                  else 'pending' end`,
};

export interface LedgerViolation {
  check: string;
  rows: unknown[];
}

export async function verifyLedger(db: Executor): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  for (const [check, query] of Object.entries(checks)) {
    const rows = await queryRows(db, sql`${query} limit 20`);
    if (rows.length > 0) violations.push({ check, rows });
  }
  return violations;
}

export const ledgerCheckNames = Object.keys(checks);
