import { accountOverviewSchema, transactionPageSchema, transactionQuerySchema } from '../transactions';
import { endpoint } from './endpoint';

const tags = ['accounts'];

/** The member's own money, read from the ledger (schemas in `../transactions`). Account holders only. */
export const accountsApi = {
  summary: endpoint({
    method: 'GET',
    path: '/api/me/summary',
    tags,
    summary: 'Dashboard figures: available, pending, this month in and out, corrections',
    response: accountOverviewSchema,
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/api/me/transactions',
    tags,
    summary: 'My transactions, newest first, with filters and keyset pages',
    query: transactionQuerySchema,
    response: transactionPageSchema,
  }),
  /** The same filters as `transactions` (its paging fields are ignored): every row, streamed. */
  exportTransactions: endpoint({
    method: 'GET',
    path: '/api/me/transactions/export',
    tags,
    summary: 'My transactions as CSV (same filters, every row, streamed)',
    query: transactionQuerySchema,
    produces: 'text/csv',
  }),
  /**
   * For money software: the same filters, posted (Completed) rows only, corrections included so
   * the balances reconcile; one statement per account (apps/server/src/modules/accounts/
   * export-money-software.ts). Two endpoints rather than a `format` query: each names its own
   * content type, and the query stays the history's own schema.
   */
  exportOfx: endpoint({
    method: 'GET',
    path: '/api/me/transactions/export.ofx',
    tags,
    summary: 'My posted transactions as OFX 1.0.2 (Quicken, GnuCash, Moneydance), one statement per account',
    query: transactionQuerySchema,
    produces: 'application/x-ofx',
  }),
  exportQif: endpoint({
    method: 'GET',
    path: '/api/me/transactions/export.qif',
    tags,
    summary: 'My posted transactions as QIF (one !Type:Bank list per account)',
    query: transactionQuerySchema,
    produces: 'application/qif',
  }),
};
