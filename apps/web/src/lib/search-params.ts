/** A guard for one of `values`: a value read back from the address (?status=) as the type it stands for. */
export const isOneOf =
  <V extends string>(values: readonly V[]) =>
  (value: string | null): value is V =>
    (values as readonly (string | null)[]).includes(value);

/** ?page= as a page number: 1 when it is missing, not a number, or below 1. */
export const pageParam = (params: URLSearchParams) => Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

/** Where a keyset page starts: just older (or newer) than an entry the API named, or at the newest. */
export type KeysetCursor = { olderThan: string } | { newerThan: string } | null;

/** ?olderThan= or ?newerThan= as a cursor, when `valid` accepts it; otherwise the newest entries. */
export function keysetCursorOf(params: URLSearchParams, valid: RegExp): KeysetCursor {
  const older = params.get('olderThan');
  const newer = params.get('newerThan');
  if (older && valid.test(older)) return { olderThan: older };
  if (newer && valid.test(newer)) return { newerThan: newer };
  return null;
}
