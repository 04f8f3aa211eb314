/**
 * A sweep's due rows, read a page of `batch` at a time in key order, each page starting after the
 * last row of the one before (`page(after)` asks for the rows past `after`, or from the first when
 * undefined). A row that fails stays due, yet the next page starts past it: however many fail, run
 * after run, they never keep the later rows from being done. Used by the scheduled sweeps (bill pay
 * sending, card authorization and payment order expiry).
 */
export async function* keysetPages<Row>(
  page: (after: Row | undefined) => Promise<Row[]>,
  batch: number,
): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < batch) return;
    after = rows.at(-1);
  }
}

/** The most ids a sweep's closing log line names (each failure has its own line too). */
const NAMED_AT_THE_END = 100;

/**
 * A sweep's closing log line when it left rows for the next run: their ids under `field` (the
 * first 100) and how many, with `what` ("card authorizations not expired"); nothing when none.
 */
export function logLeftForNextRun(
  logger: { warn: (fields: object, message: string) => void },
  field: string,
  what: string,
  ids: string[],
) {
  if (ids.length === 0) return;
  logger.warn(
    { [field]: ids.slice(0, NAMED_AT_THE_END), count: ids.length },
    `${what} this run; they are retried at the next run`,
  );
}
