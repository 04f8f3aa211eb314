import { z } from 'zod';

/**
 * Numbered paging, as the staff queues and the member's bill payments and deposits page: the
 * query asks for `page` (1 when left out) and a page answers with its rows, the number of rows in
 * all, its own number and the page size. (The audit log and the history page by keyset instead:
 * `keyset-paging.ts`.)
 */

/** The query's `page`: a whole number from 1 to `lastPage`, 1 when it is left out. */
export const pageQueryShape = (lastPage: number) => ({
  page: z.coerce.number().int().min(1).max(lastPage).default(1),
});

/** What a numbered page answers beside its rows. */
export const numberedPageShape = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};
