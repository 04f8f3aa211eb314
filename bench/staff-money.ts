/**
 * The staff money operations on PostgreSQL, through the real HTTP API as a signed-in staff user:
 * adding transactions (preview and post), Delete User Transactions (reverse-all), settling
 * payment orders, the NACHA export, and the audit log at a realistic size.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:staff-money
 *
 * DATABASE_URL names a PostgreSQL server (and a database there to connect to for admin work). The
 * run creates `mutual_bench_staff_<id>` (migrated), seeds members, histories and payment orders
 * through the services and the ledger (not the HTTP API: only what is measured goes over HTTP),
 * bulk-inserts synthetic audit rows, prints the median and p95 of each operation, checks every
 * ledger invariant (ledger:verify) and drops the database unless KEEP_BENCH_DB is set. A broken
 * ledger, a server error or a wrong answer exits non-zero. A batch the server refuses as too large
 * (413) is reported as a finding and measured at the largest size that fits, and at the asked size
 * on the services without HTTP. No test runs this.
 *
 * Sizes (env): BENCH_REPS (5) repetitions of each request; BENCH_BATCH_SIZES ("50,500", at most
 * 500 each) rows per added batch; BENCH_HISTORY_SIZES ("1000,5000") transactions of the member
 * whose history is reversed, BENCH_REVERSE_REPS (3) members of each size; BENCH_SETTLE_ORDERS
 * (500) settled one by one, BENCH_SETTLE_CLIENTS (8) concurrent staff requests in the second
 * half; BENCH_EXPORT_ORDERS (2000) per NACHA file, BENCH_EXPORT_REPS (3) files;
 * BENCH_AUDIT_ROWS (100000) synthetic audit rows.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import {
  type AchExportResult,
  type AddTransactionsInput,
  type AuditPage,
  IDEMPOTENCY_HEADER,
  type StaffTransactionRowInput,
  type TransactionCategory,
  type TransactionPreview,
  type TransferStatus,
} from '@mutual/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../apps/server/src/db/client';
import { addTransactions, previewTransactions } from '../apps/server/src/modules/admin/staff-transactions';
import { type Actor } from '../apps/server/src/modules/audit/record-audit';
import { generalLedger } from '../apps/server/src/modules/ledger/general-ledger';
import { ledgerAccounts } from '../apps/server/src/modules/ledger/ledger.tables';
import { postTransfer, resolvePending } from '../apps/server/src/modules/ledger/post-transfer';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify-ledger';
import { loadUser } from '../apps/server/src/modules/people/users';
import { createPaymentOrder } from '../apps/server/src/modules/payments/create-payment-order';
import { benchPostgres, envWholeNumber, ledgerVerdict, ms, percentile, print, progress } from './postgres';
import { type BenchDeps, createBenchUser, signInOverHttp, startBenchServer, unlimitedSignIn } from './support';

const { withDatabase, admin, dropOrKeep } = benchPostgres('bench:staff-money');
const list = (name: string, fallback: number[]) =>
  process.env[name]
    ? process.env[name]
        .split(',')
        .map((value) => Number(value.trim()))
        .filter((value) => Number.isInteger(value) && value > 0)
    : fallback;

const REPS = Math.max(1, envWholeNumber('BENCH_REPS', 5));
const BATCH_SIZES = list('BENCH_BATCH_SIZES', [50, 500]);
const HISTORY_SIZES = list('BENCH_HISTORY_SIZES', [1000, 5000]);
const REVERSE_REPS = envWholeNumber('BENCH_REVERSE_REPS', 3);
const SETTLE_ORDERS = envWholeNumber('BENCH_SETTLE_ORDERS', 500);
const SETTLE_CLIENTS = Math.max(1, envWholeNumber('BENCH_SETTLE_CLIENTS', 8));
const EXPORT_ORDERS = envWholeNumber('BENCH_EXPORT_ORDERS', 2000);
const EXPORT_REPS = envWholeNumber('BENCH_EXPORT_REPS', 3);
const AUDIT_ROWS = envWholeNumber('BENCH_AUDIT_ROWS', 100_000);
/** Members whose accounts the payment orders come from (spread so they do not queue on one account). */
const PAYERS = 20;
const PASSWORD = 'bench-password-2026-staff-money';
const OPENING_CENTS = 10_000_000_00n; // ten million dollars: nobody runs dry

const id = randomBytes(4).toString('hex');
const benchDb = `mutual_bench_staff_${id}`;

// ---------------------------------------------------------------------------------------------
// Figures

interface Figure {
  label: string;
  /** Milliseconds per repetition (or per request). */
  samples: number[];
  /** Work per repetition (rows, transactions, orders), for the per-second column. */
  perOp?: number;
  /** Throughput measured over the wall clock instead of from the median. */
  rate?: number;
  note?: string;
}

const figures: Figure[] = [];
/** What the run found wrong without being a crash: printed under the table. */
const findings: string[] = [];

/** Records a figure and shows it at once (on stderr); the whole table is printed at the end. */
function report(figure: Figure) {
  figures.push(figure);
  progress(row(figure));
}

function row(figure: Figure) {
  const median = percentile(figure.samples, 50);
  const rate = figure.rate ?? (figure.perOp ? figure.perOp / (median / 1000) : undefined);
  return (
    `${figure.label.padEnd(44)} ${String(figure.samples.length).padStart(5)} ` +
    `${ms(median).padStart(10)} ${ms(percentile(figure.samples, 95)).padStart(10)}` +
    ` ${rate === undefined ? ''.padStart(10) : rate.toFixed(0).padStart(10)}${figure.note ? `  ${figure.note}` : ''}`
  );
}

const header =
  `${'operation'.padEnd(44)} ${'n'.padStart(5)} ` +
  `${'median'.padStart(10)} ${'p95'.padStart(10)} ${'per s'.padStart(10)}`;

// ---------------------------------------------------------------------------------------------
// The staff user's HTTP client

const serverErrors: string[] = [];

interface Answer {
  status: number;
  text: string;
  ms: number;
  bytes: number;
}

class StaffClient {
  constructor(
    private readonly base: string,
    private readonly origin: string,
    private readonly cookie: string,
  ) {}

  async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { origin: this.origin, cookie: this.cookie, ...extra };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const buffer = Buffer.from(await response.arrayBuffer());
    const elapsed = performance.now() - started;
    const text = buffer.toString('utf8');
    if (response.status >= 500) serverErrors.push(`${method} ${path} ${response.status} ${text.slice(0, 300)}`);
    return { status: response.status, text, ms: elapsed, bytes: buffer.length };
  }

  /** A call that must answer `expected`; anything else stops the bench with the answer. */
  async expect(
    expected: number,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extra?: Record<string, string>,
  ): Promise<Answer> {
    const answer = await this.call(method, path, body, extra);
    if (answer.status !== expected)
      throw new Error(`${method} ${path} answered ${answer.status}, not ${expected}: ${answer.text.slice(0, 500)}`);
    return answer;
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding through the services and the ledger

interface BenchMember {
  id: string;
  email: string;
  checking: string;
  savings: string;
}

let people = 0;
async function person(deps: BenchDeps, role: 'user' | 'admin', label: string): Promise<BenchMember> {
  people += 1;
  const email = `bench.${label}.${people}.${id}@example.com`;
  const name = `Bench ${role === 'admin' ? 'Staff' : 'Member'} ${people}`;
  const user = await createBenchUser(deps, { name, email, password: PASSWORD, role });
  const accounts = await deps.db
    .select({ id: ledgerAccounts.id, type: ledgerAccounts.type })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, user.id));
  const checking = accounts.find((a) => a.type === 'Checking')?.id;
  const savings = accounts.find((a) => a.type === 'Savings')?.id;
  if (role === 'user' && (!checking || !savings)) throw new Error(`no accounts for ${email}`);
  return { id: user.id, email, checking: checking ?? '', savings: savings ?? '' };
}

/** A member with a large opening deposit in Checking, posted through the ledger. */
async function fundedMember(deps: BenchDeps, label: string): Promise<BenchMember> {
  const member = await person(deps, 'user', label);
  await deps.db.transaction((tx) =>
    postTransfer(tx, {
      kind: 'single',
      debitAccountId: generalLedger.cash,
      creditAccountId: member.checking,
      amount: OPENING_CENTS,
      category: 'Deposit',
      debitMemo: 'Bench opening deposit',
      creditMemo: 'Bench opening deposit',
      effectiveAt: new Date(Date.now() - 400 * 86_400_000),
      now: new Date(),
      createdBy: null,
    }),
  );
  return member;
}

/**
 * `size` transactions of the member, oldest first, posted through the ledger in chunks: deposits,
 * card spending, holds still pending, holds that posted, failed payments (one in ten each of the
 * last three kinds). Every debit is covered by the credits before it.
 */
async function seedHistory(deps: BenchDeps, member: BenchMember, size: number) {
  const now = new Date();
  const chunk = 250;
  for (let start = 0; start < size; start += chunk) {
    await deps.db.transaction(async (tx) => {
      for (let i = start; i < Math.min(size, start + chunk); i++) {
        const effectiveAt = new Date(now.getTime() - (size - i) * 60_000);
        const slot = i % 10;
        const credit = slot <= 2;
        const kind = slot === 7 || slot === 8 ? 'pending' : slot === 9 ? 'failed' : 'single';
        const posted = await postTransfer(tx, {
          kind,
          debitAccountId: credit ? generalLedger.depositClearing : member.checking,
          creditAccountId: credit ? member.checking : generalLedger.cardSettlement,
          amount: credit ? 100_00n : slot >= 7 ? 5_00n : 20_00n,
          category: credit ? 'Deposit' : 'Shopping',
          debitMemo: credit ? 'Bench deposit' : `Bench purchase ${i}`,
          creditMemo: credit ? `Bench deposit ${i}` : 'Bench purchase',
          reason: kind === 'failed' ? 'Declined by the merchant' : null,
          effectiveAt,
          now,
          createdBy: null,
        });
        if (slot === 8) await resolvePending(tx, { pendingId: posted.transferId, kind: 'post', now, createdBy: null });
      }
    });
  }
}

/**
 * `count` pending ACH orders from the payers' Checking, through `createPaymentOrder` (a hundred
 * per database transaction).
 */
async function seedAchOrders(deps: BenchDeps, payers: BenchMember[], count: number, tag: string) {
  const now = new Date();
  for (let start = 0; start < count; start += 100) {
    await deps.db.transaction(async (tx) => {
      for (let i = start; i < Math.min(count, start + 100); i++) {
        const payer = payers[i % payers.length];
        if (!payer) throw new Error('no payer');
        await createPaymentOrder(tx, deps.secrets, {
          userId: payer.id,
          rail: 'ach',
          fromAccountId: payer.checking,
          amount: BigInt(1_00 + (i % 997) * 13),
          beneficiaryName: `Casey Jones ${i}`,
          bankName: 'Bank of America',
          routingNumber: '026009593',
          accountNumber: String(123456789 + i),
          reference: `Bench ${tag} ${i}`,
          debitMemo: `Transfer to Casey Jones ${i}, Bank of America ${String(123456789 + i).slice(-4)}`,
          now,
        });
      }
    });
  }
  const rows = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from payment_orders where status = 'pending' and rail = 'ach' and ach_export_id is null
      order by created_at, id`,
  );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// The scenarios

/** A batch of staff rows dated in the past: credits first, then debits, Completed/Pending/Failed mixed. */
function batch(size: number, rep: number): StaffTransactionRowInput[] {
  const base = Date.now() - (20 + rep) * 86_400_000;
  const credits = Math.max(1, Math.ceil(size / 4));
  return Array.from({ length: size }, (_, i) => {
    const at = new Date(base + i * 60_000).toISOString();
    const credit = i < credits;
    const spending: TransactionCategory[] = ['Shopping', 'Food', 'Bill Pay', 'Transportation'];
    const statuses: TransferStatus[] = ['Completed', 'Completed', 'Pending', 'Failed'];
    return {
      account: credit && i % 5 === 4 ? 'Savings' : 'Checking',
      type: credit ? 'credit' : 'debit',
      amount: credit ? '250.00' : `${(5 + (i % 40)).toFixed(2)}`,
      description: credit ? `Bench payroll ${rep}.${i}` : `Bench card purchase ${rep}.${i}`,
      category: credit ? (i % 2 ? 'Income' : 'Deposit') : (spending[i % spending.length] ?? 'Other'),
      date: at.slice(0, 10),
      time: at.slice(11, 16),
      // The first credit always lands; the rest cycle through the three statuses.
      status: i === 0 ? 'Completed' : (statuses[i % statuses.length] ?? 'Completed'),
    } satisfies StaffTransactionRowInput;
  });
}

/**
 * Preview then add, `REPS` times each, for every batch size. A batch the server refuses as too
 * large (413) is a finding: it is reported, the largest batch that does fit is measured over HTTP,
 * and the requested size is measured on the services directly (the same work without HTTP).
 */
async function addTransactionsScenario(staff: StaffClient, deps: BenchDeps, staffActor: Actor) {
  const warmUp = await fundedMember(deps, 'warmup');
  await staff.expect(200, 'POST', `/api/admin/users/${warmUp.id}/transactions/preview`, { rows: batch(10, 0) });

  for (const size of BATCH_SIZES) {
    const member = await fundedMember(deps, `rows${size}`);
    const path = `/api/admin/users/${member.id}/transactions`;
    const bytes = Buffer.byteLength(JSON.stringify({ rows: batch(size, 0) }));
    const first = await staff.call('POST', `${path}/preview`, { rows: batch(size, 0) });
    let httpSize = size;
    if (first.status === 413) {
      httpSize = await largestFitting(staff, `${path}/preview`, size);
      const refusal = (JSON.parse(first.text) as { message?: string }).message ?? '';
      const httpKib = (Buffer.byteLength(JSON.stringify({ rows: batch(httpSize, 0) })) / 1024).toFixed(1);
      findings.push(
        `A batch of ${size} rows (${(bytes / 1024).toFixed(0)} KiB of JSON) is refused with 413 "${refusal}"; ` +
          `the largest batch of these rows the API takes is ${httpSize} (${httpKib} KiB).`,
      );
      report({
        label: `preview/add ${size} rows over HTTP`,
        samples: [first.ms],
        note:
          `REFUSED 413 (${(bytes / 1024).toFixed(0)} KiB body): ` +
          `measured ${httpSize} rows over HTTP and ${size} on the services`,
      });
    } else if (first.status !== 200) {
      throw new Error(`POST ${path}/preview answered ${first.status}: ${first.text.slice(0, 500)}`);
    }

    const previews: number[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const answer = await staff.expect(200, 'POST', `${path}/preview`, { rows: batch(httpSize, rep) });
      const preview = JSON.parse(answer.text) as TransactionPreview;
      if (!preview.ok) throw new Error(`preview of ${httpSize} rows refused: ${answer.text.slice(0, 500)}`);
      previews.push(answer.ms);
    }
    report({ label: `preview ${httpSize} rows`, samples: previews, perOp: httpSize, note: 'rows/s' });

    const adds: number[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const body: AddTransactionsInput = { rows: batch(httpSize, rep) };
      const answer = await staff.expect(201, 'POST', path, body, { [IDEMPOTENCY_HEADER]: randomUUID() });
      const { count } = JSON.parse(answer.text) as { count: number };
      if (count !== httpSize) throw new Error(`added ${count} of ${httpSize} rows`);
      adds.push(answer.ms);
    }
    report({ label: `add ${httpSize} rows (Idempotency-Key)`, samples: adds, perOp: httpSize, note: 'rows/s' });

    if (httpSize !== size) {
      const user = await loadUser(deps.db, member.id);
      const meta = { ipAddress: '127.0.0.1', userAgent: 'bench' };
      const direct: number[] = [];
      for (let rep = 0; rep < REPS; rep++) {
        const started = performance.now();
        const preview = await previewTransactions(deps, user, batch(size, rep));
        direct.push(performance.now() - started);
        if (!preview.ok)
          throw new Error(
            `service preview of ${size} rows refused: ` +
              JSON.stringify(preview.rows.find((r) => Object.keys(r.errors).length)),
          );
      }
      report({ label: `preview ${size} rows (service, no HTTP)`, samples: direct, perOp: size, note: 'rows/s' });
      const posted: number[] = [];
      for (let rep = 0; rep < REPS; rep++) {
        const started = performance.now();
        const answer = await addTransactions(deps, user, { rows: batch(size, rep) }, randomUUID(), staffActor, meta);
        posted.push(performance.now() - started);
        if ((answer.body as { count?: number }).count !== size)
          throw new Error(`service added ${JSON.stringify(answer.body)}`);
      }
      report({ label: `add ${size} rows (service, no HTTP)`, samples: posted, perOp: size, note: 'rows/s' });
    }
  }
}

/** The largest batch (below `size`) the preview accepts: a dry run, so probing posts nothing. */
async function largestFitting(staff: StaffClient, path: string, size: number): Promise<number> {
  let fits = 0;
  let refused = size;
  while (refused - fits > 1) {
    const middle = Math.floor((fits + refused) / 2);
    const answer = await staff.call('POST', path, { rows: batch(middle, 0) });
    if (answer.status === 200) fits = middle;
    else if (answer.status === 413) refused = middle;
    else throw new Error(`POST ${path} with ${middle} rows answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  if (fits === 0) throw new Error(`POST ${path}: not even one row fits`);
  return fits;
}

async function reverseAllScenario(staff: StaffClient, deps: BenchDeps) {
  if (REVERSE_REPS === 0) return;
  const seeded: { size: number; member: BenchMember }[] = [];
  const seedStarted = performance.now();
  for (const size of HISTORY_SIZES) {
    for (let rep = 0; rep < REVERSE_REPS; rep++) {
      const member = await fundedMember(deps, `history${size}`);
      await seedHistory(deps, member, size);
      seeded.push({ size, member });
    }
  }
  const seededTransfers = HISTORY_SIZES.reduce((sum, size) => sum + size * REVERSE_REPS, 0);
  progress(`  (seeded ${seededTransfers} transactions through the ledger in ${ms(performance.now() - seedStarted)})`);
  await deps.db.execute(sql`analyze`);

  // Another member's one-row deposit: idle, and again while the largest reverse-all runs (it
  // locks the general-ledger accounts, deposit clearing among them, for its last phase).
  const bystander = await fundedMember(deps, 'bystander');
  const deposit = (rep: number) =>
    staff.expect(
      201,
      'POST',
      `/api/admin/users/${bystander.id}/transactions`,
      { rows: batch(1, 100 + rep) },
      { [IDEMPOTENCY_HEADER]: randomUUID() },
    );
  const idle: number[] = [];
  for (let rep = 0; rep < REPS; rep++) idle.push((await deposit(rep)).ms);
  report({ label: 'add 1 row (another member, idle)', samples: idle });

  const largest = Math.max(...HISTORY_SIZES);
  for (const size of HISTORY_SIZES) {
    const samples: number[] = [];
    let reversed = 0;
    const members = seeded.filter((s) => s.size === size).map((s) => s.member);
    for (const [index, member] of members.entries()) {
      const reverseAll = staff.expect(200, 'POST', `/api/admin/users/${member.id}/transactions/reverse-all`, {
        reason: 'Bench: account closed in error',
      });
      reverseAll.catch(() => undefined); // awaited below; a failure is reported there
      if (size === largest && index === members.length - 1) {
        // A third of the way through (by the earlier runs), a deposit for someone else arrives.
        await new Promise((resolve) => setTimeout(resolve, samples.length ? percentile(samples, 50) / 3 : 1000));
        const during = await deposit(REPS);
        report({
          label: `add 1 row during reverse-all ${size}`,
          samples: [during.ms],
          note: 'another member; waits for the reverse-all to commit',
        });
      }
      const answer = await reverseAll;
      reversed = (JSON.parse(answer.text) as { count: number }).count;
      samples.push(answer.ms);
    }
    // The opening deposit is reversed too; failed rows are not (they moved nothing).
    report({
      label: `reverse-all, ${size} transactions`,
      samples,
      perOp: reversed,
      note: `transactions/s (${reversed} undone each)`,
    });
  }
}

async function settleScenario(staff: StaffClient, deps: BenchDeps, payers: BenchMember[]) {
  if (SETTLE_ORDERS === 0) return;
  const orders = await seedAchOrders(deps, payers, SETTLE_ORDERS, 'settle');
  if (orders.length !== SETTLE_ORDERS)
    throw new Error(`expected ${SETTLE_ORDERS} pending orders, found ${orders.length}`);
  const settle = async (orderId: string) =>
    (await staff.expect(200, 'POST', `/api/admin/payment-orders/${orderId}/settle`)).ms;

  const half = Math.floor(orders.length / 2);
  const sequential: number[] = [];
  let started = performance.now();
  for (const orderId of orders.slice(0, half)) sequential.push(await settle(orderId));
  report({
    label: 'settle, 1 client',
    samples: sequential,
    rate: sequential.length / ((performance.now() - started) / 1000),
    note: 'orders/s',
  });

  const queue = orders.slice(half);
  const concurrent: number[] = [];
  const watcher = await watchLockWaits();
  started = performance.now();
  await Promise.all(
    Array.from({ length: SETTLE_CLIENTS }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) concurrent.push(await settle(next));
    }),
  );
  const rate = concurrent.length / ((performance.now() - started) / 1000);
  const waits = await watcher.stop();
  report({
    label: `settle, ${SETTLE_CLIENTS} clients`,
    samples: concurrent,
    rate,
    note:
      `orders/s; on average ${waits.active.toFixed(1)} statements active, ` +
      `${waits.waiting.toFixed(1)} waiting for a lock (${waits.inLedger.toFixed(1)} in ledger_post)`,
  });
}

/**
 * Samples pg_stat_activity of the bench database every 10 ms: how many statements run, how many
 * wait on a lock, and how many of those are ledger calls (waiting for an account row).
 */
async function watchLockWaits() {
  const client = new pg.Client({ connectionString: withDatabase(benchDb) });
  await client.connect();
  const seen = { samples: 0, active: 0, waiting: 0, inLedger: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ active: string; waiting: string; in_ledger: string }>(
        `select count(*) as active, count(*) filter (where wait_event_type = 'Lock') as waiting,
                count(*) filter (where wait_event_type = 'Lock' and query like '%ledger_post(%') as in_ledger
           from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      seen.samples += 1;
      seen.active += Number(rows[0]?.active ?? 0);
      seen.waiting += Number(rows[0]?.waiting ?? 0);
      seen.inLedger += Number(rows[0]?.in_ledger ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const per = (n: number) => n / Math.max(1, seen.samples);
      return { active: per(seen.active), waiting: per(seen.waiting), inLedger: per(seen.inLedger) };
    },
  };
}

async function achExportScenario(staff: StaffClient, deps: BenchDeps, payers: BenchMember[]) {
  if (EXPORT_ORDERS === 0 || EXPORT_REPS === 0) return;
  const samples: number[] = [];
  const downloads: number[] = [];
  let size = 0;
  for (let rep = 0; rep < EXPORT_REPS; rep++) {
    const orders = await seedAchOrders(deps, payers, EXPORT_ORDERS, `export${rep}`);
    if (orders.length !== EXPORT_ORDERS)
      throw new Error(`expected ${EXPORT_ORDERS} orders awaiting export, found ${orders.length}`);
    const answer = await staff.expect(201, 'POST', '/api/admin/payment-orders/ach-export', { sec: 'PPD' });
    const result = JSON.parse(answer.text) as AchExportResult;
    samples.push(answer.ms);
    if (result.export.entryCount !== EXPORT_ORDERS)
      throw new Error(`the file says ${result.export.entryCount} entries, not ${EXPORT_ORDERS}`);

    const file = await staff.expect(200, 'GET', `/api/admin/payment-orders/ach-exports/${result.export.id}/file`);
    downloads.push(file.ms);
    const records = file.text.split(/\r?\n/).filter((line) => line.length > 0);
    const entries = records.filter((line) => line.startsWith('6')).length;
    const wrongLength = records.filter((line) => line.length !== 94).length;
    if (entries !== EXPORT_ORDERS || wrongLength > 0) {
      throw new Error(
        `NACHA file ${result.export.fileName}: ${entries} entry records (want ${EXPORT_ORDERS}), ` +
          `${wrongLength} records not 94 characters`,
      );
    }
    size = file.bytes;
  }
  report({
    label: `ach-export, ${EXPORT_ORDERS} orders`,
    samples,
    perOp: EXPORT_ORDERS,
    note: `entries/s; file ${(size / 1024).toFixed(0)} KiB, ${EXPORT_ORDERS} entry records`,
  });
  report({ label: `download that file again`, samples: downloads });
}

async function auditScenario(staff: StaffClient, deps: BenchDeps, target: BenchMember) {
  const members = await queryRows<{ id: string }>(deps.db, sql`select id from users where role = 'user'`);
  const ids = sql.join(
    members.map((m) => sql`${m.id}::uuid`),
    sql`, `,
  );
  const started = performance.now();
  // One statement; the table is append-only (UPDATE and DELETE are refused), INSERT is allowed.
  // A year of history: mostly sign-ins and member transfers, one row in forty a staff batch.
  await deps.db.execute(sql`
    insert into audit_log (at, action, actor_user_id, actor_email, target_user_id, ip_address, user_agent,
                           before, after)
    select now() - interval '1 second' - (i * (interval '365 days' / ${AUDIT_ROWS}::int)),
      (array['auth.sign_in', 'auth.sign_in', 'auth.sign_in', 'auth.code_issued', 'auth.sign_out', 'transfer.member',
             'transfer.internal', 'transfer.external', 'hold.placed', 'account.updated', 'transactions.added',
             'transaction.reversed', 'auth.sign_in_failed'])[1 + (i % 13)],
      null, 'system', (array[${ids}])[1 + floor(random() * ${members.length})::int],
      '203.0.113.' || (i % 250), 'Mozilla/5.0 (bench)', null,
      jsonb_build_object('synthetic', true, 'n', i, 'reason', 'Bench row ' || i)
    from generate_series(1, ${AUDIT_ROWS}::int) as i`);
  await deps.db.execute(sql`analyze audit_log`);
  const [counted] = await queryRows<{ n: string }>(deps.db, sql`select count(*)::text as n from audit_log`);
  progress(
    `  (audit_log now ${counted?.n ?? '?'} rows; ` +
      `synthetic rows inserted and analysed in ${ms(performance.now() - started)})`,
  );

  const pages: [string, string][] = [
    ['audit, first page', '/api/admin/audit'],
    ['audit, action=transactions.added', '/api/admin/audit?action=transactions.added'],
    [
      'audit, that action and one member',
      `/api/admin/audit?action=transactions.added&member=${encodeURIComponent(target.email)}`,
    ],
    ['audit, one member', `/api/admin/audit?member=${encodeURIComponent(target.email)}`],
  ];
  for (const [label, path] of pages) {
    const samples: number[] = [];
    let page: AuditPage | undefined;
    for (let rep = 0; rep < REPS; rep++) {
      const answer = await staff.expect(200, 'GET', path);
      page = JSON.parse(answer.text) as AuditPage;
      samples.push(answer.ms);
    }
    if (!page || page.entries.length === 0) throw new Error(`${path}: an empty page`);
    report({ label, samples, note: `${page.entries.length} entries of ${page.total}${page.totalCapped ? '+' : ''}` });
  }
}

// ---------------------------------------------------------------------------------------------

async function machineFacts(deps: BenchDeps) {
  const [pgRow] = await queryRows<{ version: string; buffers: string; sync: string }>(
    deps.db,
    sql`select version() as version, current_setting('shared_buffers') as buffers,
      current_setting('synchronous_commit') as sync`,
  );
  const cpus = os.cpus();
  print(
    `machine     ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), ` +
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
  );
  print(
    `postgresql  ${pgRow?.version.split(' on ')[0] ?? '?'}; ` +
      `shared_buffers=${pgRow?.buffers}, synchronous_commit=${pgRow?.sync}`,
  );
  print(
    `node        ${process.version}; one staff session over HTTP on 127.0.0.1; times include reading the whole answer`,
  );
}

let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
let broken = false;
const began = performance.now();
try {
  print(`bench:staff-money: database ${benchDb}; ${REPS} repetitions per request`);
  await admin(`create database ${benchDb}`);
  server = await startBenchServer({
    DATABASE_URL: withDatabase(benchDb),
    ...unlimitedSignIn,
  });
  const { base, deps } = server;
  const staffUser = await person(deps, 'admin', 'staff');
  const staff = new StaffClient(
    base,
    deps.config.publicUrl,
    await signInOverHttp(base, deps, staffUser.email, PASSWORD),
  );
  const payers: BenchMember[] = [];
  for (let i = 0; i < PAYERS; i++) payers.push(await fundedMember(deps, 'payer'));
  await machineFacts(deps);
  progress(header);

  await addTransactionsScenario(staff, deps, { userId: staffUser.id, email: staffUser.email });
  await reverseAllScenario(staff, deps);
  await settleScenario(staff, deps, payers);
  await achExportScenario(staff, deps, payers);
  const [target] = await queryRows<{ id: string; email: string }>(
    deps.db,
    sql`select target_user_id as id, u.email from audit_log a join users u on u.id = a.target_user_id
        where a.action = 'transactions.added' order by a.id limit 1`,
  );
  if (!target) throw new Error('no transactions.added entry to filter by');
  await auditScenario(staff, deps, { ...target, checking: '', savings: '' });

  const violations = await verifyLedger(deps.db);
  print();
  print(header);
  for (const figure of figures) print(row(figure));
  if (findings.length) {
    print();
    for (const finding of findings) print(`FINDING: ${finding}`);
  }
  print();
  print(ledgerVerdict(violations));
  if (serverErrors.length) print(`server errors:\n  ${serverErrors.join('\n  ')}`);
  print(`total ${ms(performance.now() - began)}`);
  broken = violations.length > 0 || serverErrors.length > 0;
} catch (error) {
  broken = true;
  console.error(error);
  if (serverErrors.length) console.error(`server errors:\n  ${serverErrors.join('\n  ')}`);
} finally {
  await server?.stop();
  await dropOrKeep(benchDb);
}
process.exit(broken ? 1 : 0);
