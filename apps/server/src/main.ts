import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createLogger } from './logger';
import { createMailer } from './modules/mail/mail.service';

/** Boot only: configuration → database (migrated) → app → listen. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(config.database);
  await database.migrate();
  const mailer = createMailer({ db: database.db, from: config.mail.from, smtpUrl: config.mail.smtpUrl, logger });
  const app = await buildApp({ config, database, db: database.db, mailer, clock: () => new Date(), logger });

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
    `${config.brand.name} is open at ${config.publicUrl}${mailer.mode === 'outbox' && !config.isProduction ? ` — mail lands in ${config.publicUrl}/dev/mailbox` : ''}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
