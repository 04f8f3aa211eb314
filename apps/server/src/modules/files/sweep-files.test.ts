import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DepositResult } from '@mutual/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger } from '../../test/captured-logger';
import { depositTestEnv, longStandingMember, sendDeposit } from '../../test/deposits';
import { useFailingInsert } from '../../test/failing-insert';
import type { Member } from '../../test/money';
import { type TestApp, useTestApp } from '../../test/test-app';
import { scheduledJobs } from '../scheduled-work/scheduled-jobs';
import { type FileStorage, localFileStorage, type StoredEntry } from './file-storage';
import { storedFiles } from './files.tables';
import { fileSweeper, sweepUnreferencedFiles } from './sweep-files';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function keysIn(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list()) keys.push(entry.key);
  return keys;
}

/** Whether the bytes are still there (missing is ENOENT, nothing else). */
const holds = (storage: FileStorage, key: string) =>
  storage.get(key).then(
    () => true,
    (error: { code?: string }) => {
      expect(error.code).toBe('ENOENT');
      return false;
    },
  );

/** A storage of its own in a fresh directory (removed after the file's tests). */
function scratchStorages() {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-sweep-'));
    dirs.push(dir);
    return { dir, storage: localFileStorage(dir), pathOf: (key: string) => path.join(dir, key.slice(0, 2), key) };
  };
}

/** Sets a file's time as if it had been written `ago` milliseconds before now (a link's own time). */
function writtenAgo(file: string, ago: number) {
  const then = new Date(Date.now() - ago);
  fs.lutimesSync(file, then, then);
}

/** Keys of one two-character prefix, in key order. */
function keysUnder(prefix: string, count: number): string[] {
  return Array.from({ length: count }, () => prefix + randomUUID().slice(2)).sort();
}

/** A row that refers to `storageKey` (its id too, unless another is given). */
async function recordRow(t: TestApp, storageKey: string, id = storageKey) {
  await t.db.insert(storedFiles).values({
    id,
    purpose: 'info_response',
    contentType: 'application/pdf',
    size: 3,
    sha256: '0'.repeat(64),
    storageKey,
    ownerUserId: null,
    createdBy: null,
  });
}

describe('[FILES]: the sweep deletes stored bytes no row refers to', () => {
  const t = useTestApp({ env: depositTestEnv });
  const scratch = scratchStorages();
  const failing = useFailingInsert(t, 'sweep_test_refuse_deposit', 'mobile_deposits');
  const grace = () => t.config.fileSweep.graceMinutes * MINUTE;
  const sweep = (storage: FileStorage, now: Date, options: { maxFiles?: number; after?: string | null } = {}) =>
    sweepUnreferencedFiles({ db: t.db, storage, logger: t.logger }, now, {
      graceMinutes: t.config.fileSweep.graceMinutes,
      maxFiles: options.maxFiles ?? t.config.fileSweep.maxFiles,
      after: options.after ?? null,
    });
  let member: Member;
  beforeAll(async () => {
    member = await longStandingMember(t);
    // A deposit that stands: its photos have rows from the start.
    const response = await sendDeposit(member.browser);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('defaults to a grace period of 60 minutes and 10,000 files a run', () => {
    expect(t.config.fileSweep).toEqual({ graceMinutes: 60, maxFiles: 10_000 });
  });

  it('deletes the photos of a rolled-back deposit once older than the grace period, and not before', async () => {
    const before = new Set(await keysIn(t.storage));
    // The deposit's own row fails after both photos and their rows were written: all is rolled back.
    await failing.start('new.amount = 4242', "raise exception 'the test refuses this deposit'");
    const refused = await sendDeposit(member.browser, { deposit: { amount: '42.42' } });
    expect(refused.statusCode).toBe(500);
    const left = (await keysIn(t.storage)).filter((key) => !before.has(key));
    expect(left).toHaveLength(2);
    expect(await t.db.select().from(storedFiles)).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ storageKey: left[0] })]),
    );

    const writtenAt = Date.now();
    const early = await sweep(t.storage, new Date(writtenAt + grace() - MINUTE));
    expect(early.deleted).toBe(0);
    for (const key of left) expect(await holds(t.storage, key), key).toBe(true);

    const late = await sweep(t.storage, new Date(writtenAt + grace() + MINUTE));
    expect(late).toMatchObject({ deleted: 2, errors: 0, refused: false });
    for (const key of left) expect(await holds(t.storage, key), key).toBe(false);
    expect(new Set(await keysIn(t.storage))).toEqual(before);
  });

  it('never deletes bytes a row refers to, however old, by its id or by its storage key', async () => {
    const response = await sendDeposit(member.browser);
    expect(response.statusCode, response.body).toBe(201);
    const { deposit } = response.json<DepositResult>();
    const photos = [deposit.frontImageUrl, deposit.backImageUrl].map((url) => url.split('/').pop() ?? '');
    // A row whose storage key is not its id: found by the key all the same.
    const { storage, pathOf } = scratch();
    const [byKey = '', unreferenced = ''] = [randomUUID(), randomUUID()];
    for (const key of [byKey, unreferenced]) {
      await storage.put(key, Buffer.from('old'));
      writtenAgo(pathOf(key), 365 * DAY);
    }
    await recordRow(t, byKey, randomUUID());

    const years = new Date(Date.now() + 10 * 365 * DAY);
    const done = await sweep(t.storage, years);
    expect(done).toMatchObject({ deleted: 0, errors: 0 });
    for (const key of photos) expect(await holds(t.storage, key), key).toBe(true);
    expect((await member.browser.get(deposit.frontImageUrl)).statusCode).toBe(200);

    expect(await sweep(storage, years)).toMatchObject({ examined: 2, deleted: 1 });
    expect(await holds(storage, byKey)).toBe(true);
    expect(await holds(storage, unreferenced)).toBe(false);
  });

  it('leaves alone every file in the storage directory that is not a storage key', async () => {
    const { dir, storage, pathOf } = scratch();
    const key = randomUUID();
    const prefix = key.slice(0, 2);
    const otherPrefix = prefix === 'ff' ? 'fe' : 'ff';
    const outside = path.join(scratch().dir, 'target');
    fs.writeFileSync(outside, 'not ours');
    const strangers = [
      path.join(dir, 'README.txt'),
      path.join(dir, key),
      path.join(dir, prefix, `${key}.part`),
      path.join(dir, '12', `12${randomUUID().slice(2).toUpperCase()}`),
      path.join(dir, prefix, 'notes'),
      path.join(dir, otherPrefix, key),
      path.join(dir, 'zz', key),
      path.join(dir, key.slice(0, 3), key),
      path.join(dir, prefix, prefix + randomUUID().slice(2), 'inside'),
    ];
    for (const file of strangers) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'not ours');
    }
    const link = path.join(dir, prefix, prefix + randomUUID().slice(2));
    fs.symlinkSync(outside, link);
    // And one file of its own with no row, which goes.
    await storage.put(key, Buffer.from('ours'));
    for (const file of [...strangers, link, pathOf(key)]) writtenAgo(file, 30 * DAY);

    expect(await keysIn(storage)).toEqual([key]);
    expect(await sweep(storage, new Date())).toMatchObject({ examined: 1, deleted: 1, errors: 0 });
    expect(fs.existsSync(pathOf(key))).toBe(false);
    for (const file of strangers) expect(fs.readFileSync(file, 'utf8'), file).toBe('not ours');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(outside, 'utf8')).toBe('not ours');
  });

  it('looks at no more than its cap of files a run, and the next run goes on from there', async () => {
    const { storage, pathOf } = scratch();
    const keys = [...keysUnder('3a', 3), ...keysUnder('c5', 3)];
    for (const key of keys) {
      await storage.put(key, Buffer.from('x'));
      writtenAgo(pathOf(key), DAY);
    }
    const [first = '', second = '', third = '', ...unreferenced] = keys;
    for (const key of [first, second, third]) await recordRow(t, key);
    const present = async () => {
      const kept: string[] = [];
      for (const key of keys) if (await holds(storage, key)) kept.push(key);
      return kept;
    };
    const sweeper = fileSweeper({ db: t.db, storage, logger: t.logger }, { graceMinutes: 60, maxFiles: 2 }, null);

    expect(await sweeper.run(new Date())).toMatchObject({ examined: 2, deleted: 0, last: second });
    expect(await present()).toEqual(keys);
    expect(await sweeper.run(new Date())).toMatchObject({ examined: 2, deleted: 1, last: unreferenced[0] });
    expect(await present()).toEqual([first, second, third, ...unreferenced.slice(1)]);
    expect(await sweeper.run(new Date())).toMatchObject({ examined: 2, deleted: 2 });
    expect(await present()).toEqual([first, second, third]);
    // Round again from the first key.
    expect(await sweeper.run(new Date())).toMatchObject({ examined: 2, deleted: 0, last: second });
  });

  it('goes on past a file that vanishes or cannot be read or deleted, naming its key in the log', async () => {
    const { dir, storage: disk, pathOf } = scratch();
    const [first = '', vanishing = '', undeletable = '', goneBeforeDelete = ''] = keysUnder('4b', 4);
    const [beyond = ''] = keysUnder('e7', 1);
    const [inBroken = ''] = keysUnder('9d', 1);
    for (const key of [first, vanishing, undeletable, goneBeforeDelete, beyond, inBroken]) {
      await disk.put(key, Buffer.from('x'));
      writtenAgo(pathOf(key), DAY);
    }
    const refusal = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    // The real listing, with the disk changed under it as it goes.
    const storage: FileStorage = {
      ...disk,
      async *list(options) {
        for await (const entry of disk.list(options) as AsyncIterable<StoredEntry>) {
          if (entry.key === first) {
            // Listed already, not yet looked at: gone before its time is read.
            fs.rmSync(pathOf(vanishing));
            // A directory still to come becomes a file: it cannot be listed.
            fs.rmSync(path.join(dir, '9d'), { recursive: true });
            fs.writeFileSync(path.join(dir, '9d'), 'x');
          }
          yield entry;
          if (entry.key === goneBeforeDelete) fs.rmSync(pathOf(goneBeforeDelete));
        }
      },
      delete: (key) => (key === undeletable ? Promise.reject(refusal) : disk.delete(key)),
    };
    const log = capturedLogger();

    const done = await sweepUnreferencedFiles({ db: t.db, storage, logger: log.logger }, new Date(), {
      graceMinutes: 60,
      maxFiles: 100,
      after: null,
    });
    expect(done).toMatchObject({ examined: 4, deleted: 3, errors: 2 });
    expect(await holds(disk, first)).toBe(false);
    expect(await holds(disk, goneBeforeDelete)).toBe(false);
    expect(await holds(disk, beyond)).toBe(false);
    expect(await holds(disk, undeletable)).toBe(true);
    const lines = log
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { storageKey?: string; msg: string });
    expect(lines.map((line) => line.storageKey).sort()).toEqual(['9d/', undeletable].sort());
    for (const line of lines) expect(line.msg).toBe('stored file not swept; it is tried again at a later run');
  });

  it('runs hourly on the job queue as files.sweep, its summary worded like the other jobs', async () => {
    const later = new Date(Date.now() + grace() + MINUTE);
    const job = scheduledJobs({ ...t, clock: () => later }).find((definition) => definition.name === 'files.sweep');
    expect(job).toMatchObject({
      title: 'Delete uploaded files no record refers to, once 60 minutes old',
      schedule: { cron: '40 * * * *', every: 'Every hour at :40' },
    });
    await t.storage.put(randomUUID(), Buffer.from('left behind'));
    expect(await job?.run({})).toMatch(/^[1-9]\d* unreferenced file\(s\) deleted$/);
    expect(await job?.run({})).toBeUndefined();
  });
});

describe('[FILES]: the sweep deletes nothing while the database records no file at all', () => {
  const t = useTestApp();
  const scratch = scratchStorages();

  it('keeps the storage whole (not this database’s, most likely) until a row exists', async () => {
    const { storage, pathOf } = scratch();
    const [key = '', recorded = ''] = [randomUUID(), randomUUID()];
    for (const each of [key, recorded]) {
      await storage.put(each, Buffer.from('x'));
      writtenAgo(pathOf(each), 30 * DAY);
    }
    const sweep = () =>
      sweepUnreferencedFiles({ db: t.db, storage, logger: t.logger }, new Date(), {
        graceMinutes: 60,
        maxFiles: 100,
        after: null,
      });
    expect(await sweep()).toMatchObject({ deleted: 0, refused: true });
    expect(await holds(storage, key)).toBe(true);

    await recordRow(t, recorded);
    expect(await sweep()).toMatchObject({ deleted: 1, refused: false });
    expect(await holds(storage, key)).toBe(false);
    expect(await holds(storage, recorded)).toBe(true);
  });
});
