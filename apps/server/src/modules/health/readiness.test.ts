import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { capturedLogger } from '../../test/captured-logger';
import { startSilentProxy } from '../../test/silent-proxy';
import { createTestApp } from '../../test/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * With the rate limits and caps in Redis, an instance that cannot reach Redis answers the API 503
 * (limits fail closed): it is not ready, and says so to the load balancer and the operators.
 */
describe('[OPERATIONS]: readiness counts Redis where the limits live', () => {
  it('is 503 while Redis does not answer, logged naming Redis, and ready again once it does', async () => {
    const proxy = await startSilentProxy(REDIS_URL);
    onTestFinished(() => proxy.close());
    const log = capturedLogger();
    const t = await createTestApp({
      logger: log.logger,
      env: {
        REDIS_URL: proxy.through(REDIS_URL),
        RATE_LIMIT_STORE: 'redis',
        // A silent Redis is given up on within a second (connecting and each command).
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
        DATABASE_QUERY_TIMEOUT_SECONDS: '1',
      },
    });
    onTestFinished(() => t.close());
    const ready = async () => (await t.app.inject('/readyz')).statusCode;
    expect(await ready()).toBe(200);

    // Redis's host stops answering and its connection is reset: nothing gets through.
    proxy.silence();
    proxy.reset();
    const answer = await t.app.inject('/readyz');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'unavailable' });
    expect(log.text()).toMatch(/"failed":\[\{"name":"redis"[^\]]*\],"msg":"readiness check failed"/);
    expect(log.text()).not.toMatch(/"name":"database"/);
    // The process itself is alive: liveness is not readiness.
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);

    proxy.restore();
    await vi.waitFor(async () => expect(await ready()).toBe(200), { timeout: 15_000, interval: 50 });
  });
});
