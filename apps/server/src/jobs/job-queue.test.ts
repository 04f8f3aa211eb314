import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from '../db/client';
import { createJobQueue, type JobDefinition, type JobQueue } from './job-queue';

const logger = pino({ level: 'silent' });

describe('[JOBS]: the job queue (pg-boss) on this run’s database', () => {
  let database: DatabaseHandle;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await database.close();
  });

  /** An app instance's queue: the same definitions, its own workers. */
  async function instance(definitions: JobDefinition[], outcomes: string[] = []) {
    const queue = createJobQueue({
      database,
      logger,
      definitions,
      enabled: true,
      pollSeconds: 0.5,
      onOutcome: (name, outcome) => outcomes.push(`${name}:${outcome}`),
    });
    await queue.start();
    queues.push(queue);
    return queue;
  }

  it('runs each job once however many instances work the queue', async () => {
    const runs: string[] = [];
    const definition: JobDefinition = {
      name: 'test.each',
      title: 'Each',
      kind: 'each',
      run: async (data) => {
        runs.push(String(data.label));
        await new Promise((resolve) => setTimeout(resolve, 20));
        return undefined;
      },
    };
    const [first] = [await instance([definition]), await instance([definition]), await instance([definition])];
    const labels = Array.from({ length: 30 }, (_, n) => `job-${n}`);
    for (const label of labels) expect(await first?.send('test.each', { label })).toBe(true);
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBe(labels.length);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runs.sort()).toEqual(labels.sort());
  });

  it('a sweep sent by every instance at start, and again while one waits, runs as one', async () => {
    let runs = 0;
    const definition: JobDefinition = {
      name: 'test.sweep',
      title: 'Sweep',
      catchUpAtStart: true,
      run: async () => {
        runs++;
        return undefined;
      },
    };
    const queue = createJobQueue({ database, logger, definitions: [definition], enabled: true, pollSeconds: 5 });
    queues.push(queue);
    await queue.start();
    // The start's catch-up sweep is waiting (the next poll is 5 s away): another send is the same
    // sweep. Unless the worker's first fetch, racing the start, has already taken it: then one more
    // may wait behind it, and a send now is that one.
    const queuedBehind = await queue.send('test.sweep');
    if (queuedBehind) expect(await queue.send('test.sweep')).toBe(false);
    const expected = queuedBehind ? 2 : 1;
    await expect.poll(() => runs, { timeout: 15_000 }).toBe(expected);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(runs).toBe(expected);
  });

  it('a sweep sent with a key waits apart from the plain sweep: a month asked for is not lost', async () => {
    const months: unknown[] = [];
    const definition: JobDefinition = {
      name: 'test.keyed',
      title: 'Keyed',
      catchUpAtStart: true,
      run: async (data) => {
        months.push(data.period ?? 'sweep');
        return undefined;
      },
    };
    const queue = createJobQueue({ database, logger, definitions: [definition], enabled: true, pollSeconds: 5 });
    queues.push(queue);
    await queue.start();
    // Whether or not the start's plain sweep still waits, October waits beside it, once (unless the
    // worker's fetch took it between the two sends: then the second is one more run).
    expect(await queue.send('test.keyed', { period: '2026-10' }, '2026-10')).toBe(true);
    const again = await queue.send('test.keyed', { period: '2026-10' }, '2026-10');
    expect(await queue.send('test.keyed', { period: '2026-09' }, '2026-09')).toBe(true);
    const expected = ['2026-09', '2026-10', ...(again ? ['2026-10'] : []), 'sweep'];
    await expect.poll(() => [...months].sort(), { timeout: 20_000 }).toEqual(expected);
  });

  it('retries a failed run with backoff and reports each outcome', async () => {
    let tries = 0;
    const outcomes: string[] = [];
    const queue = await instance(
      [
        {
          name: 'test.flaky',
          title: 'Flaky',
          retryLimit: 3,
          retryDelaySeconds: 1,
          run: async () => {
            tries++;
            if (tries < 3) throw new Error(`SMTP said no (${tries})`);
            return 'done';
          },
        },
      ],
      outcomes,
    );
    await queue.send('test.flaky');
    await expect.poll(() => tries, { timeout: 20_000, interval: 200 }).toBe(3);
    await expect
      .poll(() => outcomes, { timeout: 5_000 })
      .toEqual(['test.flaky:failed', 'test.flaky:failed', 'test.flaky:completed']);
  });

  it('refuses to queue a job it does not know', async () => {
    const queue = await instance([]);
    await expect(queue.send('test.unknown')).rejects.toThrow('no job named test.unknown');
  });
});
