import {
  type AccountEditInput,
  type AccountType,
  type AddTransactionsInput,
  type BalanceAdjustmentInput,
  IDEMPOTENCY_HEADER,
  type ReversalInput,
  type TransactionStatus,
  addTransactionsSchema,
} from '@mutual/shared';
import { adminMoneyApi } from '@mutual/shared/contract/admin-money';
import { adminUsersApi } from '@mutual/shared/contract/admin-users';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { call, callReading } from '../../lib/api';
import { usePageQuery } from '../../lib/query-hooks';
import { adminUserKeys } from '../admin-users/admin-api';
import { csvIdempotencyKey } from './staff-rows';
import type { RowAction } from './staff-transaction-table';

export const STAFF_PAGE_SIZE = 10;

export interface StaffTransactionFilters {
  account?: AccountType;
  status?: TransactionStatus;
}

/**
 * Under the console's `admin-users` prefix, so `useRefreshUsers()` after any staff action also
 * refreshes the member's transactions (a balance edit posts one).
 */
export const adminMoneyKeys = {
  page: (userId: string, filters: StaffTransactionFilters, cursor: StaffCursor) =>
    [...adminUserKeys.all, 'transactions', userId, filters, cursor] as const,
};

/** A page of the member's transactions starts just older (or newer) than a row the API named, or at the newest. */
export type StaffCursor = { olderThan: string } | { newerThan: string } | null;

/** A mutation's callbacks, for a screen that reacts to the answer (messages, closing a dialog). */
type Callbacks<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

/** The member's transactions as staff see them: corrections (reversed rows, reversals) included. */
export function useMemberTransactions(userId: string, filters: StaffTransactionFilters, cursor: StaffCursor) {
  return usePageQuery(adminMoneyKeys.page(userId, filters, cursor), () =>
    call(adminMoneyApi.transactions, {
      params: { id: userId },
      query: {
        corrections: 'true',
        pageSize: STAFF_PAGE_SIZE,
        account: filters.account,
        status: filters.status,
        olderThan: cursor && 'olderThan' in cursor ? cursor.olderThan : undefined,
        newerThan: cursor && 'newerThan' in cursor ? cursor.newerThan : undefined,
      },
    }),
  );
}

/** An account's numbers (account and routing number). */
export function useEditAccount(userId: string, accountId: string) {
  return useMutation({
    mutationFn: (body: AccountEditInput) =>
      call(adminMoneyApi.editAccount, { params: { id: userId, accountId }, body }),
  });
}

/** An account's balance, as a target with a reason: the ledger posts the difference. */
export function useSetBalance(userId: string, accountId: string) {
  return useMutation({
    mutationFn: (body: BalanceAdjustmentInput) =>
      call(adminMoneyApi.setBalance, { params: { id: userId, accountId }, body }),
  });
}

/** The server's dry run of raw rows (from a CSV file): every row's problems, nothing posted. */
export function usePreviewTransactions(userId: string) {
  return useMutation({
    mutationFn: (rows: Record<string, string>[]) =>
      call(adminMoneyApi.preview, { params: { id: userId }, body: { rows } }),
  });
}

/**
 * Posts a batch once per key, and says whether the server replayed an earlier answer
 * (`idempotent-replayed`): a staff import must say "already posted" rather than a second success.
 */
async function postTransactions(userId: string, body: AddTransactionsInput, key: string) {
  const answer = await callReading(adminMoneyApi.addTransactions, {
    params: { id: userId },
    headers: { [IDEMPOTENCY_HEADER]: key },
    body,
  });
  return { result: answer.body, replayed: answer.headers.get('idempotent-replayed') === 'true' };
}

/** Rows typed by staff, under the idempotency key of that batch. */
export function useAddTransactions(userId: string) {
  return useMutation({
    mutationFn: ({ body, key }: { body: AddTransactionsInput; key: string }) => postTransactions(userId, body, key),
  });
}

/**
 * A CSV file's rows, checked again here, under a key that is the file's own SHA-256: the same file
 * posts once, however often it is chosen.
 */
export function usePostTransactionFile(
  userId: string,
  callbacks: Callbacks<Awaited<ReturnType<typeof postTransactions>>, { rows: Record<string, string>[]; text: string }>,
) {
  return useMutation({
    ...callbacks,
    mutationFn: async (file: { rows: Record<string, string>[]; text: string }) => {
      const body = addTransactionsSchema.parse({ rows: file.rows });
      return postTransactions(userId, body, await csvIdempotencyKey(file.text));
    },
  });
}

/** Reverse ("delete") one row with a reason, or post a staff-entered pending one. */
export function useTransactionAction(
  userId: string,
  transferId: string,
  action: RowAction,
  callbacks: Callbacks<{ message: string }, ReversalInput | undefined> = {},
) {
  const params = { id: userId, transferId };
  return useMutation({
    ...callbacks,
    mutationFn: (body: ReversalInput | undefined) =>
      action === 'reverse'
        ? call(adminMoneyApi.reverse, { params, body: body ?? { reason: '' } })
        : call(adminMoneyApi.complete, { params }),
  });
}

/** A member by exact e-mail (Delete User Transactions asks who before it acts). */
export function useFindMember() {
  return useMutation({
    mutationFn: (email: string) => call(adminUsersApi.lookup, { query: { email } }),
  });
}

/** Reverse every transaction of one member, with the reason. */
export function useReverseAllTransactions() {
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      call(adminMoneyApi.reverseAll, { params: { id: userId }, body: { reason } }),
  });
}
