import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock';

describe('[DATABASE]: one process per PGlite directory', () => {
  const dirs: string[] = [];
  const tempDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-lock-'));
    dirs.push(dir);
    return path.join(dir, 'pglite');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder while a live process holds the lock', () => {
    const dataDir = tempDataDir();
    // Another live process (our parent, the test runner's main process) holds it.
    fs.writeFileSync(`${dataDir}.lock`, String(process.ppid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(/already open in another process/);
  });

  it('takes over a lock left by a process that has died', () => {
    const dataDir = tempDataDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(`${dataDir}.lock`, dead);
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('releases on close so the directory can be opened again', () => {
    const dataDir = tempDataDir();
    const release = acquireDataDirLock(dataDir);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);
    release();
    const again = acquireDataDirLock(dataDir);
    again();
  });
});
