/** A guard for one of `values`: a value read back from the address (?status=) as the type it stands for. */
export const isOneOf =
  <V extends string>(values: readonly V[]) =>
  (value: string | null): value is V =>
    (values as readonly (string | null)[]).includes(value);

/** ?page= as a page number: 1 when it is missing, not a number, or below 1. */
export const pageParam = (params: URLSearchParams) => Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
