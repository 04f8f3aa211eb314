import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CHANNEL } from '../../db/live-channel';
import { createPerson } from '../../test/identity';
import { useTestApp } from '../../test/test-app';
import { users } from '../people/people.tables';
import { notifications } from './notifications.tables';
import { notify } from './notify';

/**
 * Account Settings' Push switch ("Alerts in this app"): with it on, a notice arrives unread and the
 * member's open pages are told at once; with it off, the notice is still listed, filed as read,
 * and nothing is pushed.
 */
describe('[NOTIFICATIONS]: notify() obeys the Push switch', () => {
  const t = useTestApp();
  const heard: string[] = [];
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    stop = await t.database.listen(LIVE_CHANNEL, (payload) => {
      heard.push(payload);
    });
  });
  afterAll(async () => {
    await stop?.();
  });

  async function personWithPush(push: boolean) {
    const person = await createPerson(t);
    await t.db.update(users).set({ notifyPush: push }).where(eq(users.id, person.id));
    return person.id;
  }

  const notice = { kind: 'transfer', title: 'Payment sent', body: 'Your payment has been sent.' };
  const rowsOf = (userId: string) =>
    t.db
      .select({ readAt: notifications.readAt, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, userId));
  const liveFor = (userId: string) => JSON.stringify({ userId, kind: 'notification' });

  it('Push on: unread, and the open pages hear of it', async () => {
    const userId = await personWithPush(true);
    const at = new Date('2026-11-20T15:00:00Z');
    await t.db.transaction((tx) => notify(tx, userId, notice, at));
    expect(await rowsOf(userId)).toEqual([{ readAt: null, title: 'Payment sent' }]);
    await expect.poll(() => heard.includes(liveFor(userId))).toBe(true);
  });

  it('Push off: listed but already read, and nothing is pushed', async () => {
    const quiet = await personWithPush(false);
    const loud = await personWithPush(true);
    const at = new Date('2026-11-20T16:00:00Z');
    await t.db.transaction(async (tx) => {
      await notify(tx, quiet, notice, at);
      await notify(tx, loud, notice, at);
    });
    expect(await rowsOf(quiet)).toEqual([{ readAt: at, title: 'Payment sent' }]);
    // The event for the other person (sent in the same commit) arrives; none for the quiet one.
    await expect.poll(() => heard.includes(liveFor(loud))).toBe(true);
    expect(heard).not.toContain(liveFor(quiet));
  });
});
