import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { loadSecretBox } from '../crypto/secret-keys';
import { openDatabase } from '../db/client';
import { describeResealCounts, resealSecrets } from '../modules/secrets/reseal-secrets';

/**
 * `npm run secrets:rotate [-- --batch-size=500]`: re-seals every sealed secret under SECRETS_KEY,
 * opening older values with the keys in SECRETS_KEYS_OLD, and seals any plaintext left from before
 * sealing existed. A batch of rows per transaction; safe to run again (and while PostgreSQL
 * servers run: they must already have the new key and the old ones). Without SECRETS_KEY (demo,
 * not production) the current key is DATA_DIR/secrets.key. Exits 1 if any value did not open —
 * keep that old key configured until it is found — and 0 once nothing needs an old key.
 */
async function main() {
  const { values } = parseArgs({ options: { 'batch-size': { type: 'string', default: '500' } } });
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('--batch-size must be a positive whole number');
  const config = loadConfig();
  const { box, source } = loadSecretBox(config);
  const database = await openDatabase(config.database, undefined, config.databaseTimeouts);
  try {
    process.stdout.write(
      `Sealing under key ${box.keyId} (${source === 'configured' ? 'SECRETS_KEY' : config.secrets.keyFile}); ` +
        `old keys: ${box.keyIds.slice(1).join(', ') || 'none'}\n`,
    );
    const counts = await resealSecrets(database.db, box, { scope: 'all', batchSize });
    process.stdout.write(`${describeResealCounts(counts)}\n`);
    const failed = counts.some((c) => Object.keys(c.failed).length > 0);
    process.stdout.write(
      failed
        ? '\nSome values did not open: keep their keys in SECRETS_KEYS_OLD and run this again.\n'
        : '\nEvery secret is under the current key: SECRETS_KEYS_OLD can be removed.\n',
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
