/**
 * `npm run bench:start-up`: how long `npm start` takes on an existing data directory until
 * `GET /healthz` answers 200 (issue 12's bar: ≤ 3 s).
 *
 * On a fresh data directory in the system's temporary folder, `node scripts/start.mjs` is started
 * once with the demo seed (builds the web app and the server bundle if their sources changed, then
 * migrates and seeds; timed and printed, not counted), stopped, then restarted BENCH_RUNS (5) times
 * on the same directory — each run timed from the spawn to the first 200 from /healthz, polled
 * every 10 ms. `BENCH_START_COMMAND=npm` times `npm start` instead (npm itself adds ~0.3 s).
 * Prints every run, the median and the slowest; the directory is removed afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../cluster/support/ports';
import { envWholeNumber, percentile, print } from './postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Math.max(1, envWholeNumber('BENCH_RUNS', 5));
const viaNpm = process.env.BENCH_START_COMMAND === 'npm';
/** A start that has not answered by then has failed. */
const GIVE_UP_MS = 120_000;

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}

/** Starts the portal, waits for /healthz, stops it; the milliseconds until it answered. */
async function timedStart(env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const [command, args] = viaNpm ? ['npm', ['start']] : [process.execPath, ['scripts/start.mjs']];
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  try {
    for (;;) {
      if (await healthy(`http://127.0.0.1:${port}/healthz`)) return performance.now() - started;
      if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}) before answering:\n${stderr}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`no answer from /healthz in ${GIVE_UP_MS} ms`);
      await sleep(10);
    }
  } finally {
    // npm starts node as a child of its own: stop the whole process group.
    if (exitCode === undefined && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-start-up-'));
try {
  const port = await freePort();
  // The embedded database (what `npm start` opens without DATABASE_URL), in demo mode.
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  print(`bench:start-up: ${viaNpm ? 'npm start' : 'node scripts/start.mjs'}, ${RUNS} restarts`);
  print(`machine ${os.cpus().length} CPUs, node ${process.version}; data directory ${dataDir}`);
  print(`first start (build if changed, migrate, demo seed): ${seconds(await timedStart(env, port))}`);
  const runs: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const ms = await timedStart(env, port);
    runs.push(ms);
    print(`restart ${run}: ${seconds(ms)}`);
  }
  print(
    `restart until /healthz answers: median ${seconds(percentile(runs, 50))}, slowest ${seconds(Math.max(...runs))}`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
