import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import type { RequestMeta } from '../audit/record-audit';
import { type UserRow, users } from '../people/people.tables';
import { sessions } from './auth.tables';
import { newToken, sha256 } from './tokens';

export interface ActiveSession {
  sessionId: string;
  user: UserRow;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/** Activity closer together than this does not rewrite the session row. */
const TOUCH_INTERVAL_MS = 15_000;

export async function createSession(
  tx: Executor,
  config: Config,
  userId: string,
  meta: RequestMeta,
  now: Date,
): Promise<{ token: string; idleExpiresAt: Date; absoluteExpiresAt: Date }> {
  const token = newToken();
  const absoluteExpiresAt = new Date(now.getTime() + config.security.sessionAbsoluteHours * 3_600_000);
  await tx.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: absoluteExpiresAt,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, idleExpiresAt: idleDeadline(config, now), absoluteExpiresAt };
}

export function idleDeadline(config: Config, lastSeen: Date): Date {
  return new Date(lastSeen.getTime() + config.security.sessionIdleMinutes * 60_000);
}

/**
 * The session a cookie token names, if it is still alive. An idle or expired session is ended
 * here. `touch` counts the request as activity (a passive status check does not).
 */
/**
 * The session look-up runs on every API request, so it is a prepared statement: built and planned
 * once per database (and connection), not on each call.
 */
const sessionQueries = new WeakMap<Database, ReturnType<typeof prepareSessionQuery>>();
function prepareSessionQuery(db: Database) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('session_by_token');
}

export async function resolveSession(
  db: Database,
  config: Config,
  token: string,
  now: Date,
  touch: boolean,
): Promise<ActiveSession | null> {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: sha256(token) });
  if (!row) return null;
  const { session, user } = row;
  const idleExpiresAt = idleDeadline(config, session.lastSeenAt);
  if (session.expiresAt <= now || idleExpiresAt <= now) {
    await revokeSession(db, session.id, session.expiresAt <= now ? 'expired' : 'idle', now);
    return null;
  }
  let lastSeen = session.lastSeenAt;
  if (touch && now.getTime() - lastSeen.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    lastSeen = now;
  }
  return {
    sessionId: session.id,
    user,
    idleExpiresAt: idleDeadline(config, lastSeen),
    absoluteExpiresAt: session.expiresAt,
  };
}

export async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeSessionByToken(db: Executor, token: string, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
}

/** Ends every session of a person (all but `exceptSessionId`, if given). Returns how many ended. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  reason: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Sessions of a person that still work: not ended, within the absolute limit, not idle too long. */
function liveSessionsOf(config: Config, userId: string, now: Date) {
  const idleCutoff = new Date(now.getTime() - config.security.sessionIdleMinutes * 60_000);
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, idleCutoff),
  );
}

/** A person's live sessions, newest activity first, for Account Settings. */
export async function listUserSessions(db: Executor, config: Config, userId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(liveSessionsOf(config, userId, now))
    .orderBy(desc(sessions.lastSeenAt));
}

export async function countUserSessions(db: Executor, config: Config, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(liveSessionsOf(config, userId, now));
  return row?.n ?? 0;
}

/** Ends one of the person's own sessions; another person's session id simply matches nothing. */
export async function revokeOwnSession(db: Executor, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: 'signed out from settings' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
