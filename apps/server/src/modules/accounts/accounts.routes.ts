import { accountOverviewSchema, transactionPageSchema, transactionQuerySchema } from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { guards, signedIn } from '../../http/auth-context';
import { accountOverview } from './account-overview';
import { EXPORT_MAX_ROWS, localDay, transactionsCsv } from './export-transactions';
import { allTransactions, listTransactions } from './list-transactions';

/** The member's own money, read from the ledger. Every route reads only `request.auth.user`. */
export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['accounts'];
    const preValidation = guards.accountHolder;

    app.get(
      '/api/me/summary',
      { schema: { tags, summary: 'Dashboard figures: available, pending, this month in and out', response: { 200: accountOverviewSchema } }, preValidation },
      async (request) => accountOverview(deps.db, deps.config, signedIn(request).user.id, deps.clock()),
    );

    app.get(
      '/api/me/transactions',
      { schema: { tags, summary: 'My transactions, newest first, with filters and paging', querystring: transactionQuerySchema, response: { 200: transactionPageSchema } }, preValidation },
      async (request) => listTransactions(deps.db, signedIn(request).user.id, request.query, deps.config.timeZone),
    );

    app.get(
      '/api/me/transactions/export',
      {
        schema: { tags, summary: `My transactions as CSV (same filters, at most ${EXPORT_MAX_ROWS} rows)`, querystring: transactionQuerySchema },
        preValidation,
      },
      async (request, reply) => {
        const { page: _page, pageSize: _size, ...filters } = request.query;
        const rows = await allTransactions(deps.db, signedIn(request).user.id, filters, deps.config.timeZone, EXPORT_MAX_ROWS);
        const day = localDay(deps.clock(), deps.config.timeZone);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
          .send(transactionsCsv(rows, deps.config.timeZone));
      },
    );
  };
