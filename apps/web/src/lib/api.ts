import { type ApiError, isApiError, messages } from '@mutual/shared';

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

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const base: Record<string, string> =
    init.body === undefined
      ? { accept: 'application/json' }
      : { 'content-type': 'application/json', accept: 'application/json' };
  return send<T>(path, {
    method: init.method ?? 'GET',
    headers: { ...base, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/**
 * A multipart upload: `json` parts are sent as JSON text (the server parses them with the same
 * schema the form used), files as files. Absent files are left out.
 */
export async function apiForm<T>(
  path: string,
  parts: { json?: Record<string, unknown>; files?: Record<string, File | null | undefined> },
  method = 'POST',
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.json ?? {})) form.append(name, JSON.stringify(value));
  for (const [name, file] of Object.entries(parts.files ?? {})) if (file) form.append(name, file, file.name);
  return send<T>(path, { method, headers: { accept: 'application/json' }, body: form });
}

/** Like `api`, for the few callers that read a response header (e.g. `idempotent-replayed`). */
export async function apiWithHeaders<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ body: T; headers: Headers }> {
  const base: Record<string, string> =
    init.body === undefined
      ? { accept: 'application/json' }
      : { 'content-type': 'application/json', accept: 'application/json' };
  return sendReading<T>(path, {
    method: init.method ?? 'GET',
    headers: { ...base, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  return (await sendReading<T>(path, init)).body;
}

async function sendReading<T>(path: string, init: RequestInit): Promise<{ body: T; headers: Headers }> {
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
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiRequestError(
      response.status,
      isApiError(body) ? body : { code: 'INTERNAL', message: messages.generic.internal },
    );
  }
  return { body: body as T, headers: response.headers };
}
