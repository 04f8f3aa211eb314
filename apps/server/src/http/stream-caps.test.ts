import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stallGuarded } from './stream-caps';

/**
 * A download holds its slot while it is written out: one whose reader stopped reading (once every
 * buffer on the way is full) is ended after the stall time, so it cannot keep its slot for ever;
 * one whose reader keeps taking it, however long the file, is not.
 */
describe('[STREAMS]: a download that makes no progress is ended', () => {
  const servers: net.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  /** A server writing `pieces` pieces of 64 KiB to each connection, guarded at `stallMs`. */
  async function serving(pieces: number, stallMs: number) {
    const outcome = { stalled: false, closed: false, given: 0 };
    const server = net.createServer((socket) => {
      socket.on('error', () => {});
      async function* file() {
        for (let n = 0; n < pieces; n++) {
          outcome.given++;
          yield 'x'.repeat(64 * 1024);
        }
      }
      const stream = stallGuarded(file, stallMs, () => {
        outcome.stalled = true;
        socket.destroy();
      });
      stream.once('close', () => (outcome.closed = true));
      stream.pipe(socket);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, outcome };
  }

  it('ends one whose reader stopped reading, and lets its resources go', async () => {
    // 64 MiB: far more than the socket buffers between the two ends hold.
    const { port, outcome } = await serving(1024, 500);
    const reader = net.connect(port, '127.0.0.1');
    reader.on('error', () => {});
    let received = 0;
    reader.on('data', (data: Buffer) => {
      received += data.length;
      // A client that takes the first bytes, then reads no more.
      if (received > 64 * 1024) reader.pause();
    });
    await vi.waitFor(() => expect(outcome.stalled).toBe(true), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(outcome.closed).toBe(true));
    expect(outcome.given).toBeLessThan(1024);
    reader.destroy();
  });

  it('lets one whose reader keeps reading finish, however long it takes', async () => {
    // The pieces are asked for in bursts (the kernel wakes a writer once half its buffer went out),
    // so the stall time must be well past a burst: here 1.5 s against a 12.5 MiB file read at
    // about 6 MiB/s, taking longer than the stall time in all.
    const pieces = 200;
    const { port, outcome } = await serving(pieces, 1_500);
    const reader = net.connect(port, '127.0.0.1');
    let received = 0;
    const began = Date.now();
    reader.on('data', (data: Buffer) => {
      received += data.length;
      reader.pause();
      setTimeout(() => reader.resume(), Math.ceil(data.length / (6 * 1024)));
    });
    await new Promise((resolve) => reader.once('end', resolve));
    expect(received).toBe(pieces * 64 * 1024);
    expect(Date.now() - began).toBeGreaterThan(1_500);
    expect(outcome.stalled).toBe(false);
  });
});
