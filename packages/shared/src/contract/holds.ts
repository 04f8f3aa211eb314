import { userIdParamsSchema } from '../admin-users';
import { messageResultSchema } from '../auth';
import { liftHoldSchema, placeHoldSchema } from '../holds';
import { endpoint } from './endpoint';

const tags = ['admin'];

/** Staff holds on a member's money movement, from the member detail (schemas in `../holds`). Staff only. */
export const holdsApi = {
  place: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/hold',
    tags,
    summary: "Place a hold (reason required): the member's transfers are refused and their sessions end",
    params: userIdParamsSchema,
    body: placeHoldSchema,
    multiLine: ['reason'],
    response: messageResultSchema,
  }),
  lift: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/hold/lift',
    tags,
    summary: "Lift the member's hold (reason required)",
    params: userIdParamsSchema,
    body: liftHoldSchema,
    multiLine: ['reason'],
    response: messageResultSchema,
  }),
};
