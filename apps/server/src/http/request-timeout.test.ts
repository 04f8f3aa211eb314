import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, inject, it, onTestFinished, vi } from 'vitest';
import { holdTableLock, someoneWaitsOnALock } from '../test/lock-wait';
import { deposit, memberWithMoney } from '../test/money';
import { useTestApp } from '../test/test-app';
import { TrickledUpload } from '../test/trickled-upload';

/**
 * REQUEST_TIMEOUT_SECONDS: a request's headers and body must have arrived within it, so an upload
 * trickled in a byte at a time cannot hold its socket (and upload slot) for ever. It times the
 * receiving only: a live-update stream and a history download that take longer to send go on.
 */

const onPostgres = inject('testDatabase').kind === 'postgres';
const METRICS_TOKEN = 'metrics-token-for-the-request-timeout-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A response read as it arrives. */
async function reading(url: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: abort.signal });
  const state = { status: response.status, text: '', ended: false, failed: false, close: () => abort.abort() };
  void (async () => {
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await (reader?.read() ?? Promise.resolve({ done: true, value: undefined }));
        if (done) break;
        state.text += decoder.decode(value, { stream: true });
      }
    } catch {
      state.failed = true;
    }
    state.ended = true;
  })();
  return state;
}

describe('[HTTP]: a request must arrive within REQUEST_TIMEOUT_SECONDS; answers may take longer', () => {
  const t = useTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1', METRICS_TOKEN } });
  let port: number;
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterEach(() => {
    for (const upload of TrickledUpload.made) upload.abort();
    TrickledUpload.made.clear();
  });
  const openUploads = async () => {
    const { body } = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return Number(/^mutual_streams_open\{kind="uploads"\} (\d+)$/m.exec(body)?.[1] ?? 'NaN');
  };

  it('ends an upload still trickling in after the timeout (408); an open live-update stream goes on', async () => {
    const member = await memberWithMoney(t, 10_00n);
    const cookie = `mutual_session=${member.browser.sessionToken ?? ''}`;
    const stream = await reading(`${base}/api/me/events`, cookie);
    onTestFinished(() => stream.close());
    expect(stream.status).toBe(200);

    const began = Date.now();
    const upload = new TrickledUpload(port, '/api/deposits', { cookie, 'idempotency-key': randomUUID() });
    await vi.waitFor(async () => expect(await openUploads()).toBe(1));
    // A byte every 200 ms: never idle, never done.
    const trickling = setInterval(() => upload.trickle(), 200);
    try {
      await upload.closed;
    } finally {
      clearInterval(trickling);
    }
    const took = Date.now() - began;
    expect(upload.status).toBe(408);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5_000);
    // Its upload slot is given back with it.
    await vi.waitFor(async () => expect(await openUploads()).toBe(0));

    // The stream, open longer than the timeout by now, still hears the member's money change.
    await sleep(Math.max(0, 2_500 - (Date.now() - began)));
    expect(stream.ended).toBe(false);
    await deposit(t, member.id, 1_00n);
    await vi.waitFor(() => expect(stream.text).toContain('event: ledger'), { timeout: 5_000 });
    expect(stream.ended).toBe(false);
    stream.close();
  });

  it.runIf(onPostgres)('lets a history download that takes longer than the timeout finish', async () => {
    const member = await memberWithMoney(t, 10_00n);
    const cookie = `mutual_session=${member.browser.sessionToken ?? ''}`;
    // The ledger locked for a while: the download's first read waits on it, past the timeout.
    const lock = await holdTableLock(t, 'ledger_transfers');
    const download = reading(`${base}/api/me/transactions/export`, cookie);
    await someoneWaitsOnALock(t);
    await sleep(2_500);
    await lock.release();
    const file = await download;
    expect(file.status).toBe(200);
    await vi.waitFor(() => expect(file.ended).toBe(true), { timeout: 5_000 });
    expect(file.failed).toBe(false);
    expect(file.text.split('\r\n')[0]).toMatch(/^"Date",/);
    expect(file.text).toContain('10.00');
  });
});
