import { type RefusedText, refusedTextField } from '@mutual/shared';
import { declaredEndpoints } from '@mutual/shared/contract';
import { afterEach, vi } from 'vitest';

/**
 * A stand-in for the server at the network boundary: `globalThis.fetch` answers by method and
 * URL path, the way the API would. Nothing of the app's own code is replaced, so a test keeps
 * passing whichever client builds the request, as long as the same HTTP request goes out.
 */

/** One request as the stub saw it. */
export interface StubRequest {
  method: string;
  /** The path without the query: `/api/transfers/internal`. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; a `FormData` for multipart uploads; undefined when none. */
  body: unknown;
}

/** An answer with a status other than 200, or with headers. */
export interface StubReply {
  readonly stubReply: true;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `reply(403, { code: 'ACCOUNT_LOCKED', message: '…' })`; `reply(204)` for an empty answer. */
export function reply(status: number, body?: unknown, headers?: Record<string, string>): StubReply {
  return { stubReply: true, status, body, headers };
}

/** The server's error body `{ code, message, fields? }` with the status the API gives that code. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string>): StubReply {
  return reply(status, fields ? { code, message, fields } : { code, message });
}

/** An answer: a JSON body (sent as 200), a `reply(...)`, or a `Response` as it is (a file). */
export type StubAnswer = Response | StubReply | object | string | number | boolean | null | undefined;
/** An answer worked out from the request. */
export type StubHandler = (request: StubRequest) => StubAnswer | Promise<StubAnswer>;

/** Routes keyed `"METHOD /path"`, e.g. `"POST /api/transfers/internal"`. */
export type StubRoutes = Record<string, StubHandler | StubAnswer>;

function isReply(value: unknown): value is StubReply {
  return typeof value === 'object' && value !== null && (value as { stubReply?: unknown }).stubReply === true;
}

function toResponse(answer: unknown): Response {
  if (answer instanceof Response) return answer;
  const { status, body, headers } = isReply(answer) ? answer : reply(200, answer);
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function readRequest(input: RequestInfo | URL, init: RequestInit | undefined): Promise<StubRequest> {
  const request = input instanceof Request ? input : undefined;
  const rawUrl = request ? request.url : input instanceof URL ? input.href : String(input);
  const url = new URL(rawUrl, 'http://localhost');
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const headers = new Headers(init?.headers ?? request?.headers);
  let raw: unknown = init?.body;
  if (raw === undefined && request && method !== 'GET' && method !== 'HEAD') raw = await request.text();
  let body: unknown = raw ?? undefined;
  if (typeof raw === 'string') {
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = raw;
    }
  }
  return { method, path: url.pathname, query: url.searchParams, headers, body };
}

/**
 * Each declared endpoint's path as a pattern of the concrete path, with its `multiLine` fields; the
 * paths without parameters first, as the server prefers them (`/api/admin/users/lookup`).
 */
const declaredRoutes = declaredEndpoints()
  .map(({ endpoint }) => {
    const pattern = endpoint.path.replace(/:([A-Za-z]+)/g, '(?<$1>[^/]+)');
    return { method: endpoint.method, path: new RegExp(`^${pattern}$`), multiLine: endpoint.multiLine };
  })
  .sort((a, b) => a.path.source.split('(?<').length - b.path.source.split('(?<').length);

/** The JSON text parts of a multipart body, each parsed, by name (a part that is not JSON is the route's to refuse). */
function jsonParts(form: FormData): [string, unknown][] {
  return [...form].flatMap(([name, value]): [string, unknown][] => {
    if (typeof value !== 'string') return [];
    try {
      return [[name, JSON.parse(value)]];
    } catch {
      return [];
    }
  });
}

/**
 * What the server's input guard refuses before any route sees it (`apps/server/src/http/input-guard.ts`,
 * `multipart.ts`): a control character anywhere, a line break or tab anywhere but in the endpoint's
 * `multiLine` fields. So a test that types two lines into a field the contract does not declare
 * multi-line gets the 400 a person would.
 */
function refusedByGuard({ method, path, query, body }: StubRequest): RefusedText | undefined {
  const route = declaredRoutes.find((candidate) => candidate.method === method && candidate.path.test(path));
  if (!route) return undefined;
  const params = Object.fromEntries(
    Object.entries(route.path.exec(path)?.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
  );
  const multiLine = route.multiLine;
  const bodies: [string, unknown][] = body instanceof FormData ? jsonParts(body) : [['body', body]];
  return (
    refusedTextField(params, { whole: 'path' }) ??
    refusedTextField(Object.fromEntries(query), { whole: 'query' }) ??
    bodies.map(([whole, value]) => refusedTextField(value, { whole, multiLine })).find(Boolean)
  );
}

// Every test file that stubs fetch gets the real one back after each test.
afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Replaces `fetch` for the current test (put back after it). A request no route answers gets a
 * 404 and is listed in `unmatched`.
 */
export function stubFetch(routes: StubRoutes = {}) {
  const requests: StubRequest[] = [];
  const unmatched: string[] = [];
  const table = { ...routes };

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = await readRequest(input, init);
    requests.push(request);
    const refused = refusedByGuard(request);
    if (refused)
      return toResponse(apiError(400, 'VALIDATION_FAILED', refused.message, { [refused.field]: refused.message }));
    const route = table[`${request.method} ${request.path}`];
    if (route === undefined) {
      unmatched.push(`${request.method} ${request.path}`);
      return toResponse(apiError(404, 'NOT_FOUND', `No stub for ${request.method} ${request.path}`));
    }
    const answer = typeof route === 'function' ? await (route as StubHandler)(request) : route;
    return toResponse(answer);
  });
  vi.stubGlobal('fetch', fetchStub);

  return {
    /** Every request made so far, in order. */
    requests,
    /** `"METHOD /path"` of requests no route answered. */
    unmatched,
    /** The requests to one route. */
    to(method: string, path: string): StubRequest[] {
      return requests.filter((request) => request.method === method.toUpperCase() && request.path === path);
    },
    /** Adds or replaces a route while the test runs. */
    on(key: string, answer: StubAnswer | StubHandler) {
      table[key] = answer;
    },
  };
}

export type FetchStub = ReturnType<typeof stubFetch>;
