import {
  type ContactInbox,
  type ContactInboxItem,
  type ContactInboxStatus,
  contactSubjectLabels,
  contactSubjects,
  messages,
  preferredContactMethods,
} from '@mutual/shared';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { contactMessages } from './content.tables';

/** How many messages one inbox page shows at most (newest first). */
export const INBOX_LIMIT = 200;

type ContactMessageRow = typeof contactMessages.$inferSelect;

const asSubject = (value: string) => contactSubjects.find((s) => s === value) ?? 'general';
const asPreferred = (value: string) => preferredContactMethods.find((p) => p === value) ?? 'email';

export function toInboxItem(row: ContactMessageRow): ContactInboxItem {
  const subject = asSubject(row.subject);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject,
    subjectLabel: contactSubjectLabels[subject],
    message: row.message,
    preferredContact: asPreferred(row.preferredContact),
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledBy,
  };
}

const statusFilter = (status: ContactInboxStatus) =>
  status === 'open'
    ? isNull(contactMessages.handledAt)
    : status === 'handled'
      ? isNotNull(contactMessages.handledAt)
      : undefined;

/** The staff inbox: messages in one status, newest first, with open/handled counts for the tabs. */
export async function listContactInbox(db: Database, status: ContactInboxStatus): Promise<ContactInbox> {
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(statusFilter(status))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(INBOX_LIMIT),
    db
      .select({
        open: sql<number>`count(*) filter (where ${contactMessages.handledAt} is null)`.mapWith(Number),
        handled: sql<number>`count(*) filter (where ${contactMessages.handledAt} is not null)`.mapWith(Number),
      })
      .from(contactMessages),
  ]);
  return { messages: rows.map(toInboxItem), counts: { open: counts?.open ?? 0, handled: counts?.handled ?? 0 } };
}

/**
 * Marks a message handled by `actor`, with an audit entry in the same transaction. Marking an
 * already handled message again changes nothing (the first handler stays on record).
 */
export async function markContactMessageHandled(
  deps: { db: Database; clock: () => Date },
  id: string,
  actor: Actor,
  meta: RequestMeta,
): Promise<ContactInboxItem> {
  return deps.db.transaction(async (tx) => {
    const at = deps.clock();
    const [updated] = await tx
      .update(contactMessages)
      .set({ handledAt: at, handledBy: actor.email })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
      .returning();
    if (updated) {
      await recordAudit(tx, {
        action: 'contact.handled',
        actor,
        meta,
        before: { contactMessageId: id, handledAt: null },
        after: { contactMessageId: id, handledAt: at.toISOString(), handledBy: actor.email },
        at,
      });
      return toInboxItem(updated);
    }
    const [existing] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!existing) throw new AppError('NOT_FOUND', messages.contact.messageNotFound);
    return toInboxItem(existing);
  });
}
