import { z } from 'zod';

/**
 * Keyset paging, as the audit log and the transaction history page: a page is anchored to a row
 * (`olderThan` / `newerThan` in the query, at most one), not numbered, and answers with the
 * cursors of its neighbouring pages (`older` / `newer`).
 */

/** The query's `pageSize`: one of `sizes`, `fallback` when it is left out. */
export const pageSizeQuery = (sizes: readonly number[], fallback: number, message: string) =>
  z.coerce
    .number()
    .int()
    .refine((size) => sizes.includes(size), message)
    .default(fallback);

/** False when a query gives both cursors: a page is older or newer than one row, not both. */
export const atMostOneCursor = (value: { olderThan?: string; newerThan?: string }) =>
  !value.olderThan || !value.newerThan;

/** What a page answers beside its rows. */
export const keysetPageShape = {
  pageSize: z.number().int(),
  /** Cursor for the page of newer rows (`newerThan`), or null on the newest page. */
  newer: z.string().nullable(),
  /** Cursor for the page of older rows (`olderThan`), or null on the oldest page. */
  older: z.string().nullable(),
};
