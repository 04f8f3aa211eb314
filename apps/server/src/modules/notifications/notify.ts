import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { LIVE_CHANNEL } from '../../db/live-channel';
import { users } from '../people/people.tables';

/**
 * Adds an item to the person's notifications, in the caller's transaction, and tells their open
 * pages (on commit) — one statement, since it sits on the path of every member transfer.
 *
 * Account Settings' Push switch ("Alerts in this app") governs the alert, not the record: with
 * Push off the notice is still listed under the bell, but filed as read — no unread count, no
 * live event — so nothing lights up. `money_command.sql` follows the same rule for the notices
 * it writes.
 */
export async function notify(
  tx: Executor,
  userId: string,
  notification: { kind: string; title: string; body: string },
  at: Date,
): Promise<void> {
  const live = JSON.stringify({ userId, kind: 'notification' });
  const when = at.toISOString();
  await tx.execute(sql`
    with added as (
      insert into notifications (user_id, kind, title, body, created_at, read_at)
      select u.id, ${notification.kind}, ${notification.title}, ${notification.body}, ${when}::timestamptz,
             case when u.notify_push then null else ${when}::timestamptz end
      from users u where u.id = ${userId}
      returning read_at
    )
    select pg_notify(${LIVE_CHANNEL}, ${live}) from added where read_at is null`);
}

/** The person's e-mail address when they keep e-mail notifications on (Account Settings); else null. */
export async function emailWanted(tx: Executor, userId: string): Promise<string | null> {
  const [person] = await tx
    .select({ email: users.email, notifyEmail: users.notifyEmail })
    .from(users)
    .where(eq(users.id, userId));
  return person?.notifyEmail ? person.email : null;
}
