/**
 * A demo member driving the portal over HTTP as a browser would: the two sign-in steps (the code
 * read from the mail outbox), then transfers with an Idempotency-Key each, retried with the same
 * key until the portal acknowledges them.
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@mutual/shared';
import pg from 'pg';

export const DEMO_PASSWORD = 'demo-password-2026';

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

export interface Session {
  cookie: string;
  origin: string;
}

/** Each sign-in comes from an address of its own, as members do (believed where TRUST_PROXY is on). */
let signIns = 0;

/** Signs in through `base` (a proxy or an instance); the page's origin is `origin`. */
export async function signIn(base: string, origin: string, databaseUrl: string, email: string): Promise<Session> {
  signIns += 1;
  const address = `203.0.${113 + Math.floor(signIns / 250)}.${(signIns % 250) + 1}`;
  const json = { 'content-type': 'application/json', origin, 'x-forwarded-for': address };
  const step1 = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!step1.ok) throw new Error(`sign-in of ${email}: ${step1.status} ${await step1.text()}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ subject: string }>(
      `select subject from mail_outbox where to_address = $1 and template = 'sign-in-code'
       order by created_at desc limit 1`,
      [email],
    );
    const code = /\d{6}/.exec(rows[0]?.subject ?? '')?.[0] ?? '';
    const step2 = await fetch(`${base}/api/auth/verify`, {
      method: 'POST',
      headers: { ...json, cookie: cookiesOf(step1) },
      body: JSON.stringify({ code }),
    });
    if (!step2.ok) throw new Error(`code for ${email}: ${step2.status} ${await step2.text()}`);
    return { cookie: cookiesOf(step2), origin };
  } finally {
    await client.end();
  }
}

export function call(base: string, session: Session, method: string, path: string, body?: unknown, key?: string) {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      origin: session.origin,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(key && { [IDEMPOTENCY_HEADER]: key }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export interface TransferLoad {
  /** Idempotency keys the portal answered 2xx to, with the transfer id it gave. */
  acknowledged: Map<string, string>;
  /** Answers that were neither 2xx nor a reason to retry (a refusal): status → count. */
  refused: Map<number, number>;
  /** Tries that were retried (503, 502, a dropped connection): status or error code → count. */
  retried: Map<string, number>;
  /** Stops starting new transfers and waits until every started one is acknowledged. */
  stop(): Promise<void>;
}

/**
 * `workers` loops of one-cent internal transfers between the member's Checking and Savings (so
 * the member's total never changes). A try that fails for a reason worth retrying is retried with
 * the same key every 200 ms until acknowledged: a transfer is never abandoned half-way.
 */
export function startTransferLoad(bases: string[], session: Session, workers = 4): TransferLoad {
  const acknowledged = new Map<string, string>();
  const refused = new Map<number, number>();
  const retried = new Map<string, number>();
  let stopping = false;
  let turn = 0;
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

  async function transferOnce(direction: number) {
    const key = randomUUID();
    const body = {
      transferType: 'internal',
      fromAccount: direction % 2 === 0 ? 'Checking' : 'Savings',
      toAccount: direction % 2 === 0 ? 'Savings' : 'Checking',
      amount: '0.01',
      reference: 'Cluster load',
    };
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const base = bases[turn++ % bases.length] as string;
      try {
        const response = await call(base, session, 'POST', '/api/transfers/internal', body, key);
        if (response.ok) {
          const result = (await response.json()) as { transferId: string };
          acknowledged.set(key, result.transferId);
          return;
        }
        if (response.status !== 503 && response.status !== 502) {
          bump(refused, response.status);
          return;
        }
        bump(retried, String(response.status));
        await response.body?.cancel();
      } catch (error) {
        bump(retried, (error as { cause?: { code?: string } }).cause?.code ?? 'fetch failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`transfer ${key} was never acknowledged`);
  }

  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let n = worker; !stopping; n++) await transferOnce(n);
  });
  return {
    acknowledged,
    refused,
    retried,
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

/** Reads a server-sent event stream; collects event names with the time they arrived. */
export async function openEventStream(base: string, session: Session) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/me/events`, {
    headers: { cookie: session.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
  const events: Array<{ kind: string; at: number }> = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const kind = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
        if (kind) events.push({ kind, at: Date.now() });
        buffer = buffer.slice(end + 2);
      }
    }
  })();
  return { events, close: () => controller.abort() };
}
