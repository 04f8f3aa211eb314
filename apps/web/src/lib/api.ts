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

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiRequestError(0, { code: 'INTERNAL', message: 'We could not reach the server. Check your connection and try again.' });
  }
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiRequestError(
      response.status,
      isApiError(body) ? body : { code: 'INTERNAL', message: messages.generic.internal },
    );
  }
  return body as T;
}
