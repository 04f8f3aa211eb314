import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { CardKeys } from './crypto/card-keys';
import type { SecretBox } from './crypto/secret-box';
import type { Database, DatabaseHandle } from './db/client';
import type { FileStorage } from './modules/files/file-storage';
import type { Mailer } from './modules/mail/mail.service';

/**
 * What the application is built from (`buildApp`) and what each module takes a part of
 * (`Pick<AppDeps, 'db' | 'clock'>`): its own file, so modules depend on this list and never on
 * `app.ts`, which depends on them all.
 */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  storage: FileStorage;
  /** Seals and opens secrets kept for reading back (crypto/secret-box.ts). */
  secrets: SecretBox;
  /** Card number and PIN hashes, the derived CVV, the processor's shared secret (crypto/card-keys.ts). */
  cardKeys: CardKeys;
  clock: () => Date;
  logger: FastifyBaseLogger;
}
