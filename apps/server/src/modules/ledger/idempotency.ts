import { createHash } from 'node:crypto';
import { type ApiError, messages } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { withRetry } from '../../db/errors';
import { AppError, httpStatusByCode } from '../../errors';
import { idempotencyKeys } from './ledger.tables';

/**
 * Exactly-once money requests. The key is claimed with `INSERT … ON CONFLICT DO NOTHING` as the
 * first statement of the transaction that does the work: a second request with the same key
 * waits on that row until the first commits, then reads its stored answer. The work runs in a
 * savepoint, so a refusal (insufficient funds, a hold, a limit) undoes the work but keeps the
 * key and the refusal: a retry gets the same refusal, never a second attempt. Only unexpected
 * errors roll everything back and leave the key free.
 */

export interface IdempotentRequest {
  userId: string;
  key: string;
  /** `hashRequest(route, body)`: the same key with another request is refused. */
  requestHash: string;
  now: Date;
}

export interface Answer {
  statusCode: number;
  body: unknown;
}

export interface IdempotentAnswer extends Answer {
  replayed: boolean;
}

export async function runIdempotent(
  db: Database,
  request: IdempotentRequest,
  work: (tx: Tx) => Promise<Answer>,
  options: { storeRefusals?: boolean } = {},
): Promise<IdempotentAnswer> {
  const storeRefusals = options.storeRefusals ?? true;
  return withRetry(() =>
    db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: request.userId, key: request.key, requestHash: request.requestHash, createdAt: request.now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) return replay(tx, request);

      let answer: Answer;
      try {
        answer = await tx.transaction((savepoint) => work(savepoint));
      } catch (error) {
        // Without stored refusals (a staff batch someone will correct and send again), a refusal
        // rolls the key back too: the next attempt with the same key really tries again.
        if (!(error instanceof AppError) || !storeRefusals) throw error;
        answer = { statusCode: httpStatusByCode[error.code], body: errorBody(error) };
      }
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: answer.statusCode, response: answer.body })
        .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
      return { ...answer, replayed: false };
    }),
  );
}

/** The stored answer for a key already used with this request, if any (without claiming it). */
export async function storedAnswer(
  db: Executor,
  request: Omit<IdempotentRequest, 'now'>,
): Promise<IdempotentAnswer | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!row) return null;
  return answerFrom(row, request.requestHash);
}

/**
 * Stores an answer under a key not yet claimed (a money command's refusal, which rolled back as a
 * whole); if a racing request with the same key stored its answer first, that one is replayed.
 */
export async function storeAnswer(
  db: Executor,
  request: IdempotentRequest & { answer: Answer },
): Promise<IdempotentAnswer> {
  const stored = await db
    .insert(idempotencyKeys)
    .values({
      userId: request.userId,
      key: request.key,
      requestHash: request.requestHash,
      statusCode: request.answer.statusCode,
      response: request.answer.body,
      createdAt: request.now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (stored.length === 1) return { ...request.answer, replayed: false };
  const earlier = await storedAnswer(db, request);
  if (!earlier) throw new Error('idempotency key vanished');
  return earlier;
}

async function replay(tx: Tx, request: IdempotentRequest): Promise<IdempotentAnswer> {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!row) throw new Error('idempotency key vanished');
  return answerFrom(row, request.requestHash);
}

function answerFrom(row: typeof idempotencyKeys.$inferSelect, requestHash: string): IdempotentAnswer {
  if (row.requestHash !== requestHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', messages.transfers.idempotencyKeyReused);
  }
  if (row.statusCode === null) throw new Error('idempotency key stored without an answer');
  return { statusCode: row.statusCode, body: row.response, replayed: true };
}

export function errorBody(error: AppError): ApiError {
  return { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }) };
}

/** A stable hash of what was asked: the route and the parsed body with its keys sorted. */
export function hashRequest(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${stableJson(body)}`)
    .digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
