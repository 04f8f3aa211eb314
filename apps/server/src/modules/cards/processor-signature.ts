import { createHmac, timingSafeEqual } from 'node:crypto';
import { messages, PROCESSOR_SIGNATURE_HEADER, PROCESSOR_TIMESTAMP_HEADER } from '@mutual/shared';
import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { processorRequests } from './cards.tables';

/**
 * The card processor signs each request: `X-Processor-Timestamp` (unix seconds) and
 * `X-Processor-Signature`, the hex HMAC-SHA256 of `${timestamp}.${body}` under the shared secret
 * (PROCESSOR_SECRET) — the scheme of Stripe's and most processors' webhooks. A request is refused
 * when the signature does not match (tampered, or another secret), when its timestamp is further
 * than the tolerance from our clock (stale), or when the same signature was seen before (replayed).
 * A processor that retries signs afresh; its own ids make the retry idempotent.
 */

export function processorSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The headers a signed request carries (the CLI and the dev terminal send with these). */
export function signedHeaders(secret: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000).toString();
  return {
    'content-type': 'application/json',
    [PROCESSOR_TIMESTAMP_HEADER]: timestamp,
    [PROCESSOR_SIGNATURE_HEADER]: processorSignature(secret, timestamp, body),
  };
}

const refused = (why: string) => new AppError('UNAUTHENTICATED', `Processor request refused: ${why}.`);

export interface SignedRequest {
  secret: string | null;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now: Date;
  toleranceSeconds: number;
}

/**
 * Checks a request's signature and freshness, then records the signature (one INSERT: of two
 * copies racing, one is recorded and the other is a replay). Throws the refusal.
 */
export async function verifyProcessorRequest(db: Executor, request: SignedRequest): Promise<void> {
  if (request.secret === null) throw new AppError('UNAVAILABLE', messages.cards.unavailable);
  const { timestamp, signature } = request;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature || !/^[0-9a-f]{64}$/.test(signature))
    throw refused('missing or malformed signature headers');
  const expected = Buffer.from(processorSignature(request.secret, timestamp, request.rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw refused('the signature does not match');
  const age = Math.abs(request.now.getTime() / 1000 - Number(timestamp));
  if (age > request.toleranceSeconds) throw refused('the timestamp is too old or too far ahead');
  const [recorded] = await db
    .insert(processorRequests)
    .values({ signature, receivedAt: request.now })
    .onConflictDoNothing()
    .returning({ signature: processorRequests.signature });
  if (!recorded) throw new AppError('CONFLICT', 'Processor request refused: this signed request was already received.');
}

/** Forgets signatures older than twice the tolerance: their timestamps are refused as stale anyway. */
export async function forgetOldSignatures(db: Executor, now: Date, toleranceSeconds: number): Promise<number> {
  const before = new Date(now.getTime() - 2 * toleranceSeconds * 1000);
  const gone = await db
    .delete(processorRequests)
    .where(lt(processorRequests.receivedAt, sql`${before.toISOString()}::timestamptz`))
    .returning({ signature: processorRequests.signature });
  return gone.length;
}
