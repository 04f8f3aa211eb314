/** What the PostgreSQL benchmarks share: the server DATABASE_URL names, their settings and their figures. */
import pg from 'pg';

/**
 * The PostgreSQL server of DATABASE_URL, where `script` creates and drops its databases; without
 * DATABASE_URL it says how to run `script` and exits.
 */
export function benchPostgres(script: string) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error(
      `${script} needs DATABASE_URL: a PostgreSQL server it may create databases on, e.g.\n` +
        `  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run ${script}`,
    );
    process.exit(2);
  }
  return {
    /** The address of `database` on the same server. */
    withDatabase(database: string) {
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      return url.toString();
    },
    /** Runs one admin statement (create or drop database) on its own connection. */
    async admin<T extends pg.QueryResultRow = pg.QueryResultRow>(statement: string): Promise<T[]> {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        return (await client.query<T>(statement)).rows;
      } finally {
        await client.end();
      }
    },
  };
}

/** The whole number in the environment variable `name`, or `fallback` where it is not set. */
export function envWholeNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

/** The nearest-rank `p`th percentile of `values`; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Milliseconds for a table: seconds from one second up. */
export const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`);

/** The line the benchmarks print for `verifyLedger`'s answer. */
export function ledgerVerdict(violations: unknown[]): string {
  return (
    'ledger:verify ' +
    (violations.length === 0
      ? 'ok (every invariant holds)'
      : `BROKEN: ${JSON.stringify(violations, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`)
  );
}

/** The table's lines go to stdout, progress to stderr. */
export const print = (line = '') => process.stdout.write(`${line}\n`);
export const progress = (line: string) => process.stderr.write(`${line}\n`);
