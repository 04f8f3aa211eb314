import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createLogger } from './logger';
import { refusalMessage, unsafeProductionSettings } from './production-checks';

/** Boot only: configuration → database (migrated) → app → listen. */
async function main() {
  const config = loadConfig();
  const unsafe = unsafeProductionSettings(config);
  if (unsafe.length > 0) throw new Error(refusalMessage(unsafe));
  const logger = createLogger(config);
  // Opening the embedded database is mostly WebAssembly compilation, which runs off the main
  // thread: it overlaps with loading the application's modules instead of waiting for it.
  const opening = openDatabase(
    config.database,
    (error, connection) => logger.warn({ connection, reason: error.message }, 'database connection lost'),
    config.databaseTimeouts,
  ).then(async (database) => {
    await database.migrate();
    return database;
  });
  const [database, { buildApp }, { createMailer }, { localFileStorage }, { seedDemo, holdsDemoSeed }] =
    await Promise.all([
      opening,
      import('./app'),
      import('./modules/mail/mail.service'),
      import('./modules/files/file-storage'),
      import('./modules/seed/demo-seed'),
    ]);
  const mailer = createMailer({ db: database.db, from: config.mail.from, smtpUrl: config.mail.smtpUrl, logger });
  const storage = localFileStorage(config.uploadsDir);
  const secrets = await (await import('./modules/secrets/prepare-secrets')).prepareSecrets(config, database.db, logger);
  const cardKeys = (await import('./crypto/card-keys')).loadCardKeys(config);
  const deps = {
    config,
    database,
    db: database.db,
    mailer,
    storage,
    secrets,
    cardKeys,
    clock: () => new Date(),
    logger,
  };
  if (config.isProduction && (await holdsDemoSeed(database.db)))
    throw new Error(
      refusalMessage(['the database holds the demo seed (its staff and members): use a database of your own']),
    );
  if (config.demo && (await seedDemo(deps))) {
    logger.info('demo credit union seeded (demo users sign in with the password shown on /login)');
    // The demo's history comes with its monthly statements, issued before the portal opens: the
    // first visit finds them, and no later start has thirteen months to catch up on while it
    // should be answering (on PGlite that work shares the one thread with every request).
    const { issueDueStatements } = await import('./modules/statements/statement-runs');
    const issued = await issueDueStatements(deps, deps.clock());
    logger.info(`demo statements: ${issued.issued} issued over ${issued.months} month(s), ${issued.failed} failed`);
  }
  // Members approved before cards existed get their debit card now (approval issues it since).
  const { issueMissingDebitCards } = await import('./modules/cards/issue-card');
  const cardsIssued = await issueMissingDebitCards(deps, deps.clock());
  if (cardsIssued > 0) logger.info(`debit cards issued to ${cardsIssued} member(s) who had none`);
  const app = await buildApp(deps);

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await app.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  logger.info(
    { database: database.kind, demo: config.demo, mail: mailer.mode },
    `${config.brand.name} is open at ${config.publicUrl}` +
      (mailer.mode === 'outbox' && !config.isProduction ? ` — mail lands in ${config.publicUrl}/dev/mailbox` : ''),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
