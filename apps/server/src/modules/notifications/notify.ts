import type { Executor } from '../../db/client';
import { announce } from '../live/live-hub';
import { notifications } from './notifications.tables';

/** Adds an item to the member's notifications, in the caller's transaction. */
export async function notify(
  tx: Executor,
  userId: string,
  notification: { kind: string; title: string; body: string },
  at: Date,
): Promise<void> {
  await tx.insert(notifications).values({ userId, ...notification, createdAt: at });
  await announce(tx, userId, 'notification');
}
