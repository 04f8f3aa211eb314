import { type ActiveSessionList, messages } from '@mutual/shared';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountId, deposit, type Member, memberWithMoney } from '../../test/money';
import { signIn } from '../../test/identity';
import { expectLedgerConsistent, useTestApp } from '../../test/test-app';
import { userTransfer } from '../../test/transfer-forms';
import { generalLedger } from '../ledger/general-ledger';
import { postTransfer } from '../ledger/post-transfer';
import { memorySlotStore, slotLeases } from '../../http/held-slots';
import { streamCaps } from '../../http/stream-caps';

/** An open `GET /api/me/events` stream, read as it arrives. */
class EventStream {
  text = '';
  ended = false;
  private readonly decoder = new TextDecoder();

  constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {
    void this.pump();
  }

  private async pump() {
    const reader = this.response.body?.getReader();
    if (!reader) return;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.text += this.decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted by the test.
    }
    this.ended = true;
  }

  /** Each `event:` with its data, in order. */
  get events(): Array<{ event: string; data: string }> {
    return [...this.text.matchAll(/^event: (.+)\ndata: (.+)$/gm)].map((match) => ({
      event: match[1] ?? '',
      data: match[2] ?? '',
    }));
  }

  async until(condition: () => boolean, what: string, ms = 5_000) {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}; stream so far: ${JSON.stringify(this.text)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close() {
    this.abort.abort();
  }
}

/** Long enough for a notification that was going to arrive to have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("[LIVE]: the member's event stream", () => {
  let base: string;
  const streams: EventStream[] = [];

  const t = useTestApp();
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const stream of streams.splice(0)) stream.close();
    await expectLedgerConsistent(t);
  });

  async function open(member: Member | null): Promise<EventStream> {
    const abort = new AbortController();
    const headers: Record<string, string> = member
      ? { cookie: `mutual_session=${member.browser.sessionToken ?? ''}` }
      : {};
    const response = await fetch(`${base}/api/me/events`, { headers, signal: abort.signal });
    const stream = new EventStream(response, abort);
    streams.push(stream);
    if (response.status === 200)
      await stream.until(() => stream.text.startsWith('retry: 5000\n\n'), 'the stream to open');
    return stream;
  }

  it('refuses an anonymous stream with 401', async () => {
    const stream = await open(null);
    expect(stream.response.status).toBe(401);
    await stream.until(() => stream.ended, 'the body');
    expect(JSON.parse(stream.text)).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('opens a server-sent event stream that is not cached', async () => {
    const member = await memberWithMoney(t, 0n);
    const stream = await open(member);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.events).toEqual([]);
  });

  it(
    'tells the recipient of a transfer (ledger and notification) ' +
      'and the sender (ledger, and the notification of their receipt); a bystander hears nothing',
    async () => {
      const sender = await memberWithMoney(t, 50_00n);
      const recipient = await memberWithMoney(t, 0n);
      const bystander = await memberWithMoney(t, 0n);
      const [toSender, toRecipient, toBystander] = [await open(sender), await open(recipient), await open(bystander)];

      expect((await userTransfer(sender, recipient, { amount: '5.00' })).statusCode).toBe(201);
      await toRecipient.until(() => toRecipient.events.length >= 2, 'two events for the recipient');
      await toSender.until(() => toSender.events.length >= 2, 'two events for the sender');
      await settle();
      expect(toRecipient.events).toEqual(
        expect.arrayContaining([
          { event: 'ledger', data: '{"kind":"ledger"}' },
          { event: 'notification', data: '{"kind":"notification"}' },
        ]),
      );
      expect(toRecipient.events).toHaveLength(2);
      expect(toSender.events).toEqual(
        expect.arrayContaining([
          { event: 'ledger', data: '{"kind":"ledger"}' },
          { event: 'notification', data: '{"kind":"notification"}' },
        ]),
      );
      expect(toSender.events).toHaveLength(2);
      expect(toBystander.events).toEqual([]);
    },
  );

  it('says nothing about a change that was rolled back, whole or to a savepoint', async () => {
    const member = await memberWithMoney(t, 0n);
    const checking = await accountId(t, member.id, 'Checking');
    const stream = await open(member);
    const post = (tx: Parameters<typeof postTransfer>[0]) =>
      postTransfer(tx, {
        kind: 'single',
        debitAccountId: generalLedger.cash,
        creditAccountId: checking,
        amount: 1_00n,
        category: 'Deposit',
        debitMemo: 'rolled back',
        creditMemo: 'rolled back',
        now: t.clock(),
        createdBy: null,
      });
    const undo = new Error('undo');
    await expect(
      t.db.transaction(async (tx) => {
        await post(tx);
        throw undo;
      }),
    ).rejects.toBe(undo);
    await t.db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await post(savepoint);
          throw undo;
        })
        .catch((error: unknown) => {
          if (error !== undo) throw error;
        });
    });
    await settle();
    expect(stream.events).toEqual([]);

    await deposit(t, member.id, 2_00n);
    await stream.until(() => stream.events.length >= 1, 'the committed deposit');
    await settle();
    expect(stream.events).toEqual([{ event: 'ledger', data: '{"kind":"ledger"}' }]);
  });

  it('pings a live session every 25 seconds and ends the stream once the session is gone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const member = await memberWithMoney(t, 0n);
    const stream = await open(member);

    vi.advanceTimersByTime(25_000);
    await stream.until(() => stream.text.includes(': ping\n\n'), 'a ping');
    expect(stream.ended).toBe(false);

    expect((await member.browser.post('/api/auth/sign-out')).statusCode).toBeLessThan(300);
    vi.advanceTimersByTime(25_000);
    await stream.until(() => stream.ended, 'the stream to end');
    expect(stream.text.match(/: ping/g)).toHaveLength(1);
    expect(stream.events.at(-1)).toEqual({ event: 'session-ended', data: '{}' });
  });

  it('ends the stream of a session ended elsewhere at its next event, telling it only that it ended', async () => {
    const member = await memberWithMoney(t, 0n);
    const stream = await open(member);
    const elsewhere = await signIn(t, member.email);
    // The sign-in from another device is news for the session still on.
    await settle();
    const told = stream.events.length;
    const { sessions } = (await elsewhere.get('/api/me/sessions')).json<ActiveSessionList>();
    const streaming = sessions.find((session) => !session.current);
    expect((await elsewhere.delete(`/api/me/sessions/${streaming?.id ?? ''}`)).statusCode).toBe(204);

    await deposit(t, member.id, 2_00n);
    await stream.until(() => stream.ended, 'the stream to end');
    expect(stream.events.slice(told)).toEqual([{ event: 'session-ended', data: '{}' }]);
  });
});

describe('[LIVE]: streams are capped per session, per member and in total', () => {
  const t = useTestApp({ env: { LIVE_STREAMS_PER_SESSION: '2' } });
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('refuses one stream more than the session may hold with 429, and takes it once one closes', async () => {
    const member = await memberWithMoney(t, 0n);
    const open = async () => {
      const abort = new AbortController();
      const response = await fetch(`${base}/api/me/events`, {
        headers: { cookie: `mutual_session=${member.browser.sessionToken ?? ''}` },
        signal: abort.signal,
      });
      return new EventStream(response, abort);
    };
    const [first, second] = [await open(), await open()];
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    const third = await open();
    expect(third.response.status).toBe(429);
    await third.until(() => third.ended, 'the refusal');
    expect(JSON.parse(third.text)).toEqual({ code: 'RATE_LIMITED', message: messages.live.tooManyInSession });

    first.close();
    let again: EventStream | undefined;
    await vi.waitFor(async () => {
      again?.close();
      again = await open();
      expect(again.response.status).toBe(200);
    });
    again?.close();
    second.close();
  });

  it('counts per member and per instance, and counts a stream out only once', async () => {
    const caps = streamCaps(
      'live',
      { perSession: 5, perMember: 2, total: 3 },
      {
        inSession: messages.live.tooManyInSession,
        forMember: messages.live.tooManyForMember,
        full: messages.live.full,
      },
      slotLeases(memorySlotStore(), 60_000),
    );
    const as = (member: string, session: string) => ({ member, session });
    const release = await caps.take(as('ann', 'session-1'));
    await caps.take(as('ann', 'session-2'));
    await expect(caps.take(as('ann', 'session-3'))).rejects.toThrow(messages.live.tooManyForMember);
    await caps.take(as('bob', 'session-4'));
    await expect(caps.take(as('cy', 'session-5'))).rejects.toThrow(messages.live.full);
    release();
    release();
    expect(caps.open).toBe(2);
    await expect(caps.take(as('cy', 'session-5'))).resolves.toBeTypeOf('function');
    await expect(caps.take(as('dee', 'session-6'))).rejects.toThrow(messages.live.full);
  });
});
