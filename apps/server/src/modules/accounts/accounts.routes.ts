import { messages } from '@mutual/shared';
import { accountsApi as api } from '@mutual/shared/contract/accounts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { cookieNames, guards, signedInUser } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import type { SlotLeases } from '../../http/held-slots';
import { stallGuarded, type StreamCap, type StreamCaps, streamCaps } from '../../http/stream-caps';
import { accountOverview } from './account-overview';
import { localDay } from '../../time';
import { type MoneyFile, type MoneyFileContext, transactionsOfx, transactionsQif } from './export-money-software';
import { transactionsCsv } from './export-transactions';
import { listTransactions, type TransactionQuery } from './list-transactions';

/**
 * A download holds database reads and a socket while its file is written out (seconds for a long
 * history): so many per browser, per member and per instance (EXPORTS_*), refused before anything
 * is read.
 */
export const historyExportCaps = (
  config: AppDeps['config'],
  leases: SlotLeases,
  onRefused?: (cap: StreamCap) => void,
) =>
  streamCaps(
    'exports',
    config.limits.exports,
    {
      inSession: messages.history.exportsInSession,
      forMember: messages.history.exportsForMember,
      full: messages.history.exportsFull,
    },
    leases,
    onRefused,
  );

/**
 * The member's own money, read from the ledger (contract: packages/shared/src/contract/accounts.ts).
 * Every route reads only `request.auth.user`.
 */
export const accountRoutes =
  (deps: AppDeps, exportCaps: StreamCaps): FastifyPluginAsyncZod =>
  async (app) => {
    const preValidation = guards.accountHolder;
    const sessionCookie = cookieNames(deps.config.secureCookies).session;
    const stallMs = deps.config.limits.exports.stallSeconds * 1000;
    /**
     * The file as a stream, counted in until it closes: written out, failed or abandoned. A download
     * whose next piece is not taken for EXPORT_STALL_SECONDS (a reader that stopped reading, with
     * every buffer on the way full; or reads that stopped) is ended, so it cannot keep its place for
     * ever; so is one whose slot was lost (its lease lapsed while the shared store was away).
     */
    const download = async (request: FastifyRequest, reply: FastifyReply, file: () => AsyncIterable<string>) => {
      let end = () => {};
      const release = await exportCaps.take(
        { session: request.cookies[sessionCookie] ?? '', member: signedInUser(request).id },
        () => end(),
      );
      // Counted out at once, without waiting for a read in flight to come back.
      const stream = stallGuarded(file, stallMs, () => {
        request.log.info({ stallSeconds: stallMs / 1000 }, 'history download stalled: ended');
        release();
        reply.raw.destroy();
      });
      end = () => {
        release();
        stream.destroy();
        reply.raw.destroy();
      };
      // 'end' once the whole file is handed on; 'close' too when it fails, stalls or is abandoned.
      stream.once('end', release).once('close', release);
      return stream;
    };

    app.route({
      ...routeOf(api.summary),
      preValidation,
      handler: async (request) => accountOverview(deps.db, deps.config, signedInUser(request).id, deps.clock()),
    });

    app.route({
      ...routeOf(api.transactions),
      preValidation,
      handler: async (request) =>
        listTransactions(deps.db, signedInUser(request).id, request.query, deps.config.timeZone),
    });

    app.route({
      ...routeOf(api.exportTransactions),
      preValidation,
      handler: async (request, reply) => {
        const { olderThan: _older, newerThan: _newer, pageSize: _size, ...filters } = request.query;
        const day = localDay(deps.clock(), deps.config.timeZone);
        // Streamed as it is read: the reply holds one batch at a time, whatever the history's length.
        const csv = await download(request, reply, () =>
          transactionsCsv(deps.db, signedInUser(request).id, filters, deps.config.timeZone),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
          .send(csv);
      },
    });

    /** OFX or QIF, streamed as the CSV is, named by the credit union's day. */
    const moneyFile =
      (write: MoneyFile, type: string, extension: string) =>
      async (request: FastifyRequest & { query: TransactionQuery }, reply: FastifyReply) => {
        const { olderThan: _older, newerThan: _newer, pageSize: _size, ...filters } = request.query;
        // Refused before the file starts (the page offers the CSV alone for the credit card).
        if (filters.account === 'Credit Card') {
          const message = messages.history.moneyFilesForDepositAccounts;
          throw new AppError('VALIDATION_FAILED', message, { account: message });
        }
        const now = deps.clock();
        const context: MoneyFileContext = {
          timeZone: deps.config.timeZone,
          now,
          institution: { shortName: deps.config.brand.shortName, routingNumber: deps.config.routingNumber },
        };
        const day = localDay(now, deps.config.timeZone);
        const file = await download(request, reply, () => write(deps.db, signedInUser(request).id, filters, context));
        return reply
          .type(type)
          .header('content-disposition', `attachment; filename="transactions-${day}.${extension}"`)
          .send(file);
      };

    app.route({
      ...routeOf(api.exportOfx),
      preValidation,
      handler: moneyFile(transactionsOfx, 'application/x-ofx', 'ofx'),
    });

    app.route({
      ...routeOf(api.exportQif),
      preValidation,
      handler: moneyFile(transactionsQif, 'application/qif', 'qif'),
    });
  };
