/**
 * `npm run test:cluster`: the cluster project needs a PostgreSQL server's binaries (each suite
 * starts its own server) and `redis-server`. Where they are missing it says so and runs nothing
 * (exit 0), so `npm test` works on a machine with only Node; in CI (`CI=true`) that is a failure.
 * Otherwise every cluster test runs: none of them is ever skipped.
 */
import { spawnSync } from 'node:child_process';
import { whyNoPostgres } from './support/postgres-server';
import { whyNoRedis } from './support/redis-server';

const missing = [whyNoPostgres(), whyNoRedis()].filter((reason) => reason !== undefined);
if (missing.length > 0) {
  console.warn(`test:cluster did not run: ${missing.join('; ')}`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'cluster', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
