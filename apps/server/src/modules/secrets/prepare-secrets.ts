import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import { loadSecretBox } from '../../crypto/secret-keys';
import type { Database } from '../../db/client';
import { resealSecrets, unknownSecretKeys } from './reseal-secrets';

/**
 * Start-up (after migrations, before serving): the key (SECRETS_KEY, or the demo's key file), then
 * any secret still stored in plaintext from before sealing existed is sealed — every start, so an
 * upgrade needs no separate step and a second start finds nothing to do. Refuses to start when
 * sealed values name a key that is not configured: that server could not check their codes, and
 * what it wrote would be under a key the others lack.
 */
export async function prepareSecrets(
  config: Pick<Config, 'isProduction' | 'secrets'>,
  db: Database,
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<SecretBox> {
  const { box, source, warnings } = loadSecretBox(config);
  if (source === 'created')
    logger.warn(
      { keyId: box.keyId, keyFile: config.secrets.keyFile },
      'secrets key created in the data directory; set SECRETS_KEY to use your own',
    );
  for (const warning of warnings) logger.warn(warning);

  const unknown = await unknownSecretKeys(db, box);
  if (unknown.length > 0) {
    const found = unknown.map((u) => `${u.count} in ${u.column} under key ${u.keyId}`).join(', ');
    throw new Error(
      `Secrets sealed under keys that are not configured: ${found}. This server has ${box.keyIds.join(', ')}; ` +
        'set SECRETS_KEY (and SECRETS_KEYS_OLD) to the keys they were sealed with.',
    );
  }
  const counts = await resealSecrets(db, box, { scope: 'plaintext' });
  const sealed = counts.reduce((sum, c) => sum + c.sealed, 0);
  if (sealed > 0)
    logger.info(
      { keyId: box.keyId, columns: counts.map((c) => `${c.column}: ${c.sealed}`) },
      'plaintext secrets sealed',
    );
  return box;
}
