import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { notificationsApi as api } from '@mutual/shared/contract/notifications';
import { signedInUser } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { signedInRoutes } from '../../http/route-groups';
import { notifications } from './notifications.tables';

const LIST_LIMIT = 30;

/** The bell (contract: packages/shared/src/contract/notifications.ts). */
export const notificationRoutes = signedInRoutes(async (app, deps) => {
  app.route({
    ...routeOf(api.list),
    handler: async (request) => {
      const userId = signedInUser(request).id;
      const rows = await deps.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt))
        .limit(LIST_LIMIT);
      const [unread] = await deps.db
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return {
        notifications: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          title: row.title,
          body: row.body,
          createdAt: row.createdAt.toISOString(),
          read: row.readAt !== null,
        })),
        unread: unread?.count ?? 0,
      };
    },
  });

  app.route({
    ...routeOf(api.markAllRead),
    handler: async (request, reply) => {
      await deps.db
        .update(notifications)
        .set({ readAt: deps.clock() })
        .where(and(eq(notifications.userId, signedInUser(request).id), isNull(notifications.readAt)));
      return reply.status(204).send();
    },
  });
});
