import { type ApiError, isApiError, messages } from '@mutual/shared';
import {
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  pathOf,
  queryOf,
} from '@mutual/shared/contract/endpoint';

/** Thrown for every non-2xx answer; carries the server's `{ code, message, fields }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message);
    this.name = 'ApiRequestError';
  }
}

type Listener = () => void;
const activityListeners = new Set<Listener>();

/** Called after every answered API call: the server counts each one as activity on the session. */
export function onApiActivity(listener: Listener): () => void {
  activityListeners.add(listener);
  return () => activityListeners.delete(listener);
}

/** The arguments of `call`: the input may be left out when nothing in it is required. */
export type InputArgs<E extends Endpoint> =
  object extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

function requestOf(declaration: Endpoint, input: Record<string, unknown> = {}) {
  const url =
    pathOf(declaration.path, input.params as Record<string, string> | undefined) +
    queryOf(input.query as Parameters<typeof queryOf>[0]);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(input.headers as Record<string, string> | undefined),
  };
  const init: RequestInit = {
    method: declaration.method,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  };
  return { url, init };
}

/**
 * Calls a contract endpoint: the path, query, headers and body are checked against its declaration
 * at build time, and the answer has the declared type. Throws `ApiRequestError` for any non-2xx.
 */
export async function call<E extends Endpoint>(declaration: E, ...[input]: InputArgs<E>): Promise<EndpointOutput<E>> {
  const { url, init } = requestOf(declaration, input);
  return send<EndpointOutput<E>>(url, init);
}

/** Like `call`, for the few callers that read a response header (e.g. `idempotent-replayed`). */
export async function callReading<E extends Endpoint>(
  declaration: E,
  ...[input]: InputArgs<E>
): Promise<{ body: EndpointOutput<E>; headers: Headers }> {
  const { url, init } = requestOf(declaration, input);
  return sendReading<EndpointOutput<E>>(url, init);
}

/**
 * A multipart upload to a contract endpoint: the body's fields are sent as JSON text parts (the
 * server parses each with the same schema the form used), files as files; absent files are left out.
 */
export async function callForm<E extends Endpoint & { multipart: true }>(
  declaration: E,
  parts: Pick<EndpointInput<E>, 'params'> & {
    /** Declared headers (an `Idempotency-Key`). */
    headers?: EndpointInput<E>['headers'];
    json?: EndpointInput<E>['body'];
    files?: Record<string, File | null | undefined>;
  },
): Promise<EndpointOutput<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries((parts.json ?? {}) as Record<string, unknown>)) {
    form.append(name, JSON.stringify(value));
  }
  for (const [name, file] of Object.entries(parts.files ?? {})) if (file) form.append(name, file, file.name);
  const url = pathOf(declaration.path, parts.params as Record<string, string> | undefined);
  return send<EndpointOutput<E>>(url, {
    method: declaration.method,
    headers: { accept: 'application/json', ...(parts.headers as Record<string, string> | undefined) },
    body: form,
  });
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  return (await sendReading<T>(path, init)).body;
}

async function sendReading<T>(path: string, init: RequestInit): Promise<{ body: T; headers: Headers }> {
  const response = await reach(path, init);
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) throw refusal(response.status, body);
  return { body: body as T, headers: response.headers };
}

/** Sends one request with the session cookie; no answer at all becomes the "could not reach" refusal. */
async function reach(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, {
      code: 'INTERNAL',
      message: 'We could not reach the server. Check your connection and try again.',
    });
  }
  for (const listener of activityListeners) listener();
  return response;
}

function refusal(status: number, body: unknown): ApiRequestError {
  return new ApiRequestError(
    status,
    isApiError(body) ? body : { code: 'INTERNAL', message: messages.generic.internal },
  );
}

/** `attachment; filename="statement-2026-10-Checking.pdf"` → the name; undefined when none is given. */
function attachmentName(disposition: string | null): string | undefined {
  return disposition?.match(/filename="([^"]+)"/)?.[1];
}

/**
 * A file the server answers as an attachment (an export, a statement): its bytes, the name the
 * server gave it and the answer's headers (what an export says beside the file). A refusal (too many
 * exports open, no such statement) throws `ApiRequestError` with the server's words, as `call` does,
 * instead of being saved as a file.
 */
export async function fetchFile(path: string): Promise<{ blob: Blob; fileName: string | undefined; headers: Headers }> {
  const response = await reach(path);
  if (!response.ok) throw refusal(response.status, await response.json().catch(() => undefined));
  return {
    blob: await response.blob(),
    fileName: attachmentName(response.headers.get('content-disposition')),
    headers: response.headers,
  };
}
