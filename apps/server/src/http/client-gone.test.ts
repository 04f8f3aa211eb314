import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { messages } from '@mutual/shared';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../db/client';
import { capturedLogger } from '../test/captured-logger';
import { memberWithMoney } from '../test/money';
import { startSilentProxy } from '../test/silent-proxy';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * A database outage is told by where a socket error came from, not by its code: a phone that loses
 * signal mid-upload fails the request's own body stream with ECONNRESET, which is no outage (no
 * 503, no "database unavailable" for operators to be woken by); the same code from node-postgres is.
 */

const target = inject('testDatabase');

async function until(condition: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('[ERRORS]: a client that goes away is not a database outage', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('logs an upload the client abandons as "client closed the request", never as a database outage', async () => {
    const log = capturedLogger();
    const t: TestApp = await createTestApp({ logger: log.logger });
    cleanups.push(() => t.close());
    const member = await memberWithMoney(t, 0n);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    // A profile picture of 1 MB announced, 64 KB of it sent, then the signal is gone.
    const boundary = 'dbfailboundary';
    const head =
      `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="me.png"\r\n` +
      'content-type: image/png\r\n\r\n';
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'PUT /api/me/profile-image HTTP/1.1\r\nhost: 127.0.0.1\r\n' +
        `cookie: mutual_session=${member.browser.sessionToken ?? ''}\r\n` +
        `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${head.length + 1_048_576}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(Buffer.alloc(65_536, 7));
    await until(() => log.text().includes('/api/me/profile-image'), 'the upload to arrive');
    // Time for the guard's reads and for the handler to be reading the file part.
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.destroy();

    await until(() => log.text().includes('client closed the request'), 'the abandoned upload to be logged');
    expect(log.text()).not.toContain('database unavailable');
    expect(log.text()).not.toContain('unhandled error');
    expect(log.text()).not.toContain('"statusCode":503');
  });

  it.runIf(target.kind === 'postgres')(
    'still answers 503 UNAVAILABLE, logged "database unavailable", when node-postgres has its socket reset',
    async () => {
      if (target.kind !== 'postgres') return;
      const silent = await startSilentProxy(target.url);
      cleanups.push(() => silent.close());
      const log = capturedLogger();
      // Bounds far longer than the test: the request fails by the reset, not by a timeout.
      const timeouts = { connectMs: 60_000, queryMs: 60_000, heartbeatMs: 60_000 };
      const t: TestApp = await createTestApp({
        logger: log.logger,
        openPostgres: (url) => openPostgres(silent.through(url), undefined, timeouts),
      });
      cleanups.push(() => t.close());
      const member = await memberWithMoney(t, 0n);
      expect((await member.browser.get('/api/me/accounts')).statusCode).toBe(200);

      silent.silence();
      // One request more than the pool has idle connections: the reset meets a query in flight
      // and a connection being opened.
      const requests = t.database.poolStats().idle + 1;
      const answers = Array.from({ length: requests }, () => member.browser.get('/api/me/accounts'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      silent.reset();
      silent.restore();

      for (const response of await Promise.all(answers)) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ code: 'UNAVAILABLE', message: messages.generic.unavailable });
      }
      expect(log.text().match(/"sqlState":"ECONNRESET","msg":"database unavailable"/g)).toHaveLength(requests);
      expect(log.text()).not.toContain('client closed the request');
    },
  );
});
