import { notificationListSchema } from '../members';
import { endpoint } from './endpoint';

const tags = ['notifications'];

/** The bell: the signed-in person's own notifications (schemas in `../members`). */
export const notificationsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/me/notifications',
    tags,
    summary: 'My latest notifications',
    response: notificationListSchema,
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/api/me/notifications/read',
    tags,
    summary: 'Mark all my notifications read',
    status: 204,
  }),
};
