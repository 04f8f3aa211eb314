import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { e2eServerEnv } from './site';

export interface E2eContext {
  /** False when no Chromium was found outside CI: every browser spec then skips. */
  chromium: boolean;
  chromiumPath: string;
  /** Where the real server listens, e.g. http://localhost:41234 (empty when skipped). */
  baseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built web app; E2E_WEB_DIST points elsewhere (parallel work building into its own directory). */
const webIndex = path.join(process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'), 'index.html');
/**
 * A fresh data directory is migrated and seeded with the demo credit union first: ~17 s on a quiet
 * two-core machine, several times that while the two browser projects start at once beside other work.
 */
const READY_TIMEOUT_MS = 180_000;
/** Node's arguments that make a started server end when its standard input closes. */
const withParent = ['--import', pathToFileURL(path.join(repoRoot, 'scripts/exit-with-parent.mjs')).href];

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`) on a free port with a
 * fresh PGlite data directory, exactly as an operator would, and hands its URL to the specs.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromiumPath)) {
    const reason =
      `Chromium not found at ${chromiumPath} ` + '(install it with apt-get install -y chromium or set CHROMIUM_PATH)';
    if (process.env.CI === 'true') throw new Error(`Browser tests cannot run in CI: ${reason}`);
    console.warn(`\nBrowser tests skipped: ${reason}\n`);
    project.provide('e2e', { chromium: false, chromiumPath, baseUrl: '' });
    return;
  }
  if (!fs.existsSync(webIndex)) {
    throw new Error(`The web app is not built: ${webIndex} is missing. Run "npm run build" (npm run test:e2e does).`);
  }

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-e2e-'));
  // Its standard input is a pipe from this process: it stops with the test run, however that ends.
  const server = spawn(process.execPath, [...withParent, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...inheritedEnv(),
      ...e2eServerEnv,
      // The seeded staff account is the protected one: Reset Transfer Counts shows it, never resets it.
      PROTECTED_STAFF_EMAIL: 'staff@mutual-demo.example',
      NODE_ENV: 'development',
      // The Scheduled work spec runs a job: the queue is worked whatever the caller's environment says.
      JOBS_ENABLED: 'true',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.dirname(webIndex),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    // Echo warnings and errors as they happen: a failing browser test is easier to explain.
    process.stderr.write(`[server] ${chunk.toString()}`);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const stop = async () => {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(server, `${baseUrl}/readyz`, output);
  } catch (error) {
    await stop();
    throw error;
  }

  project.provide('e2e', { chromium: true, chromiumPath, baseUrl });
  return stop;
}

/** The caller's environment minus settings that would point the server elsewhere. */
function inheritedEnv(): NodeJS.ProcessEnv {
  const dropped = new Set(['DATABASE_URL', 'SMTP_URL', 'DEMO_MODE', 'WEB_DIST', 'HOST', 'TEST_DATABASE_URL']);
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !dropped.has(key)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not find a free port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

async function waitUntilReady(server: ChildProcess, url: string, output: string[]) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `The server exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${output.join('')}`,
      );
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s:\n${output.join('')}`);
}

/** SIGTERM lets the server close PGlite and release its data-dir lock; SIGKILL if it hangs. */
async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
