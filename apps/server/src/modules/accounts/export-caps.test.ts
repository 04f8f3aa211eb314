import { messages } from '@mutual/shared';
import { describe, expect, inject, it, vi } from 'vitest';
import { signIn } from '../../test/identity';
import { holdTableLock, someoneWaitsOnALock } from '../../test/lock-wait';
import { memberWithMoney } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';

/**
 * A history download holds database reads and a socket while its file is written out: at most
 * EXPORTS_PER_SESSION per browser, EXPORTS_PER_MEMBER per member and EXPORTS_MAX per instance. One
 * more is refused before anything is read, and a download is counted out when its file closes.
 */

const onPostgres = inject('testDatabase').kind === 'postgres';
const EXPORT = '/api/me/transactions/export';
const METRICS_TOKEN = 'metrics-token-for-the-export-caps-0123456789';

describe('[ACCOUNTS]: history downloads are counted while they are written out', () => {
  const t = useTestApp({
    env: { EXPORTS_PER_SESSION: '1', EXPORTS_PER_MEMBER: '2', EXPORTS_MAX: '2', METRICS_TOKEN },
  });
  /** The operators' figures for history downloads: open, and refused at each cap. */
  const exportFigures = async () => {
    const { body } = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const figure = (pattern: RegExp) => Number(pattern.exec(body)?.[1] ?? 'NaN');
    return {
      open: figure(/^mutual_streams_open\{kind="exports"\} (\d+)$/m),
      refused: Object.fromEntries(
        (['session', 'member', 'instance'] as const).map((cap) => [
          cap,
          figure(new RegExp(`^mutual_streams_refused_total\\{kind="exports",cap="${cap}"\\} (\\d+)$`, 'm')) || 0,
        ]),
      ),
    };
  };

  it('counts each download out when its file is written: one after another never runs into the cap', async () => {
    const member = await memberWithMoney(t, 25_00n);
    for (const path of [EXPORT, `${EXPORT}.ofx`, `${EXPORT}.qif`, EXPORT]) {
      const response = await member.browser.get(path);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    }
    expect(await exportFigures()).toEqual({ open: 0, refused: { session: 0, member: 0, instance: 0 } });
  });

  it.runIf(onPostgres)('refuses one more per browser, per member and per instance while files are open', async () => {
    const ann = await memberWithMoney(t, 25_00n, 'Ann Saver');
    const bob = await memberWithMoney(t, 25_00n, 'Bob Saver');
    const cy = await memberWithMoney(t, 25_00n, 'Cy Saver');
    const annElsewhere = await signIn(t, ann.email);
    const annThird = await signIn(t, ann.email);

    // The ledger's transfers locked for a moment: each download that starts waits on its first read.
    const lock = await holdTableLock(t, 'ledger_transfers');

    const first = ann.browser.get(EXPORT);
    await someoneWaitsOnALock(t, 1);
    // This browser has one open: a second is refused, saying why, and reads nothing.
    expectRefusal(await ann.browser.get(`${EXPORT}.ofx`), 429, {
      code: 'RATE_LIMITED',
      message: messages.history.exportsInSession,
    });
    // Ann's other device may download too; her third is one too many for her.
    const second = annElsewhere.get(EXPORT);
    await someoneWaitsOnALock(t, 2);
    expectRefusal(await annThird.get(EXPORT), 429, {
      code: 'RATE_LIMITED',
      message: messages.history.exportsForMember,
    });
    // The instance holds two: Bob is asked to come back in a minute.
    expectRefusal(await bob.browser.get(EXPORT), 503, {
      code: 'UNAVAILABLE',
      message: messages.history.exportsFull,
    });

    // The operators see the two open and each refusal at its cap.
    expect(await exportFigures()).toEqual({ open: 2, refused: { session: 1, member: 1, instance: 1 } });

    await lock.release();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    // Written out and counted out: each may download again.
    for (const browser of [ann.browser, bob.browser, cy.browser])
      expect((await browser.get(EXPORT)).statusCode).toBe(200);
    expect((await exportFigures()).open).toBe(0);
  });
});

describe('[ACCOUNTS]: a history download that makes no progress is ended and counted out', () => {
  const t = useTestApp({ env: { EXPORTS_PER_SESSION: '1', EXPORT_STALL_SECONDS: '1', METRICS_TOKEN } });
  const openDownloads = async () => {
    const { body } = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return Number(/^mutual_streams_open\{kind="exports"\} (\d+)$/m.exec(body)?.[1] ?? 'NaN');
  };

  it.runIf(onPostgres)('ends a download whose reads stopped, and gives its place back at once', async () => {
    const ann = await memberWithMoney(t, 25_00n, 'Ann Stalled');
    // The ledger locked: the download's first read waits on it, and no piece comes.
    const lock = await holdTableLock(t, 'ledger_transfers');
    try {
      // Its answer is cut off, not completed.
      const stalled = ann.browser.get(EXPORT).then(
        (response) => response.statusCode,
        (error: unknown) => (error as { code?: string }).code,
      );
      await vi.waitFor(async () => expect(await openDownloads()).toBe(1));
      const began = Date.now();
      // Counted out after the stall time, while its read still waits on the lock.
      await vi.waitFor(async () => expect(await openDownloads()).toBe(0), { timeout: 5_000, interval: 50 });
      expect(Date.now() - began).toBeGreaterThanOrEqual(500);
      expect(await stalled).toBe('LIGHT_ECONNRESET');
      // The browser's one place is free again.
      const again = ann.browser.get(EXPORT);
      await vi.waitFor(async () => expect(await openDownloads()).toBe(1));
      await lock.release();
      expect((await again).statusCode).toBe(200);
    } finally {
      await lock.release();
    }
  });
});
