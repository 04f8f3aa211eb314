/**
 * A member's reads and the staff console's at scale, through the real HTTP API:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:history
 *
 * DATABASE_URL names a PostgreSQL server (and a database there to connect to for admin work). The
 * run creates `mutual_bench_history_<id>` (migrated), creates one member and one staff user through
 * the services, then writes set-based (bench/history-data.ts) BENCH_MEMBERS (100,000) members, the
 * member's BENCH_MEMBER_TRANSACTIONS (100,000) transactions over two years among
 * BENCH_OTHER_TRANSACTIONS (900,000) of everyone else, their payment orders, and BENCH_AUDIT_ROWS
 * (1,000,000) audit rows. It signs both in over HTTP and, with BENCH_CLIENTS (4) concurrent
 * clients in a child process, sends BENCH_REQUESTS (200) requests per read (at most
 * BENCH_SCENARIO_SECONDS, 20 s, each) after BENCH_WARMUP (20) it does not count, printing p50/p95.
 * The CSV export of the whole history is timed BENCH_EXPORTS (3) times with the server's memory
 * sampled meanwhile; run under `node --expose-gc` it also prints the heap that stays live while
 * the export runs (collected before each sample, every 100 ms: the export's own footprint, not
 * its garbage), to compare between history sizes. It ends with every
 * ledger invariant (ledger:verify) and drops the database unless KEEP_BENCH_DB is set. A broken
 * ledger, a server error or a wrong answer exits non-zero. No test runs this.
 *
 * BENCH_HISTORY_DB names a database an earlier run kept (`mutual_bench_history_<id>`): the run
 * reads it again with the code checked out now, writing no data and keeping the database, so two
 * versions of the code are compared on the same data (and the run takes minutes, not seven).
 * BENCH_READS (words, comma-separated) keeps only the reads whose label holds one of them.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type TransactionPage } from '@mutual/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../apps/server/src/db/client';
import { ledgerAccounts } from '../apps/server/src/modules/ledger/ledger.tables';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify-ledger';
import { users } from '../apps/server/src/modules/people/people.tables';
import { seedHistoryData } from './history-data';
import { benchPostgres, envWholeNumber, ledgerVerdict, ms, percentile, print, progress } from './postgres';
import { type BenchDeps, createBenchUser, signInOverHttp, startBenchServer, unlimitedSignIn } from './support';

const { withDatabase, admin, dropOrKeep } = benchPostgres('bench:history');
const sizes = {
  members: Math.max(10, envWholeNumber('BENCH_MEMBERS', 100_000)),
  memberTransactions: Math.max(100, envWholeNumber('BENCH_MEMBER_TRANSACTIONS', 100_000)),
  otherTransactions: envWholeNumber('BENCH_OTHER_TRANSACTIONS', 900_000),
  auditRows: envWholeNumber('BENCH_AUDIT_ROWS', 1_000_000),
};
const CLIENTS = Math.max(1, envWholeNumber('BENCH_CLIENTS', 4));
const REQUESTS = Math.max(CLIENTS, envWholeNumber('BENCH_REQUESTS', 200));
/** Requests each load sends first and does not count (BENCH_WARMUP). */
const WARMUP = Math.max(0, envWholeNumber('BENCH_WARMUP', 20));
const SCENARIO_SECONDS = Math.max(1, envWholeNumber('BENCH_SCENARIO_SECONDS', 20));
const EXPORTS = Math.max(1, envWholeNumber('BENCH_EXPORTS', 3));
const PASSWORD = 'bench-password-2026-history';

/** A kept database read again (BENCH_HISTORY_DB), or none: this run writes its own. */
const reused = process.env.BENCH_HISTORY_DB;
if (reused !== undefined && !/^mutual_bench_history_[0-9a-f]{8}$/.test(reused))
  throw new Error(`BENCH_HISTORY_DB must name a kept database (mutual_bench_history_<id>), not ${reused}`);
const id = reused?.slice('mutual_bench_history_'.length) ?? randomBytes(4).toString('hex');
const benchDb = `mutual_bench_history_${id}`;
/** The reads to run (BENCH_READS): every read whose label holds one of the words; all without it. */
const onlyReads = process.env.BENCH_READS?.split(',').map((word) => word.trim().toLowerCase());
const wanted = (label: string) => !onlyReads || onlyReads.some((word) => label.toLowerCase().includes(word));

// ---------------------------------------------------------------------------------------------
// Load, from a child process so the clients neither share the server's event loop nor its memory

interface Load {
  latencies: number[];
  statuses: Record<string, number>;
  bytes: number;
  lines: number;
  seconds: number;
}

const loadGenerator = `
const { base, path, cookie, origin, clients, requests, seconds, warmup } = JSON.parse(process.env.BENCH_LOAD);
const latencies = [];
const statuses = {};
let bytes = 0, lines = 0, sent = 0;
async function one(record) {
  const started = performance.now();
  const response = await fetch(base + path, { headers: { cookie, origin } });
  let count = 0, size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) count++;
  }
  if (!record) return;
  latencies.push(performance.now() - started);
  statuses[response.status] = (statuses[response.status] || 0) + 1;
  bytes += size; lines += count;
}
(async () => {
  for (let i = 0; i < warmup; i++) await one(false);
  const began = performance.now();
  const deadline = began + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (sent < requests && performance.now() < deadline) { sent++; await one(true); }
  }));
  process.stdout.write(
    JSON.stringify({ latencies, statuses, bytes, lines, seconds: (performance.now() - began) / 1000 }),
  );
})().catch((error) => { process.stdout.write(JSON.stringify({ error: String(error) })); });
`;

function load(
  base: string,
  path: string,
  cookie: string,
  origin: string,
  options: { clients: number; requests: number; warmup: number },
): Promise<Load> {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      BENCH_LOAD: JSON.stringify({ base, path, cookie, origin, seconds: SCENARIO_SECONDS, ...options }),
    };
    const child = spawn(process.execPath, ['-e', loadGenerator], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        const result = JSON.parse(out) as Load & { error?: string };
        if (result.error) reject(new Error(result.error));
        else resolve(result);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Figures

const table: string[] = [];
const problems: string[] = [];
function report(label: string, samples: number[], note = '') {
  const row =
    `${label.padEnd(40)} ${String(samples.length).padStart(5)} ` +
    `${ms(percentile(samples, 50)).padStart(10)} ${ms(percentile(samples, 95)).padStart(10)}  ${note}`;
  table.push(row);
  progress(row);
}

async function scenario(base: string, origin: string, cookie: string, label: string, path: string, note = '') {
  if (!wanted(label)) return;
  // Each load runs in a fresh Node process: its first requests measure that process's own start
  // (undici and the JIT warming up), not the server, so they are sent but not counted.
  const result = await load(base, path, cookie, origin, { clients: CLIENTS, requests: REQUESTS, warmup: WARMUP });
  // The same read one request at a time: what a request costs without queueing behind others.
  const alone = await load(base, path, cookie, origin, {
    clients: 1,
    requests: Math.max(10, Math.round(REQUESTS / 4)),
    warmup: WARMUP,
  });
  const bad = Object.entries({ ...result.statuses, ...alone.statuses }).filter(([status]) => status !== '200');
  if (bad.length) problems.push(`${label}: answers ${JSON.stringify(result.statuses)} (${path})`);
  const capped = result.latencies.length < REQUESTS ? ` (capped at ${SCENARIO_SECONDS} s)` : '';
  report(
    label,
    result.latencies,
    `${ms(percentile(alone.latencies, 50)).padStart(10)} ` +
      `${ms(percentile(alone.latencies, 95)).padStart(10)}  ${note}${capped}`,
  );
}

async function getJson<T>(base: string, path: string, cookie: string, origin: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: { cookie, origin } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** The path of the history's page `n` (20 rows each): keyset pages are reached by walking the `older` cursors. */
async function pagePath(base: string, cookie: string, origin: string, n: number): Promise<string> {
  let path = '/api/me/transactions?pageSize=20';
  for (let page = 1; page < n; page++) {
    const answer = await getJson<TransactionPage>(base, path, cookie, origin);
    if (!answer.older) throw new Error(`the history ended before page ${n}`);
    path = `/api/me/transactions?pageSize=20&olderThan=${encodeURIComponent(answer.older)}`;
  }
  return path;
}

/** The whole history as CSV, timed, with the server's memory sampled meanwhile (each 10 ms, or 100 ms collecting). */
async function exportRuns(base: string, cookie: string, origin: string, expectedRows: number) {
  const times: number[] = [];
  let peakRss = 0;
  let peakHeap = 0;
  let rows = 0;
  const collect = global.gc;
  collect?.();
  const before = process.memoryUsage();
  for (let run = 0; run < EXPORTS; run++) {
    const sampler = setInterval(
      () => {
        collect?.();
        const usage = process.memoryUsage();
        peakRss = Math.max(peakRss, usage.rss);
        peakHeap = Math.max(peakHeap, usage.heapUsed);
      },
      collect ? 100 : 10,
    );
    const result = await load(base, '/api/me/transactions/export', cookie, origin, {
      clients: 1,
      requests: 1,
      warmup: 0,
    }).finally(() => clearInterval(sampler));
    if (result.statuses['200'] !== 1) problems.push(`export answered ${JSON.stringify(result.statuses)}`);
    times.push(...result.latencies);
    rows = result.lines - 1;
  }
  if (rows !== expectedRows) problems.push(`the export held ${rows} rows, the history ${expectedRows}`);
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  report(
    'CSV export, whole history',
    times,
    `${''.padStart(21)}  ${rows} rows; server RSS ${mib(before.rss)} before, peak ${mib(peakRss)}; ` +
      `heap ${mib(before.heapUsed)} → peak ${mib(peakHeap)}` +
      (collect ? ' (live: collected before each sample)' : ''),
  );
}

// ---------------------------------------------------------------------------------------------

async function person(deps: BenchDeps, role: 'user' | 'admin', name: string) {
  const email = `bench.${role}.${id}@example.com`;
  if (reused) {
    const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`${benchDb} has no ${email}: not a database bench:history kept`);
    return { id: user.id, email, name };
  }
  const user = await createBenchUser(deps, { name, email, password: PASSWORD, role });
  return { id: user.id, email, name };
}

let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
let broken = false;
try {
  print(
    `bench:history: database ${benchDb}; ${CLIENTS} clients, ` +
      `${REQUESTS} requests per read (at most ${SCENARIO_SECONDS} s)`,
  );
  if (reused) {
    print('reading the kept database again: no data written, the database kept');
  } else {
    print(`sizes: ${JSON.stringify(sizes)}`);
    await admin(`create database ${benchDb}`);
  }
  server = await startBenchServer({
    DATABASE_URL: withDatabase(benchDb),
    ...unlimitedSignIn,
  });
  const { base, deps } = server;
  const origin = deps.config.publicUrl;
  const staff = await person(deps, 'admin', 'Bench Staff');
  const member = await person(deps, 'user', 'Avery Quinn');
  const accounts = await deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, member.id));
  const [hashed] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, member.id));
  const checking = accounts.find((a) => a.type === 'Checking')?.id;
  const savings = accounts.find((a) => a.type === 'Savings')?.id;
  if (!checking || !savings || !hashed) throw new Error('the member has no accounts');

  if (!reused) {
    const began = performance.now();
    progress('writing the data (set-based):');
    const client = new pg.Client({ connectionString: withDatabase(benchDb) });
    await client.connect();
    const written = await seedHistoryData(client, {
      member: { ...member, checking, savings },
      staffId: staff.id,
      passwordHash: hashed.hash,
      routingNumber: deps.config.routingNumber,
      now: new Date(),
      sizes,
      progress,
    }).finally(() => client.end());
    print(
      `data: ${written} ledger transfers written and analysed in ${((performance.now() - began) / 1000).toFixed(0)} s`,
    );
  }

  const [counts] = await queryRows<{ history: number; ledger: number; members: number; audit: number }>(
    deps.db,
    sql`
    select (select count(*)::int from ledger_transfers t
              join ledger_accounts a on a.id in (t.debit_account_id, t.credit_account_id)
              where a.user_id = ${member.id} and t.kind in ('single', 'pending', 'failed')
                and t.reverses_id is null
                and not exists (select 1 from ledger_transfers z where z.reverses_id = t.id)) as history,
           (select count(*)::int from ledger_transfers) as ledger,
           (select count(*)::int from users where role <> 'admin') as members,
           (select count(*)::int from audit_log) as audit`,
  );
  print(
    `the member's history ${counts?.history} rows (corrections hidden); ledger ${counts?.ledger} transfers; ` +
      `${counts?.members} people; audit ${counts?.audit} rows`,
  );

  const memberCookie = await signInOverHttp(base, deps, member.email, PASSWORD);
  const staffCookie = await signInOverHttp(base, deps, staff.email, PASSWORD);
  const [pg15] = await queryRows<{ version: string; buffers: string }>(
    deps.db,
    sql`select version() as version, current_setting('shared_buffers') as buffers`,
  );
  print(
    `machine ${os.cpus().length} CPUs, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; ` +
      `${pg15?.version.split(' on ')[0]}, shared_buffers ${pg15?.buffers}; node ${process.version}`,
  );
  print();
  const header =
    `${'read'.padEnd(40)} ${'n'.padStart(5)} ${`p50 ×${CLIENTS}`.padStart(10)} ${`p95 ×${CLIENTS}`.padStart(10)}  ` +
    `${'p50 ×1'.padStart(10)} ${'p95 ×1'.padStart(10)}`;
  progress(header);

  const m = (label: string, path: string, note?: string) => scenario(base, origin, memberCookie, label, path, note);
  const s = (label: string, path: string, note?: string) => scenario(base, origin, staffCookie, label, path, note);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  await m('accounts', '/api/me/accounts');
  await m('summary', '/api/me/summary');
  await m('history, first page (20)', '/api/me/transactions?pageSize=20');
  if (wanted('history, page 50')) await m('history, page 50', await pagePath(base, memberCookie, origin, 50));
  await m('search, rare word (netflix)', '/api/me/transactions?pageSize=20&q=netflix', '24 matches in two years');
  await m('search, common word (coffee)', '/api/me/transactions?pageSize=20&q=coffee');
  await m(
    'date range (one month)',
    `/api/me/transactions?pageSize=20&from=${day(yearAgo)}&to=${day(new Date(yearAgo.getTime() + 30 * 86_400_000))}`,
  );
  await m('category filter (Entertainment)', '/api/me/transactions?pageSize=20&category=Entertainment');
  await m('corrections shown', '/api/me/transactions?pageSize=20&corrections=true');
  await m('status filter (Pending)', '/api/me/transactions?pageSize=20&status=Pending');
  await m('status filter (Completed)', '/api/me/transactions?pageSize=20&status=Completed');
  await m('status filter (Failed)', '/api/me/transactions?pageSize=20&status=Failed');
  await m('status filter (Cancelled)', '/api/me/transactions?pageSize=20&status=Cancelled', 'none to find');
  if (wanted('CSV export')) await exportRuns(base, memberCookie, origin, counts?.history ?? 0);
  await s('staff: member list', '/api/admin/users');
  await s('staff: member search (okafor)', '/api/admin/users?q=okafor');
  await s('staff: member search (priya.okafor.3)', '/api/admin/users?q=priya.okafor.3');
  await s("staff: a member's detail", `/api/admin/users/${member.id}`);
  await s("staff: a member's transactions", `/api/admin/users/${member.id}/transactions?corrections=true&pageSize=10`);
  await s('staff: audit log, first page', '/api/admin/audit');
  await s('staff: audit log, one action', '/api/admin/audit?action=transfer.external');
  await s('staff: audit log, one member', `/api/admin/audit?member=${encodeURIComponent(member.email)}`);

  print(header);
  for (const row of table) print(row);
  const violations = await verifyLedger(deps.db);
  print();
  print(ledgerVerdict(violations));
  for (const problem of problems) print(`PROBLEM ${problem}`);
  broken = violations.length > 0 || problems.length > 0;
} catch (error) {
  broken = true;
  console.error(error);
} finally {
  await server?.stop();
  if (!reused) await dropOrKeep(benchDb);
}
process.exit(broken ? 1 : 0);
