import type { Executor } from '../../db/client';
import { auditLog } from './audit.tables';

/** Where a change came from: the request's address and browser, never its body. */
export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

/** Who did it: a signed-in person, or the system (seed, scheduled work) with both null. */
export interface Actor {
  userId: string | null;
  email: string | null;
}

export const systemActor: Actor = { userId: null, email: 'system' };

export interface AuditEntry {
  action: string;
  actor: Actor;
  targetUserId?: string | null;
  meta?: RequestMeta;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Appends to the audit log inside the caller's transaction, so the record and the change commit together. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    at: entry.at,
    action: entry.action,
    actorUserId: entry.actor.userId,
    actorEmail: entry.actor.email,
    targetUserId: entry.targetUserId ?? null,
    ipAddress: entry.meta?.ipAddress ?? null,
    userAgent: entry.meta?.userAgent?.slice(0, 300) ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A person as the actor of an audit row. */
export function actorFor(person: { id: string; email: string }): Actor {
  return { userId: person.id, email: person.email };
}

/** Appends an audit row for what a person did to their own record: they are its actor and its target. */
export async function recordOwnAction(
  tx: Executor,
  person: { id: string; email: string },
  entry: Omit<AuditEntry, 'actor' | 'targetUserId'>,
): Promise<void> {
  await recordAudit(tx, { ...entry, actor: actorFor(person), targetUserId: person.id });
}
