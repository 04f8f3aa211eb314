import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../app';
import { type Env, loadConfig } from '../config';
import { CardKeys } from '../crypto/card-keys';
import { SecretBox } from '../crypto/secret-box';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';
import { localFileStorage } from '../modules/files/file-storage';
import { verifyLedger } from '../modules/ledger/verify-ledger';
import { createMailer, type MailTransport } from '../modules/mail/mail.service';
import { adminQuery, withDatabase } from './global-setup';

/**
 * A fresh, migrated database of the kind this run is testing (PGlite, or PostgreSQL). `openPostgres`
 * opens the PostgreSQL one instead of the default (a test that puts a proxy between them, say).
 */
export async function createTestDatabase(
  open: (url: string) => Promise<DatabaseHandle> = (url) => openPostgres(url),
): Promise<DatabaseHandle> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const blob = new Blob([fs.readFileSync(target.templateFile)]);
    return openPglite(undefined, blob);
  }
  const name = `${target.template.replace('mutual_tpl_', 'mutual_t_')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(target.url, `create database ${name} template ${target.template}`);
  return open(withDatabase(target.url, name));
}

/**
 * The real application on a fresh database, for tests through `app.inject`. Mail stays in the
 * outbox unless a transport (the one fake we allow: the SMTP boundary) is given.
 */
export interface TestAppOptions {
  env?: Env;
  transport?: MailTransport;
  clock?: () => Date;
  /** Where the app logs; silent by default (a test that reads the log passes its own). */
  logger?: FastifyBaseLogger;
  /** The key secrets are sealed with; a fresh random one by default. */
  secrets?: SecretBox;
  /** The card keys and processor secret; fresh random ones by default. */
  cardKeys?: CardKeys;
  /** How the PostgreSQL test database is opened (ignored on PGlite); `openPostgres(url)` by default. */
  openPostgres?: (url: string) => Promise<DatabaseHandle>;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const config = loadConfig({ NODE_ENV: 'test', ...options.env });
  const logger = options.logger ?? pino({ level: 'silent' });
  const database = await createTestDatabase(options.openPostgres);
  const mailer = createMailer({ db: database.db, from: config.mail.from, transport: options.transport, logger });
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-uploads-'));
  const storage = localFileStorage(uploadsDir);
  const clock = options.clock ?? (() => new Date());
  const secrets = options.secrets ?? SecretBox.withNewKey();
  const cardKeys = options.cardKeys ?? CardKeys.withNewKeys();
  const app = await buildApp({ config, database, db: database.db, mailer, storage, secrets, cardKeys, clock, logger });
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    database,
    mailer,
    storage,
    secrets,
    cardKeys,
    clock,
    logger,
    /** Closes everything, after checking every ledger invariant (a breach fails the test file). */
    async close() {
      const violations = await verifyLedger(database.db);
      await app.close();
      mailer.close();
      await database.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
      if (violations.length > 0) {
        const found = JSON.stringify(violations, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
        throw new Error(`ledger:verify failed after this test file: ${found}`);
      }
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The test app for the enclosing `describe`: started in its `beforeAll`, closed (with the ledger
 * check) in its `afterAll`. The returned object is empty until `beforeAll` has run, so use it
 * only inside hooks and tests.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(() => t.close());
  return t;
}

/**
 * Settings for tests that move the clock by days: sessions outlive the moves, and signing in again
 * and again is not rate limited.
 */
export const daysLongTestEnv = {
  SESSION_IDLE_MINUTES: '1000000',
  SESSION_ABSOLUTE_HOURS: '100000',
  AUTH_RATE_LIMIT: '1000',
};

/** Fails the test with the broken ledger invariants, if any. */
export async function expectLedgerConsistent(t: TestApp) {
  expect(await verifyLedger(t.db)).toEqual([]);
}

/**
 * `useTestApp` for tests that move money: every ledger invariant is also checked after each test,
 * so a breach fails the test that made it (the check in `close` only fails the file).
 */
export function useLedgerTestApp(options: TestAppOptions = {}): TestApp {
  const t = useTestApp(options);
  afterEach(() => expectLedgerConsistent(t));
  return t;
}
