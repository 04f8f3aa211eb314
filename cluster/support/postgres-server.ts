/**
 * A PostgreSQL server of the test's own: `initdb` into a temporary directory with the installed
 * server binaries, on its own port, so stopping and restarting it disturbs nothing else on the
 * machine. Under root the server runs as the `postgres` user (PostgreSQL refuses root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/** The directory holding `initdb` and `pg_ctl`: PG_BINDIR, Debian's newest, or the PATH's. */
export function postgresBinDir(): string | undefined {
  const candidates = [process.env.PG_BINDIR];
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  const onPath = (spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout ?? '').trim();
  if (onPath) candidates.push(path.dirname(fs.realpathSync(onPath)));
  return candidates.find(
    (dir) => dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
  );
}

/** Why a throw-away PostgreSQL cannot be started here, or undefined when it can. */
export function whyNoPostgres(): string | undefined {
  if (!postgresBinDir()) return 'no PostgreSQL server binaries (initdb, pg_ctl): install postgresql or set PG_BINDIR';
  if (process.getuid?.() === 0 && spawnSync('runuser', ['-u', 'postgres', '--', 'true']).status !== 0)
    return 'running as root, and no postgres user (or no runuser) to run the server as';
  return undefined;
}

export interface PostgresServer {
  port: number;
  /** A connection URL for `database` (default `postgres`). */
  url(database?: string): string;
  /** `pg_ctl stop -m immediate`: what a crash or a failover looks like to the app. */
  crash(): void;
  start(): void;
  /** Stops the server and removes its directory. */
  dispose(): void;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(whyNoPostgres());
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-pg-'));
  if (asRoot) execFileSync('chown', ['postgres:', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const run = (program: string, args: string[]) => {
    const command = path.join(bin, program);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  start();
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    crash: () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
    start,
    dispose() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
