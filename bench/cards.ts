/**
 * The card processor's side of the portal on PostgreSQL: signed authorizations per second over real
 * HTTP, spread over many cards and then all on one card (which serialises on its row lock), and
 * the clearings that post their holds.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cards
 *
 * The run creates `mutual_bench_cards_<id>` (migrated), BENCH_MEMBERS members through the services,
 * each with money deposited through the ledger and an active debit card (daily limit raised where
 * the run would reach it), and one more member whose card takes the hot-card round at its default
 * limits. It starts the real app (rate limits raised) and, from a child process (so the clients do
 * not share the server's event loop) with BENCH_CLIENTS concurrent clients using Node's fetch:
 *
 * 1. BENCH_WARMUP authorizations, reversed (neither counted in the figures);
 * 2. BENCH_AUTHORIZATIONS authorizations of 1.00–9.99, round-robin over the cards;
 * 3. a clearing of each approved one, for the amount authorized;
 * 4. BENCH_CLIENTS × BENCH_HOT_PER_CLIENT authorizations on the one hot card, where the day's limit
 *    declines the rest: the approved total must stay within the limit and the funds.
 *
 * Each request is signed as the processor signs (`signedHeaders`: HMAC-SHA256 of
 * `${timestamp}.${body}`). It prints requests per second, p50/p95/p99 latency and the decisions,
 * checks every ledger invariant, that each authorization was stored once and that the hot card kept
 * its limit, and drops the database unless KEEP_BENCH_DB is set. A broken check, a server error or
 * an unexpected decline exits non-zero. No test runs this.
 *
 * Sizes (env): BENCH_MEMBERS (200); BENCH_AUTHORIZATIONS (4000); BENCH_CLIENTS (8);
 * BENCH_HOT_PER_CLIENT (200); BENCH_WARMUP (100).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  centsToDecimal,
  formatMoney,
  parseMoney,
  type ProcessorAuthorization,
  type ProcessorAuthorizationResult,
} from '@mutual/shared';
import { cardsApi } from '@mutual/shared/contract/cards';
import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { cardNumberContext, expiryText } from '../apps/server/src/modules/cards/card-numbers';
import { cards } from '../apps/server/src/modules/cards/cards.tables';
import { checkingAccountOf, issueDebitCard } from '../apps/server/src/modules/cards/issue-card';
import { signedHeaders } from '../apps/server/src/modules/cards/processor-signature';
import { generalLedger } from '../apps/server/src/modules/ledger/general-ledger';
import { postTransfer } from '../apps/server/src/modules/ledger/post-transfer';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify-ledger';
import {
  backendsCpu,
  benchPostgres,
  cpuSeconds,
  envWholeNumber,
  ledgerVerdict,
  ms,
  percentile,
  print,
  progress,
} from './postgres';
import { type BenchDeps, createBenchUser, startBenchServer } from './support';

const CLIENT_ROLE = 'BENCH_CARDS_CLIENTS';

const MEMBERS = Math.max(1, envWholeNumber('BENCH_MEMBERS', 200));
const AUTHORIZATIONS = Math.max(1, envWholeNumber('BENCH_AUTHORIZATIONS', 4000));
const CLIENTS = Math.max(1, envWholeNumber('BENCH_CLIENTS', 8));
const HOT_PER_CLIENT = Math.max(1, envWholeNumber('BENCH_HOT_PER_CLIENT', 200));
const WARMUP = envWholeNumber('BENCH_WARMUP', 100);
const DEPOSIT_CENTS = 1_000_000_00n; // a million dollars each: funds never decline the spread-out rounds
/** The largest amount the run sends: 9.99. */
const MAX_AMOUNT_CENTS = 999n;

// ---------------------------------------------------------------------------------------------
// The processor's clients: a child process (this file again) that signs and sends what it is given

interface Phase {
  base: string;
  secret: string;
  path: string;
  clients: number;
  payloads: unknown[];
}

interface Answer {
  status: number;
  /** From sending to the whole answer read. */
  ms: number;
  body: string;
}

interface PhaseResult {
  answers: Answer[];
  seconds: number;
}

/** CLIENTS loops, each sending one signed request at a time from the shared queue until it is empty. */
async function sendPhase(phase: Phase): Promise<PhaseResult> {
  const answers: Answer[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: phase.clients }, async () => {
      while (next < phase.payloads.length) {
        const i = next++;
        const body = JSON.stringify(phase.payloads[i]);
        const started = performance.now();
        try {
          const response = await fetch(`${phase.base}${phase.path}`, {
            method: 'POST',
            headers: signedHeaders(phase.secret, body, new Date()),
            body,
          });
          const text = await response.text();
          answers[i] = { status: response.status, ms: performance.now() - started, body: text };
        } catch (error) {
          answers[i] = { status: 0, ms: performance.now() - started, body: String(error) };
        }
      }
    }),
  );
  return { answers, seconds: (performance.now() - began) / 1000 };
}

function runClients() {
  process.on('message', (phase: Phase) => {
    void sendPhase(phase).then((result) => process.send?.(result));
  });
  process.send?.('ready');
}

/** The clients' process, started once so its connections and JIT stay warm from round to round. */
async function startClients(): Promise<{
  pid: number | undefined;
  send: (phase: Phase) => Promise<PhaseResult>;
  stop: () => void;
}> {
  const child: ChildProcess = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, [CLIENT_ROLE]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const nextMessage = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the clients' process exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as T);
      });
    });
  await nextMessage<'ready'>();
  return {
    pid: child.pid,
    send(phase) {
      const answer = nextMessage<PhaseResult>();
      child.send(phase);
      return answer;
    },
    stop: () => child.kill(),
  };
}

// ---------------------------------------------------------------------------------------------
// Figures

interface Plastic {
  cardId: string;
  number: string;
  expiry: string;
}

/** Non-200 answers, as `status code` → how many. */
function errorsOf(answers: Answer[]): Record<string, number> {
  const errors: Record<string, number> = {};
  for (const answer of answers) {
    if (answer.status === 200) continue;
    let code = answer.body.slice(0, 80);
    try {
      code = (JSON.parse(answer.body) as { code?: string }).code ?? code;
    } catch {
      // not JSON: a network error's text
    }
    const key = `${answer.status} ${code}`;
    errors[key] = (errors[key] ?? 0) + 1;
  }
  return errors;
}

function rateLine(label: string, result: PhaseResult): string {
  const latencies = result.answers.map((a) => a.ms);
  const perSecond = result.answers.length / result.seconds;
  return (
    `${label.padEnd(16)} ${String(result.answers.length).padStart(5)} in ${ms(result.seconds * 1000).padStart(9)}` +
    `  ${perSecond.toFixed(0).padStart(5)}/s  p50 ${ms(percentile(latencies, 50))}` +
    `  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}`
  );
}

interface Decisions {
  approved: Array<{ payload: ProcessorAuthorization; cents: bigint }>;
  declined: Record<string, number>;
  declinedCount: number;
  errors: Record<string, number>;
}

function decisionsOf(payloads: ProcessorAuthorization[], result: PhaseResult): Decisions {
  const decisions: Decisions = { approved: [], declined: {}, declinedCount: 0, errors: errorsOf(result.answers) };
  for (const [i, answer] of result.answers.entries()) {
    const payload = payloads[i];
    if (answer.status !== 200 || !payload) continue;
    const decision = JSON.parse(answer.body) as ProcessorAuthorizationResult;
    if (decision.decision === 'approved') decisions.approved.push({ payload, cents: centsOf(payload.amount) });
    else {
      decisions.declinedCount += 1;
      const reason = decision.reason ?? '?';
      decisions.declined[reason] = (decisions.declined[reason] ?? 0) + 1;
    }
  }
  return decisions;
}

function centsOf(amount: string): bigint {
  const parsed = parseMoney(amount);
  if (!parsed.ok) throw new Error(`not an amount: ${amount}`);
  return parsed.cents;
}
const sumCents = (rows: Array<{ cents: bigint }>) => rows.reduce((sum, row) => sum + row.cents, 0n);
const nonEmpty = (counts: Record<string, number>) => Object.keys(counts).length > 0;

function authorization(plastic: Plastic): ProcessorAuthorization {
  return {
    id: `auth-${randomUUID()}`,
    cardNumber: plastic.number,
    expiry: plastic.expiry,
    amount: centsToDecimal(100n + BigInt(randomInt(Number(MAX_AMOUNT_CENTS) - 99))),
    currency: 'USD',
    merchant: { name: 'Harbor Coffee', country: 'US' },
    channel: 'in_store',
  };
}

// ---------------------------------------------------------------------------------------------
// Where the CPU went (Linux /proc; zeros elsewhere): on a small machine the three share the cores

/** Measures the CPU the app (this process), the clients' process and PostgreSQL spend on each request of a round. */
function cpuMeter(database: string, clientsPid: number | undefined) {
  const read = () => ({
    app: cpuSeconds(`/proc/${process.pid}/stat`),
    clients: clientsPid ? cpuSeconds(`/proc/${clientsPid}/stat`) : 0,
    postgres: backendsCpu(database),
  });
  const before = read();
  return (requests: number) => {
    const after = read();
    const each = (key: keyof typeof before) =>
      `${(((after[key] - before[key]) * 1000) / Math.max(1, requests)).toFixed(2)} ms`;
    return `  CPU per request: app ${each('app')}, PostgreSQL ${each('postgres')}, clients ${each('clients')}`;
  };
}

// ---------------------------------------------------------------------------------------------
// The members and their cards

async function memberWithCard(deps: BenchDeps, index: number, name: string, tag: string): Promise<Plastic> {
  const user = await createBenchUser(deps, {
    name,
    email: `cardholder-${index}-${tag}@bench.example`,
    password: 'bench-password-2026-cards',
    role: 'user',
  });
  const checking = await checkingAccountOf(deps.db, user.id);
  if (!checking) throw new Error('no Checking account');
  const now = new Date();
  await deps.db.transaction((tx) =>
    postTransfer(tx, {
      kind: 'single',
      debitAccountId: generalLedger.cash,
      creditAccountId: checking,
      amount: DEPOSIT_CENTS,
      category: 'Deposit',
      debitMemo: 'Bench deposit',
      creditMemo: 'Bench deposit',
      now,
      createdBy: null,
    }),
  );
  const row = await deps.db.transaction((tx) => issueDebitCard(tx, deps, { id: user.id, name }, now));
  return {
    cardId: row.id,
    number: deps.secrets.open(row.numberSealed, cardNumberContext(row.id)),
    expiry: expiryText(row.expiryMonth, row.expiryYear),
  };
}

async function available(deps: BenchDeps, cardId: string): Promise<bigint> {
  const [row] = await queryRows<{ available: string }>(
    deps.db,
    sql`select (a.credits_posted - a.debits_posted - a.debits_pending)::text as available
        from cards c join ledger_accounts a on a.id = c.account_id where c.id = ${cardId}`,
  );
  return BigInt(row?.available ?? '0');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { withDatabase, admin, dropOrKeep } = benchPostgres('bench:cards');
  const tag = randomBytes(4).toString('hex');
  const benchDb = `mutual_bench_cards_${tag}`;
  await admin(`create database ${benchDb}`);
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  let clients: Awaited<ReturnType<typeof startClients>> | undefined;
  const problems: string[] = [];
  try {
    server = await startBenchServer({ DATABASE_URL: withDatabase(benchDb) });
    const { deps, base } = server;
    const secret = deps.cardKeys.processorSecret;
    if (!secret) throw new Error('no processor secret');
    const [pgRow] = await queryRows<{ version: string }>(
      deps.db,
      sql`select current_setting('server_version') as version`,
    );
    print(
      `bench:cards — PostgreSQL ${pgRow?.version ?? '?'}, node ${process.version}, ${os.cpus().length} CPUs ` +
        `(load average ${os.loadavg()[0]?.toFixed(2)} before the run)`,
    );
    print(
      `${MEMBERS} cards, ${AUTHORIZATIONS} authorizations, ${CLIENTS} concurrent clients ` +
        `(fetch, in a child process); hot card ${CLIENTS} × ${HOT_PER_CLIENT}`,
    );

    progress(`creating ${MEMBERS} members with money and a debit card…`);
    const setupStarted = performance.now();
    const plastics: Plastic[] = [];
    for (let i = 0; i < MEMBERS; i++) plastics.push(await memberWithCard(deps, i, `Bench Cardholder ${i + 1}`, tag));
    const hot = await memberWithCard(deps, MEMBERS, 'Bench Hot Card', tag);
    // The spread-out rounds measure the path to an approval: no card may reach its day's limit.
    const perCard = BigInt(Math.ceil((AUTHORIZATIONS + WARMUP) / MEMBERS));
    const needed = perCard * MAX_AMOUNT_CENTS;
    const raised = await deps.db
      .update(cards)
      .set({ limitDailyPurchases: sql`greatest(${cards.limitDailyPurchases}, ${needed})` })
      .where(
        inArray(
          cards.id,
          plastics.map((p) => p.cardId),
        ),
      )
      .returning({ limit: cards.limitDailyPurchases });
    const limit = raised[0]?.limit ?? 0n;
    print(
      `set-up ${ms(performance.now() - setupStarted)}; daily purchase limit of the ${MEMBERS} cards ` +
        `${formatMoney(limit)} (${perCard} purchases of at most ${formatMoney(MAX_AMOUNT_CENTS)} each)`,
    );
    print();

    clients = await startClients();
    const phase = (path: string, payloads: unknown[]) =>
      clients?.send({ base, secret, path, clients: CLIENTS, payloads }) ?? Promise.reject(new Error('no clients'));
    const noteErrors = (label: string, errors: Record<string, number>) => {
      if (!nonEmpty(errors)) return;
      print(`  errors: ${JSON.stringify(errors)}`);
      problems.push(`${label}: answers other than 200`);
    };
    let approvedAll = 0;
    let declinedAll = 0;
    let sent = 0;

    // Warm-up: the clients' first requests pay for connections and the JIT on both sides.
    if (WARMUP > 0) {
      const payloads = Array.from({ length: WARMUP }, (_, i) =>
        authorization(plastics[i % plastics.length] as Plastic),
      );
      const warm = decisionsOf(payloads, await phase(cardsApi.authorize.path, payloads));
      const reversals = warm.approved.map(({ payload }) => ({
        id: `reverse-${randomUUID()}`,
        authorizationId: payload.id,
      }));
      const reversed = await phase(cardsApi.reverse.path, reversals);
      print(
        `warm-up          ${WARMUP} authorizations (${warm.approved.length} approved) and their ` +
          `${reversals.length} reversals, not counted`,
      );
      noteErrors('warm-up', { ...warm.errors, ...errorsOf(reversed.answers) });
      approvedAll += warm.approved.length;
      declinedAll += warm.declinedCount;
      sent += payloads.length + reversals.length;
    }

    // 1. Authorizations spread over the cards.
    progress(`${AUTHORIZATIONS} authorizations…`);
    const payloads = Array.from({ length: AUTHORIZATIONS }, (_, i) =>
      authorization(plastics[i % plastics.length] as Plastic),
    );
    let cpu = cpuMeter(benchDb, clients.pid);
    const authorized = await phase(cardsApi.authorize.path, payloads);
    const authorizedCpu = cpu(payloads.length);
    const spread = decisionsOf(payloads, authorized);
    print(rateLine('authorizations', authorized));
    print(authorizedCpu);
    print(
      `  approved ${spread.approved.length}, declined ${spread.declinedCount}` +
        (spread.declinedCount ? ` ${JSON.stringify(spread.declined)}` : ''),
    );
    noteErrors('authorizations', spread.errors);
    if (spread.declinedCount > 0) problems.push('authorizations: declines where every card had money and limit');
    approvedAll += spread.approved.length;
    declinedAll += spread.declinedCount;
    sent += payloads.length;

    // 2. Their clearings, for the amount authorized.
    progress(`${spread.approved.length} clearings…`);
    const clearings = spread.approved.map(({ payload }) => ({
      id: `clear-${randomUUID()}`,
      authorizationId: payload.id,
      amount: payload.amount,
    }));
    cpu = cpuMeter(benchDb, clients.pid);
    const cleared = await phase(cardsApi.clear.path, clearings);
    print(rateLine('clearings', cleared));
    print(cpu(clearings.length));
    const clearedOk = cleared.answers.filter((a) => a.status === 200).length;
    print(`  posted ${clearedOk}`);
    noteErrors('clearings', errorsOf(cleared.answers));
    sent += clearings.length;

    // 3. The hot card: every client on one card, one after another under its row lock.
    const hotCount = CLIENTS * HOT_PER_CLIENT;
    progress(`${hotCount} authorizations on one card…`);
    const [hotCard] = await deps.db.select().from(cards).where(eq(cards.id, hot.cardId));
    if (!hotCard) throw new Error('no hot card');
    const fundsBefore = await available(deps, hot.cardId);
    const hotPayloads = Array.from({ length: hotCount }, () => authorization(hot));
    cpu = cpuMeter(benchDb, clients.pid);
    const hotResult = await phase(cardsApi.authorize.path, hotPayloads);
    const hotCpu = cpu(hotPayloads.length);
    const hotDecisions = decisionsOf(hotPayloads, hotResult);
    const hotTotal = sumCents(hotDecisions.approved);
    const fundsAfter = await available(deps, hot.cardId);
    print(rateLine('hot card', hotResult));
    print(hotCpu);
    print(
      `  approved ${hotDecisions.approved.length} for ${formatMoney(hotTotal)} of a daily limit of ` +
        `${formatMoney(hotCard.limitDailyPurchases)} (available ${formatMoney(fundsBefore)}); ` +
        `declined ${hotDecisions.declinedCount} ${JSON.stringify(hotDecisions.declined)}`,
    );
    noteErrors('hot card', hotDecisions.errors);
    if (hotTotal > hotCard.limitDailyPurchases) problems.push('hot card: approved past the daily limit');
    if (hotTotal > fundsBefore) problems.push('hot card: approved past the available funds');
    if (fundsBefore - fundsAfter !== hotTotal)
      problems.push(`hot card: holds of ${formatMoney(fundsBefore - fundsAfter)}, approved ${formatMoney(hotTotal)}`);
    const unexpected = Object.keys(hotDecisions.declined).filter((reason) => reason !== 'over_daily_limit');
    if (unexpected.length) problems.push(`hot card: declined for ${unexpected.join(', ')}`);
    approvedAll += hotDecisions.approved.length;
    declinedAll += hotDecisions.declinedCount;
    sent += hotPayloads.length;

    // 4. The books and the counts.
    print();
    const violations = await verifyLedger(deps.db);
    print(ledgerVerdict(violations));
    if (violations.length > 0) problems.push('the ledger is broken');
    const statuses = await queryRows<{ status: string; n: number }>(
      deps.db,
      sql`select status, count(*)::int as n from card_authorizations group by status order by status`,
    );
    const stored = statuses.reduce((sum, row) => sum + row.n, 0);
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row.n]));
    print(
      `card_authorizations ${stored} rows ${JSON.stringify(byStatus)}; approved + declined answered ` +
        `${approvedAll + declinedAll}${stored === approvedAll + declinedAll ? '' : '  MISMATCH'}`,
    );
    if (stored !== approvedAll + declinedAll) problems.push('an authorization stored other than once');
    if ((byStatus.posted ?? 0) !== clearedOk) problems.push('posted authorizations differ from clearings answered');
    if ((byStatus.pending ?? 0) !== hotDecisions.approved.length)
      problems.push('pending holds differ from the hot card');
    const [signatures] = await queryRows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from processor_requests`,
    );
    print(`processor_requests ${signatures?.n ?? 0} signatures recorded; requests sent ${sent}`);
    if ((signatures?.n ?? 0) !== sent) problems.push('a signed request was not recorded once');
  } finally {
    clients?.stop();
    await server?.stop();
    await dropOrKeep(benchDb);
  }
  for (const problem of problems) print(`WRONG: ${problem}`);
  if (problems.length > 0) process.exit(1);
}

if (process.env[CLIENT_ROLE]) runClients();
else await main();
