import { describe } from 'vitest';
import { whyNoPostgres } from './postgres-server';

/**
 * A suite that needs a PostgreSQL of its own. Where none can be started it is skipped, saying
 * why; in CI (`CI=true`) that is a failure instead.
 */
export function clusterSuite(title: string, body: () => void) {
  const missing = whyNoPostgres();
  if (!missing) return describe(title, body);
  if (process.env.CI === 'true') throw new Error(`${title}: cannot run in CI: ${missing}`);
  console.warn(`skipped "${title}": ${missing}`);
  return describe.skip(title, body);
}
