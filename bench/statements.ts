/**
 * Issuing a month's statements on PostgreSQL: the `statements.issue` job's work for one closed
 * month — every Savings account's dividend posted, then every account's statement built from the
 * ledger, drawn as a PDF and stored with its SHA-256.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:statements
 *
 * The run creates `mutual_bench_statements_<id>` (migrated), BENCH_MEMBERS members (two accounts
 * each) with BENCH_LINES movements per account in October 2026 (written straight through
 * `ledger_post`, as the seed does), runs the month, prints accounts per second and the PDFs'
 * size, checks every ledger invariant, and drops the database unless KEEP_BENCH_DB is set. No
 * test runs this.
 *
 * Sizes (env): BENCH_MEMBERS (5000, so 10,000 accounts); BENCH_LINES (12).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { generalLedger } from '../apps/server/src/modules/ledger/general-ledger';
import { listRuns, runMonth } from '../apps/server/src/modules/statements/statement-runs';
import { benchPostgres, envWholeNumber, ms, print, progress } from './postgres';
import { servicesBench } from './support';

const postgres = benchPostgres('bench:statements');
const MEMBERS = Math.max(1, envWholeNumber('BENCH_MEMBERS', 5000));
const LINES = Math.max(2, envWholeNumber('BENCH_LINES', 12));
const PERIOD = '2026-10';
// November 2, 2026, in New York: October has closed.
const issuedAt = new Date('2026-11-02T14:00:00Z');

async function main() {
  await servicesBench(postgres, 'statements', async ({ config, database, logger, mailer }) => {
    print(`${MEMBERS} members (${MEMBERS * 2} accounts), ${LINES} movements per account in ${PERIOD}`);

    progress('creating members, accounts and their October…');
    const began = performance.now();
    await database.db.execute(sql`
      insert into users (email, password_hash, name, role, status, street, city, state, postal_code)
      select 'bench-' || g || '@bench.example', 'x', 'Bench Member ' || g, 'user', 'active',
             g || ' Bench Road', 'Portland', 'ME', '04101'
      from generate_series(1, ${MEMBERS}) g`);
    await database.db.execute(sql`
      insert into ledger_accounts (user_id, type, account_number, routing_number, created_at)
      select u.id, t.type, (1000000000 + row_number() over ())::text, ${config.routingNumber},
             '2026-09-01T12:00:00Z'::timestamptz
      from users u cross join (values ('Checking'), ('Savings')) t(type)
      where u.email like 'bench-%'`);
    // Each account: a deposit on the 1st, then smaller withdrawals through the month. In slices
    // of accounts, each its own transaction: one statement that updated the general-ledger row
    // 100,000 times would walk an ever longer chain of its own row versions.
    const [{ count: accounts = 0 } = {}] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from ledger_accounts where user_id is not null`,
    );
    for (let offset = 0; offset < accounts; offset += 500) {
      const slice = sql`(select id from ledger_accounts where user_id is not null order by id
                          offset ${offset} limit 500)`;
      await database.db.execute(sql`
        select p.transfer_id from ${slice} a
        cross join lateral ledger_post(
          p_kind => 'single', p_now => '2026-10-01T14:00:00Z'::timestamptz,
          p_debit => ${generalLedger.cash}::uuid, p_credit => a.id, p_amount => 500000,
          p_category => 'Deposit', p_debit_memo => 'Payroll deposit', p_credit_memo => 'Payroll deposit',
          p_live => false) p`);
      await database.db.execute(sql`
        select p.transfer_id from ${slice} a
        cross join generate_series(2, ${LINES}) g
        cross join lateral ledger_post(
          p_kind => 'single',
          p_now => '2026-10-01T14:00:00Z'::timestamptz + (g * interval '2 days 3 hours'),
          p_debit => a.id, p_credit => ${generalLedger.cardSettlement}::uuid, p_amount => 1000 + g * 37,
          p_category => 'Shopping', p_debit_memo => 'Card purchase, Hannaford Supermarket #' || g,
          p_credit_memo => 'Card purchase', p_live => false) p`);
      progress(`  ${Math.min(accounts, offset + 500)} of ${accounts} accounts`);
    }
    print(`setup ${ms(performance.now() - began)}`);

    progress('issuing October…');
    const deps = { db: database.db, config, mailer, logger };
    const started = performance.now();
    const memory = process.memoryUsage().rss;
    const run = await runMonth(deps, PERIOD, issuedAt, Date.now() + 60 * 60_000);
    const seconds = (performance.now() - started) / 1000;
    const [figures] = await queryRows<{ n: number; bytes: string; pages: string; dividends: number }>(
      database.db,
      sql`select count(*)::int as n, sum(size_bytes)::text as bytes, avg(pages)::text as pages,
            count(*) filter (where dividends > 0)::int as dividends
          from statements where period = ${PERIOD}`,
    );
    const [listed] = await listRuns(deps);
    print(`issued ${run.issued}, failed ${run.failed}, in ${seconds.toFixed(1)} s`);
    print(
      `accounts per second: ${(run.issued / seconds).toFixed(1)} (the run's own figure: ${listed?.accountsPerSecond})`,
    );
    const count = figures?.n ?? 0;
    print(
      `PDF: ${count} statements, average ${(Number(figures?.bytes ?? 0) / Math.max(1, count) / 1024).toFixed(1)} KB, ` +
        `${Number(figures?.pages ?? 0).toFixed(2)} pages; ${figures?.dividends ?? 0} dividends posted`,
    );
    print(`process memory grew by ${((process.memoryUsage().rss - memory) / 1024 / 1024).toFixed(0)} MB`);
    return run.failed > 0 || count !== MEMBERS * 2;
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
