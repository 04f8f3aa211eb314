import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { LIVE_CHANNEL } from '../../db/live-channel';

/**
 * Adds an item to the member's notifications, in the caller's transaction, and tells their open
 * pages (on commit) — one statement, since it sits on the path of every member transfer.
 */
export async function notify(
  tx: Executor,
  userId: string,
  notification: { kind: string; title: string; body: string },
  at: Date,
): Promise<void> {
  const live = JSON.stringify({ userId, kind: 'notification' });
  await tx.execute(sql`
    with added as (
      insert into notifications (user_id, kind, title, body, created_at)
      values (${userId}, ${notification.kind}, ${notification.title}, ${notification.body},
              ${at.toISOString()}::timestamptz)
      returning id
    )
    select pg_notify(${LIVE_CHANNEL}, ${live}) from added`);
}
