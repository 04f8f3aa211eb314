import { endpoint } from './endpoint';

/**
 * Live updates: a server-sent event stream whose events (`ledger`, `notification`, each a
 * `LiveEvent` from `../transactions`) tell the signed-in person's pages what to read again.
 * `session-ended` (no data) is the last event of a stream whose session ended elsewhere.
 */
export const liveApi = {
  events: endpoint({
    method: 'GET',
    path: '/api/me/events',
    tags: ['me'],
    summary: 'Live updates (server-sent events: ledger, notification; session-ended last)',
    produces: 'text/event-stream',
  }),
};
