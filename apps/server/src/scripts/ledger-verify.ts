import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ledgerCheckNames, verifyLedger } from '../modules/ledger/verify-ledger';

/**
 * `npm run ledger:verify`: checks every ledger invariant on the configured database (DATABASE_URL,
 * or the embedded database under DATA_DIR — stop the server first, it holds that directory) and
 * exits non-zero on any breach.
 */
async function main() {
  const config = loadConfig();
  // DATABASE_QUERY_TIMEOUT_SECONDS bounds each check's query: raise it for a very large ledger.
  const database = await openDatabase(config.database, undefined, config.databaseTimeouts);
  try {
    const violations = await verifyLedger(database.db);
    const broken = new Set(violations.map((violation) => violation.check));
    for (const name of ledgerCheckNames) process.stdout.write(`${broken.has(name) ? 'FAIL' : 'ok  '} ${name}\n`);
    for (const violation of violations) {
      console.error(`\n${violation.check}: ${violation.rows.length} offending row(s), first ones:`);
      console.error(
        JSON.stringify(
          violation.rows.slice(0, 5),
          (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
          2,
        ),
      );
    }
    process.stdout.write(
      violations.length === 0 ? '\nThe ledger is consistent.\n' : `\n${violations.length} invariant(s) broken.\n`,
    );
    process.exitCode = violations.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
