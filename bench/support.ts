/** What every benchmark needs: the real app on a throw-away database, listening on a free port. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { and, desc, eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { createUserSchema } from '@mutual/shared';
import { loadConfig } from '../apps/server/src/config';
import { CardKeys } from '../apps/server/src/crypto/card-keys';
import { SecretBox } from '../apps/server/src/crypto/secret-box';
import { openDatabase } from '../apps/server/src/db/client';
import { createUser } from '../apps/server/src/modules/admin/create-user';
import { systemActor } from '../apps/server/src/modules/audit/record-audit';
import { createLogger } from '../apps/server/src/logger';
import { localFileStorage } from '../apps/server/src/modules/files/file-storage';
import { createMailer } from '../apps/server/src/modules/mail/mail.service';
import { mailOutbox } from '../apps/server/src/modules/mail/mail.tables';
import { verifyLedger } from '../apps/server/src/modules/ledger/verify-ledger';
import { type benchPostgres, ledgerVerdict, print } from './postgres';

/**
 * The portal's database at `url` (a bench's own PostgreSQL database) with what the services need
 * beside it — the configuration, a logger and the mail outbox — for benchmarks that call the
 * services without HTTP (`servicesBench` creates, migrates and drops it).
 */
export async function openAppDatabase(url: string) {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'warn' });
  const database = await openDatabase(config.database);
  const logger = createLogger(config);
  const mailer = createMailer({ db: database.db, from: config.mail.from, logger });
  return {
    config,
    database,
    logger,
    mailer,
    async close() {
      mailer.close();
      await database.close();
    },
  };
}

type AppDatabase = Awaited<ReturnType<typeof openAppDatabase>>;

/**
 * A bench that calls the services on a database of its own: creates `mutual_bench_<name>_<id>` on
 * the DATABASE_URL server of `postgres`, opens it (`openAppDatabase`), migrates it and prints the
 * heading; runs `work`, which answers whether it found something wrong; then checks every ledger
 * invariant, closes the database and drops it (unless KEEP_BENCH_DB). Exits 1 when anything was wrong.
 */
export async function servicesBench(
  postgres: ReturnType<typeof benchPostgres>,
  name: string,
  work: (app: AppDatabase, benchDb: string) => Promise<boolean>,
): Promise<void> {
  const benchDb = `mutual_bench_${name}_${randomBytes(4).toString('hex')}`;
  await postgres.admin(`create database ${benchDb}`);
  const app = await openAppDatabase(postgres.withDatabase(benchDb));
  let failed = false;
  try {
    await app.database.migrate();
    print(`${postgres.script} — PostgreSQL, node ${process.version}, ${os.cpus().length} CPUs`);
    failed = await work(app, benchDb);
    const violations = await verifyLedger(app.database.db);
    print(ledgerVerdict(violations));
    if (violations.length > 0) failed = true;
  } finally {
    await app.close();
    await postgres.dropOrKeep(benchDb);
  }
  if (failed) process.exit(1);
}

export async function startBenchServer(env: Record<string, string>, prepare?: (deps: BenchDeps) => Promise<unknown>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-bench-'));
  // Rate limits would cap the benchmark itself.
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...env,
  });
  const logger = createLogger(config);
  const database = await openDatabase(config.database);
  await database.migrate();
  const mailer = createMailer({ db: database.db, from: config.mail.from, logger });
  const deps = {
    config,
    database,
    db: database.db,
    mailer,
    storage: localFileStorage(config.uploadsDir),
    secrets: SecretBox.withNewKey(),
    cardKeys: CardKeys.withNewKeys(),
    clock: () => new Date(),
    logger,
  };
  await prepare?.(deps);
  const app = await buildApp(deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  console.warn(`database: ${database.kind}; node ${process.version}; ${os.cpus().length} CPUs`);
  return {
    deps,
    base: `http://127.0.0.1:${address.port}`,
    async stop() {
      await app.close();
      mailer.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type BenchDeps = Parameters<typeof buildApp>[0];

/** Settings for startBenchServer that let the benchmark sign its users in as often as it likes. */
export const unlimitedSignIn = { AUTH_RATE_LIMIT: '100000000', SIGN_IN_LOCKOUT_THRESHOLD: '100000000' };

/** Runs each scenario for 5 s on 10 connections and prints throughput and latency. */
export async function runScenarios(scenarios: Array<{ title: string; options: autocannon.Options }>) {
  for (const scenario of scenarios) {
    const result = await autocannon({ ...scenario.options, connections: 10, duration: 5 });
    console.warn(
      `${scenario.title.padEnd(36)} ${Math.round(result.requests.average).toString().padStart(6)} req/s` +
        `  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}`,
    );
  }
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** The real two sign-in steps over HTTP, the code read from the mail outbox; returns the session cookie. */
export async function signInOverHttp(base: string, deps: BenchDeps, email: string, password: string): Promise<string> {
  const json = { 'content-type': 'application/json', origin: deps.config.publicUrl };
  const step1 = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!step1.ok) throw new Error(`sign-in of ${email} failed: ${step1.status} ${await step1.text()}`);
  const [mail] = await deps.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'sign-in-code')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = /\d{6}/.exec(mail?.subject ?? '')?.[0] ?? '';
  const step2 = await fetch(`${base}/api/auth/verify`, {
    method: 'POST',
    headers: { ...json, cookie: cookiesOf(step1) },
    body: JSON.stringify({ code }),
  });
  if (!step2.ok) throw new Error(`code for ${email} refused: ${step2.status} ${await step2.text()}`);
  return cookiesOf(step2);
}

/** Creates a user through the service as the system would (Portland address, the bench's phone number). */
export function createBenchUser(
  deps: Parameters<typeof createUser>[0],
  person: { name: string; email: string; password: string; role: 'user' | 'admin' },
) {
  const input = createUserSchema.parse({
    ...person,
    phone: '(207) 555-0150',
    address: { street: '1 Bench Road', city: 'Portland', state: 'ME', zipCode: '04101' },
  });
  return createUser(deps, input, systemActor, { ipAddress: null, userAgent: 'bench' });
}
