/**
 * Transfers per second through the whole portal, next to PostgreSQL's own TPC-B (pgbench) on the
 * same server, in alternating rounds so both see the same machine at the same time.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:transfers
 *
 * DATABASE_URL names a PostgreSQL server (and a database there to connect to for admin work).
 * The run creates two fresh databases on it, `mutual_bench_<id>` (the portal's, migrated, with
 * BENCH_MEMBERS signed-in members holding money) and `mutual_bench_tpcb_<id>` (`pgbench -i -s 8`),
 * and drops both at the end unless KEEP_BENCH_DB is set. Each round runs BENCH_CLIENTS concurrent
 * clients for BENCH_SECONDS: pgbench's built-in TPC-B script, or workers posting
 * `/api/transfers/user` (a random member to another, a small random amount, a fresh
 * Idempotency-Key, the sender's own session cookie). Afterwards every ledger invariant is checked
 * (ledger:verify); a broken ledger or a server error exits non-zero. No test runs this.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { IDEMPOTENCY_HEADER } from '@mutual/shared';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { generalLedger } from '../apps/server/src/modules/ledger/general-ledger';
import { ledgerAccounts } from '../apps/server/src/modules/ledger/ledger.tables';
import { postTransfer } from '../apps/server/src/modules/ledger/post-transfer';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify-ledger';
import {
  backendsCpu,
  benchPostgres,
  cpuSeconds,
  ledgerVerdict,
  machineCpu,
  percentile,
  print,
  schedulerSeconds,
} from './postgres';
import { type BenchDeps, createBenchUser, signInOverHttp, startBenchServer, unlimitedSignIn } from './support';

const { withDatabase, admin, dropOrKeep } = benchPostgres('bench:transfers');

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 40);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TPCB_SCALE = Number(process.env.BENCH_TPCB_SCALE ?? 8);
const PASSWORD = 'bench-password-2026-transfers';
const DEPOSIT_CENTS = 1_000_000_00n; // a million dollars each: nobody runs dry during the run

const id = randomBytes(4).toString('hex');
const benchDb = `mutual_bench_${id}`;
const tpcbDb = `mutual_bench_tpcb_${id}`;

/** Runs a program to the end; rejects with its output if it fails. */
function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${out}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Figures

interface Round {
  kind: 'tpcb' | 'transfers';
  seconds: number;
  done: number;
  failed: Record<string, number>;
  /** Latency of each completed transaction or transfer, in ms. */
  latencies: number[];
}

function summary(rounds: Round[]) {
  const latencies = rounds.flatMap((r) => r.latencies);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const done = rounds.reduce((sum, r) => sum + r.done, 0);
  return { perSecond: done / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), done };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const line = (label: string, rounds: Round[], unit: string) => {
  const s = summary(rounds);
  const failed = rounds.reduce<Record<string, number>>((acc, r) => {
    for (const [k, v] of Object.entries(r.failed)) acc[k] = (acc[k] ?? 0) + v;
    return acc;
  }, {});
  const failures = Object.keys(failed).length ? `  failed ${JSON.stringify(failed)}` : '';
  return (
    `${label.padEnd(22)} ${s.perSecond.toFixed(1).padStart(8)} ${unit.padEnd(11)} ` +
    `p50 ${ms(s.p50).padStart(10)}  p99 ${ms(s.p99).padStart(10)}  (${s.done})${failures}`
  );
};

// ---------------------------------------------------------------------------------------------
// pgbench (TPC-B)

async function pgbenchRound(logDir: string, round: number): Promise<Round> {
  const prefix = path.join(logDir, `round${round}`);
  const out = await run('pgbench', [
    '-c',
    String(CLIENTS),
    '-j',
    '2',
    '-T',
    String(SECONDS),
    '-n',
    '-l',
    `--log-prefix=${prefix}`,
    withDatabase(tpcbDb),
  ]);
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  const latencies: number[] = [];
  for (const file of fs.readdirSync(logDir).filter((f) => f.startsWith(`round${round}.`))) {
    // client_id transaction_no latency_us script_no epoch_s epoch_us
    for (const row of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      const latency = Number(row.split(' ')[2]);
      if (row && Number.isFinite(latency)) latencies.push(latency / 1000);
    }
  }
  const failedCount = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
  // pgbench's own tps (excluding connection time) is the throughput; the log gives the latencies.
  return {
    kind: 'tpcb',
    seconds: latencies.length / tps || SECONDS,
    done: latencies.length,
    failed: failedCount ? { failed: failedCount } : {},
    latencies,
  };
}

// ---------------------------------------------------------------------------------------------
// The portal: members, their sessions, and a load generator in its own thread

interface BenchMember {
  email: string;
  cookie: string;
}

async function createMembers(deps: BenchDeps): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const email = `bench.member.${i}.${id}@example.com`;
    const name = `Bench Member ${i + 1}`;
    const user = await createBenchUser(deps, { name, email, password: PASSWORD, role: 'user' });
    const [checking] = await deps.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, user.id), eq(ledgerAccounts.type, 'Checking')));
    if (!checking) throw new Error(`no Checking for ${email}`);
    await deps.db.transaction((tx) =>
      postTransfer(tx, {
        kind: 'single',
        debitAccountId: generalLedger.cash,
        creditAccountId: checking.id,
        amount: DEPOSIT_CENTS,
        category: 'Deposit',
        debitMemo: 'Bench deposit',
        creditMemo: 'Bench deposit',
        now: new Date(),
        createdBy: null,
      }),
    );
    emails.push(email);
  }
  return emails;
}

/**
 * The load generator, plain JavaScript in a worker thread so it does not share the server's event
 * loop: CLIENTS loops, each posting one transfer at a time until the round ends.
 */
const loadGenerator = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
const { base, members, clients, seconds, origin, header } = workerData;
const latencies = [];
const failed = {};
let done = 0;
const deadline = performance.now() + seconds * 1000;
// node:http on kept-alive connections, one per client: Node's fetch (undici behind web streams)
// spent about twice the CPU per request, taken from the same two cores as the app and PostgreSQL.
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
function post(path, body, headers) {
  return new Promise((resolve, reject) => {
    const request = http.request(base + path, { method: 'POST', agent, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
async function client() {
  while (performance.now() < deadline) {
    const from = Math.floor(Math.random() * members.length);
    const to = (from + 1 + Math.floor(Math.random() * (members.length - 1))) % members.length;
    const cents = 1 + Math.floor(Math.random() * 500);
    const body = JSON.stringify({
      transferType: 'user', fromAccount: 'Checking', recipientEmail: members[to].email,
      amount: (cents / 100).toFixed(2), reference: 'Bench',
    });
    const started = performance.now();
    try {
      const response = await post('/api/transfers/user', body, {
        'content-type': 'application/json', origin, cookie: members[from].cookie, [header]: randomUUID(),
      });
      const text = response.text;
      if (response.status === 201) { done += 1; latencies.push(performance.now() - started); }
      else { const key = response.status + ' ' + (JSON.parse(text).code || ''); failed[key] = (failed[key] || 0) + 1; }
    } catch (error) {
      failed['network ' + error.message] = (failed['network ' + error.message] || 0) + 1;
    }
  }
}
// This thread's own CPU seconds (Linux; 0 elsewhere): the load is not free, and it shares the cores.
function threadCpu() {
  try {
    const stat = require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch { return 0; }
}
const began = performance.now();
const cpuBefore = threadCpu();
Promise.all(Array.from({ length: clients }, client)).then(() => {
  const loadCpu = threadCpu() - cpuBefore;
  parentPort.postMessage({ done, failed, latencies, seconds: (performance.now() - began) / 1000, loadCpu });
});
`;

/** CPU seconds of this process's main thread, where the app runs (the load generator is another thread). */
const mainThreadCpu = () => cpuSeconds(`/proc/${process.pid}/task/${process.pid}/stat`);

/** The main thread's time on a CPU and waiting for one: the app's one event loop is the serial part of a transfer. */
const mainThreadScheduling = () => schedulerSeconds(`/proc/${process.pid}/task/${process.pid}/schedstat`);

/** Where each transfer round's CPU went, per transfer: it holds on a busy machine where wall-clock figures do not. */
const costs: string[] = [];

function transfersRound(base: string, origin: string, members: BenchMember[]): Promise<Round> {
  return new Promise((resolve, reject) => {
    const appBefore = mainThreadCpu();
    const processBefore = cpuSeconds(`/proc/${process.pid}/stat`);
    const pgBefore = backendsCpu(benchDb);
    const machineBefore = machineCpu();
    const scheduledBefore = mainThreadScheduling();
    const began = performance.now();
    const worker = new Worker(loadGenerator, {
      eval: true,
      workerData: { base, members, clients: CLIENTS, seconds: SECONDS, origin, header: IDEMPOTENCY_HEADER },
    });
    worker.once('message', ({ loadCpu, ...result }: Omit<Round, 'kind'> & { loadCpu: number }) => {
      const perTransfer = (seconds: number) => ((seconds * 1000) / Math.max(1, result.done)).toFixed(2);
      const wall = (performance.now() - began) / 1000;
      const scheduled = mainThreadScheduling();
      const share = (seconds: number) => `${Math.round((100 * seconds) / wall)} %`;
      const app = mainThreadCpu() - appBefore;
      const otherThreads = cpuSeconds(`/proc/${process.pid}/stat`) - processBefore - app - loadCpu;
      const machine = machineCpu();
      costs.push(
        `CPU per transfer: app main thread ${perTransfer(app)} ms, ` +
          `PostgreSQL backends ${perTransfer(backendsCpu(benchDb) - pgBefore)} ms, ` +
          `the load generator's thread ${perTransfer(loadCpu)} ms, the process's other threads ` +
          `${perTransfer(otherThreads)} ms; the machine busy ${perTransfer(machine.busy - machineBefore.busy)} ms ` +
          `of ${perTransfer(machine.total - machineBefore.total)} ms; ` +
          `the main thread ran ${share(scheduled.running - scheduledBefore.running)} of the round ` +
          `and waited for a CPU ${share(scheduled.waiting - scheduledBefore.waiting)}`,
      );
      resolve({ kind: 'transfers', ...result });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------

async function machineFacts(deps: BenchDeps) {
  const [pgRow] = await queryRows<{ version: string; sync: string; buffers: string; connections: string }>(
    deps.db,
    sql`select version() as version, current_setting('synchronous_commit') as sync,
               current_setting('shared_buffers') as buffers, current_setting('max_connections') as connections`,
  );
  const cpus = os.cpus();
  print(
    `machine     ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ` +
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}`,
  );
  print(`postgresql  ${pgRow?.version ?? '?'}`);
  print(
    `            synchronous_commit=${pgRow?.sync}, shared_buffers=${pgRow?.buffers}, ` +
      `max_connections=${pgRow?.connections}`,
  );
  print(`pgbench     ${(await run('pgbench', ['--version'])).trim()}`);
  print(`node        ${process.version}; the app's pool: 10 connections; load generator in a worker thread`);
}

let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
let broken = false;
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-bench-pgbench-'));
try {
  print(
    `bench:transfers: ${MEMBERS} members, ${CLIENTS} clients, ` +
      `${ROUNDS} alternating rounds of ${SECONDS} s (TPC-B first)`,
  );
  print(`databases   ${benchDb} (portal), ${tpcbDb} (pgbench -i -s ${TPCB_SCALE})`);
  await admin(`create database ${benchDb}`);
  await admin(`create database ${tpcbDb}`);
  await run('pgbench', ['-i', '-q', '-s', String(TPCB_SCALE), withDatabase(tpcbDb)]);

  let emails: string[] = [];
  server = await startBenchServer(
    {
      DATABASE_URL: withDatabase(benchDb),
      TRANSFER_LIMIT_COUNT: '0', // no limit
      ...unlimitedSignIn,
      RECIPIENT_LOOKUP_RATE_LIMIT: '100000000',
    },
    async (deps) => {
      emails = await createMembers(deps);
    },
  );
  const { base, deps } = server;
  const members: BenchMember[] = [];
  for (const email of emails) members.push({ email, cookie: await signInOverHttp(base, deps, email, PASSWORD) });
  await machineFacts(deps);
  print();

  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const round =
      i % 2 === 0 ? await pgbenchRound(logDir, i) : await transfersRound(base, deps.config.publicUrl, members);
    rounds.push(round);
    print(
      line(
        `round ${i + 1} ${round.kind === 'tpcb' ? 'TPC-B' : 'transfers'}`,
        [round],
        round.kind === 'tpcb' ? 'tps' : 'transfers/s',
      ),
    );
  }
  const tpcb = rounds.filter((r) => r.kind === 'tpcb');
  const ours = rounds.filter((r) => r.kind === 'transfers');
  print();
  print(line('overall TPC-B', tpcb, 'tps'));
  print(line('overall transfers', ours, 'transfers/s'));
  const ratio = summary(ours).perSecond / summary(tpcb).perSecond;
  print(`ratio transfers/TPC-B  ${ratio.toFixed(2)}`);
  for (const [i, cost] of costs.entries()) print(`transfer round ${i + 1}: ${cost}`);

  // The books after the storm.
  const violations = await verifyLedger(deps.db);
  const [counted] = await queryRows<{ n: string }>(
    deps.db,
    sql`select count(*) as n from ledger_transfers where category = 'Transfer'`,
  );
  const transfers = Number(counted?.n ?? 0);
  const served = summary(ours).done;
  const errors = ours
    .flatMap((r) => Object.keys(r.failed))
    .filter((key) => key.startsWith('5') || key.startsWith('network'));
  print();
  print(ledgerVerdict(violations));
  print(`transfers in the ledger ${transfers}, answered 201 ${served}${transfers === served ? '' : '  MISMATCH'}`);
  if (errors.length) print(`server or network errors: ${errors.join(', ')}`);
  broken = violations.length > 0 || transfers !== served || errors.length > 0;
} catch (error) {
  broken = true;
  console.error(error);
} finally {
  await server?.stop();
  fs.rmSync(logDir, { recursive: true, force: true });
  await dropOrKeep(benchDb, tpcbDb);
}
process.exit(broken ? 1 : 0);
