/**
 * App instances as real processes (`apps/server/src/main.ts`, what `npm run serve` starts), so a
 * crash is a crash and `kill -9` is `kill -9`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Node's arguments that make a started instance end when its standard input closes. */
const withParent = ['--import', pathToFileURL(path.join(root, 'scripts/exit-with-parent.mjs')).href];

export interface Instance {
  name: string;
  port: number;
  base: string;
  process: ChildProcess;
  /** Everything the process printed (its JSON log), for assertions and for failure reports. */
  output(): string;
  /** The exit code or signal once it exited; undefined while it runs. */
  exited(): string | undefined;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Settings every instance of a test cluster shares: its database, the proxy's public address,
 * one secrets key (instances must agree on it) and a data directory of the run's own.
 */
export function instanceEnv(databaseUrl: string, publicUrl: string, extra: Record<string, string> = {}) {
  return {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-cluster-')),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'info',
    // Each member signs in a few times and makes hundreds of transfers in two minutes.
    RATE_LIMIT_PER_MINUTE: '100000000',
    TRANSFER_LIMIT_COUNT: '100000000',
    WEB_DIST: path.join(root, 'cluster/no-web'),
    ...extra,
  };
}

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  // Its standard input is a pipe from this process: it stops with the test run, however that ends.
  const child = spawn(
    process.execPath,
    [...withParent, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...env,
        HOST: '127.0.0.1',
        PORT: String(port),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let exit: string | undefined;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = signal ?? String(code);
      resolve();
    }),
  );
  const instance: Instance = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    exited: () => exit,
    async kill(signal = 'SIGTERM') {
      if (exit === undefined) child.kill(signal);
      await ended;
    },
  };
  await waitFor(`${name} to answer /healthz`, 90_000, async () => {
    if (exit !== undefined) throw new Error(`${name} exited (${exit}) while starting:\n${output}`);
    const response = await fetch(`${instance.base}/healthz`).catch(() => undefined);
    return response?.ok === true;
  });
  return instance;
}

/** Polls `check` every 100 ms until it is true; throws after `ms` naming what it waited for. */
export async function waitFor(what: string, ms: number, check: () => Promise<boolean> | boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
