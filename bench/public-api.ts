/**
 * Throughput of the public surface on the embedded database: the site facts, the app shell and
 * the contact form (a database write plus an outbox row per request). Prints figures; asserts
 * nothing. Run: npm run bench
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
import { createMailer } from '../apps/server/src/modules/mail/mail.service';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: '0',
  // Rate limits would cap the benchmark itself.
  RATE_LIMIT_PER_MINUTE: '100000000',
  CONTACT_RATE_LIMIT: '1000000',
});
const logger = createLogger(config);
const database = await openDatabase(config.database);
await database.migrate();
const mailer = createMailer({ db: database.db, from: config.mail.from, logger });
const storage = localFileStorage(config.uploadsDir);
const app = await buildApp({ config, database, db: database.db, mailer, storage, clock: () => new Date(), logger });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const base = `http://127.0.0.1:${address.port}`;

const contactBody = JSON.stringify({
  name: 'Bench Mark',
  email: 'bench@example.com',
  subject: 'general',
  message: 'How fast is this?',
});

const scenarios: Array<{ title: string; options: autocannon.Options }> = [
  { title: 'GET /api/site', options: { url: `${base}/api/site` } },
  { title: 'GET /readyz (database ping)', options: { url: `${base}/readyz` } },
  {
    title: 'POST /api/contact-messages',
    options: {
      url: `${base}/api/contact-messages`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: contactBody,
    },
  },
];

console.warn(`database: ${database.kind}; node ${process.version}; ${os.cpus().length} CPUs`);
for (const scenario of scenarios) {
  const result = await autocannon({ ...scenario.options, connections: 10, duration: 5 });
  console.warn(
    `${scenario.title.padEnd(34)} ${Math.round(result.requests.average).toString().padStart(6)} req/s` +
      `  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}`,
  );
}

await app.close();
mailer.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
