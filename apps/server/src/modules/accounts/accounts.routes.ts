import { Readable } from 'node:stream';
import { accountOverviewSchema, transactionPageSchema, transactionQuerySchema } from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { guards, signedIn } from '../../http/auth-context';
import { accountOverview } from './account-overview';
import { localDay } from '../../time';
import { transactionsCsv } from './export-transactions';
import { listTransactions } from './list-transactions';

/** The member's own money, read from the ledger. Every route reads only `request.auth.user`. */
export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['accounts'];
    const preValidation = guards.accountHolder;

    app.get(
      '/api/me/summary',
      {
        schema: {
          tags,
          summary: 'Dashboard figures: available, pending, this month in and out, corrections',
          response: { 200: accountOverviewSchema },
        },
        preValidation,
      },
      async (request) => accountOverview(deps.db, deps.config, signedIn(request).user.id, deps.clock()),
    );

    app.get(
      '/api/me/transactions',
      {
        schema: {
          tags,
          summary: 'My transactions, newest first, with filters and keyset pages',
          querystring: transactionQuerySchema,
          response: { 200: transactionPageSchema },
        },
        preValidation,
      },
      async (request) => listTransactions(deps.db, signedIn(request).user.id, request.query, deps.config.timeZone),
    );

    app.get(
      '/api/me/transactions/export',
      {
        schema: {
          tags,
          summary: 'My transactions as CSV (same filters, every row, streamed)',
          querystring: transactionQuerySchema,
        },
        preValidation,
      },
      async (request, reply) => {
        const { olderThan: _older, newerThan: _newer, pageSize: _size, ...filters } = request.query;
        const day = localDay(deps.clock(), deps.config.timeZone);
        // Streamed as it is read: the reply holds one batch at a time, whatever the history's length.
        const csv = Readable.from(transactionsCsv(deps.db, signedIn(request).user.id, filters, deps.config.timeZone));
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
          .send(csv);
      },
    );
  };
