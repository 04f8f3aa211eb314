import type { AddressInfo } from 'node:net';
import { messages } from '@mutual/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { signIn } from '../test/identity';
import { memberWithMoney } from '../test/money';
import { useTestApp } from '../test/test-app';
import { slotLeases, slotStoreFor } from './held-slots';
import { streamCaps } from './stream-caps';

/**
 * Live-update streams (and uploads and downloads, on the same slots) are capped per session and
 * per member across every instance: two instances sharing Redis, or the database, together give a
 * session no more than its cap. A slot is freed when its stream closes, is kept while its instance
 * renews its lease, and lapses after the lease when its instance vanished without a word.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Short for the test, yet renewed (every third) well before a loaded machine could let it lapse. */
const LEASE_SECONDS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A live-update stream opened over HTTP: its status, what it said when refused, and how to close it. */
async function openStream(base: string, token: string | undefined) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/me/events`, {
    headers: { cookie: `mutual_session=${token ?? ''}` },
    signal: abort.signal,
  });
  const refusal = response.status === 200 ? undefined : ((await response.json()) as { message: string });
  // The response is kept: one no longer referenced is collected, and fetch then drops its connection.
  return { response, status: response.status, message: refusal?.message, close: () => abort.abort() };
}

describe.each([
  ['Redis', { REDIS_URL }],
  ['the database', { RATE_LIMIT_STORE: 'database' }],
] as const)('[SLOTS]: live-update streams counted across two instances sharing %s', (_store, shared) => {
  const env = {
    ...shared,
    LIVE_STREAMS_PER_SESSION: '2',
    LIVE_STREAMS_PER_MEMBER: '3',
    SLOT_LEASE_SECONDS: String(LEASE_SECONDS),
  };
  const t = useTestApp({ env });
  let other: App;
  let a: string;
  let b: string;
  const streams: Array<{ close: () => void }> = [];
  const open = async (base: string, token: string | undefined) => {
    const stream = await openStream(base, token);
    streams.push(stream);
    return stream;
  };
  beforeAll(async () => {
    // A second instance: its own app, on the same database and the same shared store.
    other = await buildApp({ ...t, config: loadConfig({ NODE_ENV: 'test', ...env }) });
    for (const app of [t.app, other]) await app.listen({ port: 0, host: '127.0.0.1' });
    const base = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    [a, b] = [base(t.app), base(other)];
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await other?.close();
  });

  it('gives a session and a member no more than their caps over both; a closed stream frees its slot', async () => {
    const ann = await memberWithMoney(t, 0n, 'Ann Streamer');
    const token = ann.browser.sessionToken;
    const onA = await open(a, token);
    const onB = await open(b, token);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    // Longer than a lease: the instances renew what they hold, so the count stays.
    await sleep(1_200 * LEASE_SECONDS);
    for (const base of [a, b]) {
      const refused = await open(base, token);
      expect([refused.status, refused.message]).toEqual([429, messages.live.tooManyInSession]);
    }

    // One closed on A: B may open one for this session now.
    onA.close();
    await vi.waitFor(
      async () => {
        const again = await open(b, token);
        expect(again.status).toBe(200);
      },
      { timeout: 5_000, interval: 50 },
    );

    // Ann's phone takes her third; her tablet, on either instance, is one too many.
    const phone = await signIn(t, ann.email);
    expect((await open(a, phone.sessionToken)).status).toBe(200);
    const tablet = await signIn(t, ann.email);
    for (const base of [b, a]) {
      const refused = await open(base, tablet.sessionToken);
      expect([refused.status, refused.message]).toEqual([429, messages.live.tooManyForMember]);
    }
  });

  it('gets the slots of an instance that shuts down back at once, without waiting for their lease', async () => {
    const cy = await memberWithMoney(t, 0n, 'Cy Streamer');
    const third = await buildApp({ ...t, config: loadConfig({ NODE_ENV: 'test', ...env }) });
    await third.listen({ port: 0, host: '127.0.0.1' });
    const c = `http://127.0.0.1:${(third.server.address() as AddressInfo).port}`;
    try {
      for (let n = 0; n < 2; n++) expect((await open(c, cy.browser.sessionToken)).status).toBe(200);
      expect((await open(a, cy.browser.sessionToken)).status).toBe(429);
    } finally {
      await third.close();
    }
    const [first, second] = [await open(a, cy.browser.sessionToken), await open(b, cy.browser.sessionToken)];
    expect([first.status, second.status]).toEqual([200, 200]);
  });

  it('lets the slots of an instance that vanished lapse after their lease, and not before', async () => {
    const bob = await memberWithMoney(t, 0n, 'Bob Streamer');
    const token = bob.browser.sessionToken ?? '';
    // A live stream on A, whose slot A keeps renewing.
    expect((await open(a, token)).status).toBe(200);
    // A third instance takes the session's other slot, through the same code, then is gone: no
    // release, no renewal (as when its process is killed).
    const redis = 'REDIS_URL' in shared ? new Redis(REDIS_URL) : undefined;
    onTestFinished(() => redis?.disconnect());
    const leases = slotLeases(slotStoreFor(redis ? 'redis' : 'database', redis, t.database), LEASE_SECONDS * 1000);
    const caps = streamCaps('live', t.config.limits.liveStreams, { inSession: '', forMember: '', full: '' }, leases);
    // Its lease runs from when the store took it: after this instant.
    const vanished = Date.now();
    await caps.take({ session: token, member: bob.id });
    void leases.close();
    redis?.disconnect();

    const refused = await open(b, token);
    expect([refused.status, refused.message]).toEqual([429, messages.live.tooManyInSession]);
    // Its slot lapses after the lease, although the session's count is kept alive by A's renewals.
    await vi.waitFor(async () => expect((await open(b, token)).status).toBe(200), {
      timeout: LEASE_SECONDS * 1000 + 5_000,
      interval: 100,
    });
    expect(Date.now() - vanished).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 10);
    // Both places are taken again, by live streams now.
    await sleep(1_200 * LEASE_SECONDS);
    expect((await open(a, token)).status).toBe(429);
  });
});
