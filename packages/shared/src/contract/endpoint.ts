import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP endpoint, declared once: the server registers its route from it (the schemas validate
 * the request and shape the answer, and OpenAPI is generated from them), and the web's typed
 * client builds the request from it and takes the answer's type from it.
 *
 * `path` uses Fastify's `:name` segments; every `:name` is a key of `params`. An endpoint without
 * `response` answers with no JSON body: nothing (204), or what `produces` names (a CSV file, an
 * event stream, an image).
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType<Record<string, string>>;
  readonly query?: z.ZodType;
  readonly headers?: z.ZodType<Record<string, string>>;
  readonly body?: z.ZodType;
  /** Multipart form instead of JSON: the parts are read by the route (see `apps/server/src/http/multipart.ts`). */
  readonly multipart?: true;
  /**
   * The body's fields that the web writes in a text area, named as the API names fields (`reason`,
   * `address.street`; for a multipart endpoint, inside its JSON part): only these may hold line
   * breaks and tabs. Any other text of the request is one line, and the server refuses a line
   * break or tab in it with 400 (`packages/shared/src/text-input.ts`).
   */
  readonly multiLine?: readonly string[];
  readonly status?: 200 | 201 | 202 | 204;
  readonly response?: z.ZodType;
  readonly produces?:
    | 'text/csv'
    | 'text/plain'
    | 'text/event-stream'
    | 'image/*'
    | 'application/pdf'
    | 'application/x-ofx'
    | 'application/qif';
}

/** Declares an endpoint, keeping its exact type (literal path, the schemas' types). */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

type Part<E extends Endpoint, K extends 'params' | 'query' | 'headers' | 'body'> = E[K] extends z.ZodType
  ? // Optional when every field is: a filter-less list, a body of optional settings.
    object extends z.input<E[K]>
    ? { [P in K]?: z.input<E[K]> }
    : { [P in K]: z.input<E[K]> }
  : { [P in K]?: never };

/** What a caller passes: the path's params, the query, the headers and the body, each as declared. */
export type EndpointInput<E extends Endpoint> = Part<E, 'params'> &
  Part<E, 'query'> &
  Part<E, 'headers'> &
  Part<E, 'body'>;

/** What the endpoint answers with (`undefined` when it sends no JSON). */
export type EndpointOutput<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : undefined;

/** The path with its `:name` segments filled in, each encoded. */
export function pathOf(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** A query object as a query string (with its "?"), leaving out empty values; "" when nothing is left. */
export function queryOf(query: Record<string, QueryValue> | undefined): string {
  const pairs: string[] = [];
  const add = (name: string, value: string | number | boolean) =>
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value as readonly (string | number | boolean)[]) add(name, item);
    else add(name, value as string | number | boolean);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** An endpoint's URL for these params and query: for links (a CSV download, an image) and streams. */
export function urlOf<E extends Endpoint>(
  declaration: E,
  input: { params?: Record<string, string>; query?: object } = {},
): string {
  return pathOf(declaration.path, input.params) + queryOf(input.query as Record<string, QueryValue> | undefined);
}
