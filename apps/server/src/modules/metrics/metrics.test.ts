import { describe, expect, it } from 'vitest';
import { memberWithMoney, newKey, sendTransfer } from '../../test/money';
import { useTestApp } from '../../test/test-app';
import { mailOutbox } from '../mail/mail.tables';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

describe('[METRICS]: Prometheus metrics for operators only', () => {
  const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token, or with another one, and says nothing', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Basic abc']) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain('mutual_');
    }
  });

  it('counts requests by route, transfers by kind and outcome, the pool, the outbox and open streams', async () => {
    const alice = await memberWithMoney(t, 100_00n, 'Alice Metric');
    const bob = await memberWithMoney(t, 0n, 'Bob Metric');
    const key = newKey();
    const transfer = {
      transferType: 'user',
      fromAccount: 'Checking',
      recipientEmail: bob.email,
      amount: '5.00',
      reference: 'Lunch',
    };
    expect((await sendTransfer(alice.browser, '/api/transfers/user', transfer, key)).statusCode).toBe(201);
    expect(
      (await sendTransfer(alice.browser, '/api/transfers/user', transfer, key)).headers['idempotent-replayed'],
    ).toBe('true');
    const refused = await sendTransfer(alice.browser, '/api/transfers/user', { ...transfer, amount: '1000.00' });
    expect(refused.statusCode).toBe(422);
    expect(
      (
        await sendTransfer(alice.browser, '/api/transfers/internal', {
          transferType: 'internal',
          fromAccount: 'Checking',
          toAccount: 'Savings',
          amount: '1.00',
          reference: 'Savings top-up',
        })
      ).statusCode,
    ).toBe(201);
    await t.db
      .insert(mailOutbox)
      .values({ toAddress: 'ops@example.test', subject: 'waiting', template: 'test', status: 'pending' });
    await t.db
      .insert(mailOutbox)
      .values({ toAddress: 'ops@example.test', subject: 'sent', template: 'test', status: 'sent' });

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(text).toMatch(
      /mutual_http_request_duration_seconds_count\{route="\/api\/transfers\/user",method="POST",status="2xx"\} 2/,
    );
    expect(text).toMatch(
      /mutual_http_request_duration_seconds_count\{route="\/api\/transfers\/user",method="POST",status="4xx"\} 1/,
    );
    expect(text).toMatch(/mutual_transfers_total\{kind="user",outcome="completed"\} 1/);
    expect(text).toMatch(/mutual_transfers_total\{kind="user",outcome="replayed"\} 1/);
    expect(text).toMatch(/mutual_transfers_total\{kind="user",outcome="refused"\} 1/);
    expect(text).toMatch(/mutual_transfers_total\{kind="internal",outcome="completed"\} 1/);
    expect(text).toMatch(/mutual_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/^mutual_mail_outbox_backlog 1$/m);
    // What callers hold open (each refusal is counted too: accounts/export-caps.test.ts).
    expect(text).toMatch(/^mutual_streams_open\{kind="live"\} 0$/m);
    expect(text).toMatch(/^mutual_streams_open\{kind="exports"\} 0$/m);
    expect(text).toMatch(/process_cpu_user_seconds_total/);
    // Labels are patterns: no member id, e-mail address or query string reaches the metrics.
    expect(text).not.toContain(alice.id);
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain('?');
  });
});

describe('[METRICS]: without METRICS_TOKEN there is no /metrics', () => {
  const t = useTestApp();

  it('answers 404, whatever the request carries', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('mutual_');
  });
});
