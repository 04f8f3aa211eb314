/**
 * Cost of identity on the embedded database (or PostgreSQL with DATABASE_URL): resolving a session
 * on every signed-in request, a staff list with counts, and sign-in step 1 with a wrong password
 * (one argon2id verification, the deliberate cost). Prints figures; asserts nothing.
 * Run: npm run bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { createLogger } from '../apps/server/src/logger';
import { localFileStorage } from '../apps/server/src/modules/files/file-storage';
import { createMailer, listOutbox } from '../apps/server/src/modules/mail/mail.service';
import { DEMO_MEMBER_EMAIL, DEMO_PASSWORD, DEMO_STAFF_EMAIL, seedDemo } from '../apps/server/src/modules/seed/demo-seed';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: '0',
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_RATE_LIMIT: '100000000',
  SIGN_IN_LOCKOUT_THRESHOLD: '100000000',
});
const logger = createLogger(config);
const database = await openDatabase(config.database);
await database.migrate();
const mailer = createMailer({ db: database.db, from: config.mail.from, logger });
const deps = { config, database, db: database.db, mailer, storage: localFileStorage(config.uploadsDir), clock: () => new Date(), logger };
await seedDemo(deps);
const app = await buildApp(deps);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const base = `http://127.0.0.1:${address.port}`;
const json = { 'content-type': 'application/json', origin: config.publicUrl };

/** Signs in through the real two steps and returns the session cookie. */
async function signIn(email: string): Promise<string> {
  const step1 = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const attempt = step1.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const [latest] = await listOutbox(database.db, 1);
  const code = /\d{6}/.exec(latest?.subject ?? '')?.[0] ?? '';
  const step2 = await fetch(`${base}/api/auth/verify`, { method: 'POST', headers: { ...json, cookie: attempt }, body: JSON.stringify({ code }) });
  if (!step2.ok) throw new Error(`sign-in failed: ${step2.status}`);
  return step2.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const member = await signIn(DEMO_MEMBER_EMAIL);
const staff = await signIn(DEMO_STAFF_EMAIL);

const scenarios: Array<{ title: string; options: autocannon.Options }> = [
  { title: 'GET /api/auth/session (member)', options: { url: `${base}/api/auth/session`, headers: { cookie: member } } },
  { title: 'GET /api/me/accounts (member)', options: { url: `${base}/api/me/accounts`, headers: { cookie: member } } },
  { title: 'GET /api/admin/users (staff)', options: { url: `${base}/api/admin/users?filter=all`, headers: { cookie: staff } } },
  {
    title: 'POST /api/auth/sign-in (wrong pw)',
    options: { url: `${base}/api/auth/sign-in`, method: 'POST', headers: json, body: JSON.stringify({ email: DEMO_MEMBER_EMAIL, password: 'not-the-password' }) },
  },
];

console.warn(`database: ${database.kind}; node ${process.version}; ${os.cpus().length} CPUs`);
for (const scenario of scenarios) {
  const result = await autocannon({ ...scenario.options, connections: 10, duration: 5 });
  console.warn(
    `${scenario.title.padEnd(36)} ${Math.round(result.requests.average).toString().padStart(6)} req/s` +
      `  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}`,
  );
}

await app.close();
mailer.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
