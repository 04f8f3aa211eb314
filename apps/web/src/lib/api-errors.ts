import { messages } from '@mutual/shared';
import { ApiRequestError } from './api';

/**
 * What to tell the person when a call failed: the server's own words for a refusal it explained
 * (a 4xx, or no connection), the screen's spec sentence (`fallback`) when the server broke.
 */
export function errorMessage(error: unknown, fallback: string = messages.generic.internal): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  if (error.status === 0 || (error.status >= 400 && error.status < 500)) return error.body.message || fallback;
  return fallback;
}

/** Per-field messages from a 400 answer, keyed by dotted path (`personalInfo.firstName`). */
export function fieldErrors(error: unknown): [string, string][] {
  return error instanceof ApiRequestError ? Object.entries(error.body.fields ?? {}) : [];
}

export function hasCode(error: unknown, code: string): boolean {
  return error instanceof ApiRequestError && error.body.code === code;
}
