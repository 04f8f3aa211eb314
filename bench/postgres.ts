/** What the PostgreSQL benchmarks share: the server DATABASE_URL names, their settings and their figures. */
import fs from 'node:fs';
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
  /** Runs one admin statement (create or drop database) on its own connection. */
  async function admin<T extends pg.QueryResultRow = pg.QueryResultRow>(statement: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return (await client.query<T>(statement)).rows;
    } finally {
      await client.end();
    }
  }
  return {
    script,
    admin,
    /** At the end: drops the bench's databases, or keeps them when KEEP_BENCH_DB is set, and says so. */
    async dropOrKeep(...databases: string[]) {
      if (process.env.KEEP_BENCH_DB) {
        print(`kept ${databases.join(' and ')} (KEEP_BENCH_DB)`);
        return;
      }
      for (const database of databases)
        await admin(`drop database if exists ${database} with (force)`).catch((e: unknown) => console.error(e));
    },
    /** The address of `database` on the same server. */
    withDatabase(database: string) {
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      return url.toString();
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

// ---------------------------------------------------------------------------------------------
// Where the CPU went (Linux /proc; zeros elsewhere): on a small machine the app, the load and
// PostgreSQL share the cores, so a run says what each request cost each of them.

/** CPU seconds (user + system) a /proc stat file has counted; 0 where /proc is missing. */
export function cpuSeconds(statFile: string): number {
  try {
    const stat = fs.readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return 0; // not Linux, or the process ended meanwhile
  }
}

/**
 * A thread's time on a CPU and time runnable but waiting for one, in seconds, from the scheduler's
 * own counters (`/proc/<pid>/task/<tid>/schedstat`, nanoseconds); zeros where they are missing.
 * A thread that waits for a CPU as long as it runs is starved by the others on the machine, not
 * slow by itself.
 */
export function schedulerSeconds(schedstatFile: string): { running: number; waiting: number } {
  try {
    const [running, waiting] = fs.readFileSync(schedstatFile, 'utf8').trim().split(' ').map(Number);
    return { running: (running ?? 0) / 1e9, waiting: (waiting ?? 0) / 1e9 };
  } catch {
    return { running: 0, waiting: 0 };
  }
}

/** The machine's CPU seconds, all cores: busy (everything but idle and I/O wait) and in all; zeros off Linux. */
export function machineCpu(): { busy: number; total: number } {
  try {
    const [, ...ticks] = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = ticks.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy: busy / 100, total: (busy + idle + iowait) / 100 };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** CPU seconds of the PostgreSQL backends connected to `database`. */
export function backendsCpu(database: string): number {
  if (!fs.existsSync('/proc')) return 0;
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let command = '';
    try {
      command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (command.startsWith('postgres:') && command.includes(` ${database} `)) total += cpuSeconds(`/proc/${pid}/stat`);
  }
  return total;
}
