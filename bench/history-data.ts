/**
 * The data of `bench:history`, written set-based in SQL: members and their accounts, a ledger of
 * about a million transfers over two years (a tenth of them one member's), payment orders and a
 * million audit rows. The ledger rows are exactly what `ledger_post` would have written for the
 * same calls in the same order — each transfer's two entries with the account's next version and
 * its balance and available balance after it, and the accounts' counters — and the run checks
 * that no member account was ever below zero at any entry (the funds check ledger_post makes),
 * before `verifyLedger` checks every other invariant.
 */
import type pg from 'pg';
import { generalLedger } from '../apps/server/src/modules/ledger/general-ledger';

export interface HistorySizes {
  /** Members in all, the measured one included (pending and rejected applicants among them). */
  members: number;
  /** Transactions in the measured member's history. */
  memberTransactions: number;
  /** Transactions of every other member together. */
  otherTransactions: number;
  auditRows: number;
}

export interface SeedInput {
  member: { id: string; name: string; checking: string; savings: string };
  staffId: string;
  passwordHash: string;
  routingNumber: string;
  now: Date;
  sizes: HistorySizes;
  progress: (line: string) => void;
}

const DAY = 86_400_000;
const gl = generalLedger;
const firstNames = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Wei',
  'Nancy',
  'Daniel',
  'Lisa',
  'Matthew',
  'Priya',
  'Anthony',
  'Sandra',
  'Mark',
  'Ashley',
  'Olu',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Okafor',
];
/** Card merchants and their categories; Netflix is left out here and appears once a month. */
const merchants: [string, string][] = [
  ['Blue Bottle Coffee', 'Food'],
  ['Whole Foods Market', 'Food'],
  ['Hannaford Supermarket', 'Food'],
  ['Chipotle Mexican Grill', 'Food'],
  ['Amazon Marketplace', 'Shopping'],
  ['Target', 'Shopping'],
  ['L.L.Bean', 'Shopping'],
  ['Home Depot', 'Shopping'],
  ['Best Buy', 'Shopping'],
  ['Shell Oil', 'Transportation'],
  ['Uber Trip', 'Transportation'],
  ['Amtrak Downeaster', 'Transportation'],
  ['Portland Jetport Parking', 'Transportation'],
  ['AMC Theatres', 'Entertainment'],
  ['Spotify', 'Entertainment'],
  ['State Theatre Portland', 'Entertainment'],
];
const billers = [
  'Central Maine Power',
  'Verizon Wireless',
  'Portland Water District',
  'Spectrum Internet',
  'Geico Insurance',
];
const payers = [
  'Payroll Northwind Logistics',
  'Client payment Harbor Dental',
  'Invoice paid Casco Bay Marine',
  'Payroll Northwind Logistics bonus',
];

/** Drops the non-unique secondary indexes of `tables`; returns their definitions to create them again. */
async function dropSecondaryIndexes(client: pg.Client, tables: string[]): Promise<[string, string][]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = any($1) and indexdef not like 'CREATE UNIQUE%'`,
    [tables],
  );
  for (const { name } of rows) await client.query(`drop index ${name}`);
  return rows.map(({ name, definition }) => [name, definition]);
}

const text = (values: readonly string[]) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`;

/** Writes everything; returns the number of ledger transfers written. */
export async function seedHistoryData(client: pg.Client, input: SeedInput): Promise<number> {
  const { member, staffId, sizes, progress } = input;
  const now = input.now.getTime();
  const start = new Date(now - 730 * DAY).toISOString();
  const spanMs = 730 * DAY - 2 * 3_600_000;
  const others = sizes.members - 1;
  const step = async (label: string, statement: string, params: unknown[] = []) => {
    const began = performance.now();
    const result = await client.query(statement, params);
    progress(`  ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - began) / 1000).toFixed(1)} s`);
  };
  await client.query(`set synchronous_commit = off; set work_mem = '256MB'; set maintenance_work_mem = '512MB'`);

  // Other people: members (most), applicants pending review (1 in 50) and rejected ones (1 in 50).
  await step(
    'people',
    `
    create temp table people as
    select n, gen_random_uuid() as id, f, l, f || ' ' || l as name,
      case n % 50 when 0 then 'pending' when 1 then 'rejected' when 2 then 'approved' else 'active' end as status
    from (select n, (${text(firstNames)})[1 + n % ${firstNames.length}] as f,
                 (${text(lastNames)})[1 + (n / ${firstNames.length}) % ${lastNames.length}] as l
          from generate_series(1, $1::int) n) s`,
    [others],
  );
  // Bulk loading: the per-row status-count trigger and the secondary indexes would make this
  // minutes longer; the counts are recounted and the indexes rebuilt once the rows are in.
  await client.query(`alter table users disable trigger users_count_new`);
  const rebuild = await dropSecondaryIndexes(client, ['users', 'ledger_transfers', 'ledger_entries', 'audit_log']);
  await step(
    'users',
    `
    insert into users (id, email, password_hash, name, phone, role, status, verification_status, first_name, last_name,
      street, city, state, postal_code, country, registration_date, approved_at, rejected_at, rejection_reason,
      created_at, updated_at, password_changed_at)
    select id, lower(f || '.' || l || '.' || n || '@example.com'), $1, name,
      '(207) 555-' || lpad((n % 10000)::text, 4, '0'),
      case when status in ('pending', 'rejected') then 'pending' else 'user' end, status,
      case status when 'pending' then 'pending' when 'rejected' then 'rejected' else 'verified' end,
      f, l, (1 + n % 900) || ' Harbor Road', 'Portland', 'ME', '04101', 'United States', at,
      case when status in ('approved', 'active') then at end,
      case when status = 'rejected' then at + interval '2 days' end,
      case when status = 'rejected' then 'We could not verify the identity document.' end, at, at, at
    from (select p.*, case when status = 'pending' then $2::timestamptz - (n % 30) * interval '1 day'
                            when status = 'rejected' then $2::timestamptz - (n % 365) * interval '1 day'
                            else $3::timestamptz - interval '1 day' - n * (interval '1460 days' / $4::int) end as at
          from people p) s`,
    [input.passwordHash, input.now.toISOString(), start, others],
  );

  // Members' accounts; numbers from a range no existing account uses.
  const { rows: used } = await client.query<{ n: string }>(
    `select account_number as n from ledger_accounts where account_number is not null`,
  );
  let base = 2_000_000_000;
  while (used.some(({ n }) => Number(n) >= base && Number(n) < base + 2 * others + 2)) base += 1_000_000_000;
  await step(
    'funded members',
    `
    create temp table funded as
    select row_number() over (order by n)::int as m, id as user_id, name,
      gen_random_uuid() as checking, gen_random_uuid() as savings
    from people where status in ('approved', 'active')`,
  );
  await client.query(`create unique index on funded (m); analyze funded`);
  await step(
    'accounts',
    `
    insert into ledger_accounts (id, user_id, type, account_number, routing_number, created_at)
    select checking, user_id, 'Checking', ($1::bigint + m * 2)::text, $2, $3::timestamptz - interval '1 day' from funded
    union all
    select savings, user_id, 'Savings', ($1::bigint + m * 2 + 1)::text, $2, $3::timestamptz - interval '1 day'
    from funded`,
    [base, input.routingNumber, start],
  );
  const { rows: countRows } = await client.query<{ n: number }>(`select count(*)::int as n from funded`);
  const funded = countRows[0]?.n ?? 0;

  // Every transfer to write, in posting order (created_at, then seq).
  await client.query(`
    create temp table gen (
      seq bigint primary key, id uuid not null default gen_random_uuid(), kind text not null,
      debit uuid not null, credit uuid not null, amount bigint not null, pending_id uuid, reverses_id uuid,
      category text not null, debit_memo text not null, credit_memo text not null,
      reference text, reason text, effective_at timestamptz not null, created_at timestamptz not null, created_by uuid,
      mine boolean not null default false, flavour text, order_rail text)`);

  // The other members: an opening deposit each in the first minutes, then a mix of payroll, card
  // spending, bills, transfers to each other and to their own savings. Nobody runs dry: $5,000 in,
  // at most about $1,100 out.
  const otherSpan = `(interval '1 millisecond' * ${spanMs} / greatest(1, $1::int - $2::int))`;
  await step(
    "other members' transfers",
    `
    insert into gen (seq, kind, debit, credit, amount, category, debit_memo, credit_memo, effective_at, created_at,
                     created_by)
    select j * 2, 'single',
      case when j <= $2 or s = 0
           then (case when j <= $2 then '${gl.depositClearing}' else '${gl.achClearing}' end)::uuid
           else f.checking end,
      case when j <= $2 then f.checking when s = 0 then f.checking
           when s between 1 and 6 then '${gl.cardSettlement}'::uuid
           when s = 7 then '${gl.billPayClearing}'::uuid when s = 8 then g.checking else f.savings end,
      case when j <= $2 then 500000 when s = 0 then 150000 + (j % 50) * 1000
           when s between 1 and 6 then 300 + (j * 37) % 9000
           when s = 7 then 4000 + j % 8000 when s = 8 then 1000 + j % 4000 else 2000 end,
      case when j <= $2 then 'Deposit' when s = 0 then 'Income' when s between 1 and 6 then (mc)[2]
           when s = 7 then 'Bill Pay' else 'Transfer' end,
      case when j <= $2 then 'Mobile check deposit' when s = 0 then (${text(payers)})[1 + j % ${payers.length}]
           when s between 1 and 6 then (mc)[1] when s = 7 then (${text(billers)})[1 + j % ${billers.length}]
           when s = 8 then 'Transfer to ' || g.name else 'Transfer to Savings' end,
      case when j <= $2 then 'Mobile check deposit' when s = 0 then 'Direct deposit' when s between 1 and 6 then (mc)[1]
           when s = 7 then (${text(billers)})[1 + j % ${billers.length}]
           when s = 8 then 'Transfer from ' || f.name else 'Transfer from Checking' end,
      at, at, case when s in (8, 9) and j > $2 then f.user_id end
    from (select j, j % 10 as s,
            case when j <= $2 then $3::timestamptz + j * interval '10 milliseconds'
                 else $3::timestamptz + interval '1 hour' + (j - $2) * ${otherSpan} end as at,
            array[(${text(merchants.map((x) => x[0]))})[1 + (j * 7) % ${merchants.length}],
                  (${text(merchants.map((x) => x[1]))})[1 + (j * 7) % ${merchants.length}]] as mc
          from generate_series(1, $1::int) j) x
    join funded f on f.m = 1 + (j - 1) % $2
    join funded g on g.m = 1 + j % $2`,
    [sizes.otherTransactions, funded, start],
  );

  // The measured member: r picks the kind of each transaction (a fixed permutation of 0..999).
  const mine = `(interval '1 millisecond' * ${spanMs} / $1::int)`;
  await step(
    "the member's transactions",
    `
    insert into gen (seq, kind, debit, credit, amount, category, debit_memo, credit_memo, reference, reason,
                     effective_at, created_at, created_by, mine, flavour, order_rail)
    select i * 2 + 1, kind, debit, credit, amount, category, debit_memo, credit_memo, reference, reason,
      case when flavour = 'staff' then at - interval '1 day' else at end, at, created_by, true, flavour, rail
    from (
      select i, at, flavour, rail,
        case when flavour in ('order', 'staff_pending') then 'pending' when flavour = 'failed' then 'failed'
             else 'single' end as kind,
        case when flavour in ('opening', 'savings_opening') then '${gl.depositClearing}'::uuid
             when flavour = 'income' then '${gl.achClearing}'::uuid
             when flavour = 'in' then g.checking when flavour = 'from_savings' then $4::uuid
             when flavour = 'adjustment' and i % 2 = 0 then '${gl.adjustments}'::uuid
             when flavour in ('staff', 'staff_pending') and i % 3 = 0 then '${gl.depositClearing}'::uuid
             else $3::uuid end as debit,
        case when flavour in ('opening', 'in', 'income', 'from_savings') then $3::uuid
             when flavour in ('savings_opening', 'to_savings') then $4::uuid
             when flavour in ('card', 'reversed', 'netflix', 'failed') then '${gl.cardSettlement}'::uuid
             when flavour = 'bill' then '${gl.billPayClearing}'::uuid
             when flavour = 'out' then g.checking
             when flavour = 'order'
               then (case rail when 'ach' then '${gl.achClearing}' else '${gl.wireClearing}' end)::uuid
             when flavour = 'adjustment' then (case when i % 2 = 0 then $3 else '${gl.adjustments}' end)::uuid
             when flavour in ('staff', 'staff_pending')
               then (case when i % 3 = 0 then $3 else '${gl.cardSettlement}' end)::uuid
             end as credit,
        case flavour when 'opening' then 5000000 when 'savings_opening' then 1000000
             when 'income' then 180000 + (i % 40) * 2500
             when 'netflix' then 1549 when 'bill' then 3000 + (i * 13) % 22000 when 'out' then 2000 + (i * 7) % 18000
             when 'in' then 1000 + (i * 11) % 9000 when 'to_savings' then 5000 when 'from_savings' then 2000
             when 'order' then 10000 + (i * 17) % 80000 when 'adjustment' then 100 + (i * 3) % 5000
             else 300 + (i * 37) % 17700 end as amount,
        case when flavour in ('opening', 'savings_opening') then 'Deposit' when flavour = 'income' then 'Income'
             when flavour = 'bill' then 'Bill Pay'
             when flavour in ('out', 'in', 'to_savings', 'from_savings', 'order') then 'Transfer'
             when flavour = 'adjustment' then 'Other' when flavour = 'netflix' then 'Entertainment'
             when flavour in ('staff', 'staff_pending') and i % 3 = 0 then 'Deposit'
             else (mc)[2] end as category,
        case flavour when 'opening' then 'Branch deposit' when 'savings_opening' then 'Branch deposit'
             when 'income' then (${text(payers)})[1 + i % ${payers.length}]
             when 'netflix' then 'Netflix.com subscription'
             when 'bill' then (${text(billers)})[1 + i % ${billers.length}]
             when 'out' then 'Transfer to ' || g.name when 'in' then 'Transfer to ' || $5
             when 'to_savings' then 'Transfer to Savings' when 'from_savings' then 'Transfer to Checking'
             when 'order' then case rail
               when 'ach' then 'Transfer to ' || g.name || ', Bangor Savings Bank ••' || lpad((i % 10000)::text, 4, '0')
               else 'International transfer to ' || g.name || ' (Germany, EUR)' end
             when 'adjustment' then 'Balance adjustment: branch reconciliation'
             when 'staff' then (mc)[1] || case when i % 3 = 0 then ' (staff entry)' else '' end
             when 'staff_pending' then (mc)[1] || ' (card hold)'
             else (mc)[1] end as debit_memo,
        case flavour when 'opening' then 'Branch deposit' when 'savings_opening' then 'Branch deposit'
             when 'income' then 'Direct deposit'
             when 'out' then 'Transfer from ' || $5 when 'in' then 'Transfer from ' || g.name
             when 'to_savings' then 'Transfer from Checking' when 'from_savings' then 'Transfer from Savings'
             when 'adjustment' then 'Balance adjustment: branch reconciliation'
             when 'order' then case rail when 'ach' then 'ACH order for ' || g.name else 'Wire order for ' || g.name end
             when 'netflix' then 'Netflix.com subscription'
             when 'bill' then (${text(billers)})[1 + i % ${billers.length}]
             else (mc)[1] end as credit_memo,
        case when flavour in ('out', 'order') and i % 4 = 0 then 'Invoice ' || (1000 + i % 9000) end as reference,
        case when flavour = 'failed' then 'The card issuer declined the payment.' end as reason,
        case when flavour in ('failed', 'staff', 'staff_pending', 'adjustment') then $6::uuid
             when flavour in ('out', 'to_savings', 'from_savings', 'order') then $7::uuid
             when flavour = 'in' then g.user_id end as created_by
      from (select i, $2::timestamptz + interval '1 hour' + i * ${mine} + interval '7 seconds' as at,
              case when i = 1 then 'opening' when i = 2 then 'savings_opening' when i % 4100 = 17 then 'netflix'
                   when r < 90 then 'income' when r < 600 then 'card' when r < 700 then 'bill'
                   when r < 760 then 'out' when r < 820 then 'in' when r < 860 then 'to_savings'
                   when r < 880 then 'from_savings' when r < 950 then 'order' when r < 960 then 'failed'
                   when r < 975 then 'staff' when r < 980 then 'staff_pending' when r < 985 then 'adjustment'
                   else 'reversed' end as flavour,
              case when r between 940 and 949 then 'international' else 'ach' end as rail,
              array[(${text(merchants.map((x) => x[0]))})[1 + (i * 5) % ${merchants.length}],
                    (${text(merchants.map((x) => x[1]))})[1 + (i * 5) % ${merchants.length}]] as mc
            from (select i, ((i % 1000) * 7919) % 1000 as r from generate_series(1, $1::int) i) ir) x
      join funded g on g.m = 1 + (i * 13) % $8
    ) y`,
    [sizes.memberTransactions, start, member.checking, member.savings, member.name, staffId, member.id, funded],
  );

  // What happened to the member's holds (payment orders settled, returned or expired by staff and
  // the sweep; half of the staff-entered holds completed) and the card charges staff reversed.
  const cutoff = new Date(now - 3 * DAY).toISOString();
  await step(
    'resolutions and reversals',
    `
    insert into gen (seq, kind, debit, credit, amount, pending_id, reverses_id, category, debit_memo, credit_memo,
                     reference, reason, effective_at, created_at, created_by, mine, flavour)
    select 2000000000 + p.seq, k, case when k = 'reversal' then p.credit else p.debit end,
      case when k = 'reversal' then p.debit else p.credit end,
      p.amount, case when k <> 'reversal' then p.id end, case when k = 'reversal' then p.id end, p.category,
      case when k = 'reversal' then 'Reversal: ' || p.credit_memo else p.debit_memo end,
      case when k = 'reversal' then 'Reversal: ' || p.debit_memo else p.credit_memo end,
      case when k = 'reversal' then null else p.reference end,
      case k when 'void' then 'The receiving bank could not find the account.'
             when 'expire' then 'The payment could not be sent within 72 hours and expired. The money was released.'
             when 'reversal' then 'Duplicate charge' end,
      p.created_at + d, p.created_at + d, case when k = 'expire' then null else $2::uuid end, true, k
    from (select g.*, case when flavour = 'reversed' then 'reversal' when flavour = 'staff_pending' then 'post'
                           when seq % 20 < 16 then 'post' when seq % 20 < 18 then 'void' else 'expire' end as k,
                      case when flavour = 'reversed' then interval '1 hour' else interval '2 days' end as d
          from gen g
          where mine and (flavour in ('order', 'reversed') or (flavour = 'staff_pending' and seq % 4 = 1))
            and created_at < $1) p
    order by p.seq`,
    [cutoff, staffId],
  );
  await client.query(`update gen set kind = 'single' where kind = 'reversal'`);

  await step(
    'ledger_transfers',
    `
    insert into ledger_transfers (id, kind, debit_account_id, credit_account_id, amount, pending_id, reverses_id,
      category, debit_memo, credit_memo, reference, reason, effective_at, created_at, created_by)
    select id, kind, debit, credit, amount, pending_id, reverses_id, category, debit_memo, credit_memo, reference,
      reason, effective_at, created_at, created_by
    from gen order by created_at, seq`,
  );

  // Entries as ledger_post writes them: per account, in posting order, the version and the
  // balances after. Posted money moves the balance; a debit's hold (pending, released by its
  // resolution) moves only the available balance.
  await step(
    'ledger_entries',
    `
    insert into ledger_entries (account_id, account_version, transfer_id, side, amount, balance_after, available_after,
                                created_at)
    select account_id, row_number() over w, id, side, amount, sum(posted) over w, sum(posted - held) over w, created_at
    from (
      select debit as account_id, id, 'debit' as side, amount, created_at, seq,
        case when kind in ('single', 'post') then -amount else 0 end as posted,
        case kind when 'pending' then amount when 'single' then 0 else -amount end as held
      from gen where kind <> 'failed'
      union all
      select credit, id, 'credit', amount, created_at, seq,
        case when kind in ('single', 'post') then amount else 0 end, 0
      from gen where kind <> 'failed'
    ) m
    window w as (partition by account_id order by created_at, seq rows between unbounded preceding and current row)
    order by created_at, seq, side desc`,
  );

  await step(
    'counters',
    `
    update ledger_accounts a set
      debits_posted = s.dp, debits_pending = s.dq, credits_posted = s.cp, credits_pending = s.cq, version = s.v
    from (
      select account_id, sum(dp) dp, sum(dq) dq, sum(cp) cp, sum(cq) cq, sum(v) v from (
        select debit as account_id, case when kind in ('single', 'post') then amount else 0 end dp,
          case kind when 'pending' then amount when 'single' then 0 else -amount end dq, 0 cp, 0 cq, 1 v
        from gen where kind <> 'failed'
        union all
        select credit, 0, 0, case when kind in ('single', 'post') then amount else 0 end,
          case kind when 'pending' then amount when 'single' then 0 else -amount end, 1 from gen where kind <> 'failed'
      ) x group by account_id
    ) s where a.id = s.account_id`,
  );

  await step(
    'payment orders',
    `
    insert into payment_orders (user_id, rail, status, from_account_id, amount, pending_transfer_id, beneficiary_name,
      bank_name, routing_number, account_number, swift_code, iban, country, currency, reference, created_at,
      resolved_at, resolved_by, return_code, return_reason)
    select $1, p.order_rail,
      case r.kind when 'post' then 'settled' when 'void' then 'returned' when 'expire' then 'expired'
                  else 'pending' end,
      p.debit, p.amount, p.id, regexp_replace(p.credit_memo, '^(ACH|Wire) order for ', ''),
      case p.order_rail when 'ach' then 'Bangor Savings Bank' else 'Deutsche Bank' end,
      case p.order_rail when 'ach' then '211274450' end, '000123456789',
      case p.order_rail when 'international' then 'DEUTDEFF' end,
      null, case p.order_rail when 'international' then 'DE' end, case p.order_rail when 'international' then 'EUR' end,
      p.reference, p.created_at, r.created_at, r.created_by, case r.kind when 'void' then 'R03' end,
      case r.kind when 'void' then 'The receiving bank could not find the account.' end
    from gen p left join gen r on r.pending_id = p.id where p.mine and p.flavour = 'order'`,
    [member.id],
  );

  // ledger_post refuses a debit the account cannot cover (holds counted): no member entry may be below zero.
  const { rows: overdrawn } = await client.query<{ n: number }>(`
    select count(*)::int as n from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.user_id is not null and e.side = 'debit' and e.available_after < 0`);
  if ((overdrawn[0]?.n ?? 0) > 0)
    throw new Error(
      `${overdrawn[0]?.n} member entries below zero: the generated ledger is not one ledger_post would write`,
    );

  await step(
    'audit_log',
    `
    insert into audit_log (at, action, actor_user_id, actor_email, target_user_id, ip_address, user_agent,
                           before, after)
    select $1::timestamptz - interval '1 second' - i * (interval '730 days' / $2::int),
      (array['auth.sign_in', 'auth.sign_in', 'auth.sign_in', 'auth.code_issued', 'auth.sign_out', 'transfer.member',
             'transfer.internal', 'transfer.external', 'hold.placed', 'account.updated', 'transactions.added',
             'transaction.reversed', 'auth.sign_in_failed'])[1 + i % 13],
      null, 'system', case when i % 500 = 0 then $3::uuid else p.id end, '203.0.113.' || (i % 250),
      'Mozilla/5.0 (bench)', null,
      jsonb_build_object('synthetic', true, 'n', i, 'reason', 'Bench row ' || i)
    from generate_series(1, $2::int) i join people p on p.n = 1 + (i * 7) % $4`,
    [input.now.toISOString(), sizes.auditRows, member.id, others],
  );

  await client.query(`alter table users enable trigger users_count_new`);
  await step(
    'user status counts',
    `update user_status_counts c set n = (select count(*) from users u where u.status = c.status)`,
  );
  for (const [name, definition] of rebuild) await step(`index ${name}`, definition);
  const { rows: written } = await client.query<{ n: number }>(`select count(*)::int as n from gen`);
  await client.query(`drop table gen; drop table funded; drop table people`);
  const began = performance.now();
  // What autovacuum would have done over two years (one statement each: VACUUM refuses a multi-statement string).
  for (const table of ['users', 'ledger_accounts', 'ledger_transfers', 'ledger_entries', 'payment_orders', 'audit_log'])
    await client.query(`vacuum analyze ${table}`);
  // And what the checkpointer would have done long ago: otherwise it writes the load's gigabytes
  // out while the reads are being timed.
  await client.query('checkpoint');
  progress(`  vacuum analyze, checkpoint: ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return written[0]?.n ?? 0;
}
