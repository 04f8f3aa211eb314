import { messages } from '@mutual/shared';
import { ApiRequestError } from '../../lib/api';

/** The server's sentence for a failed call, or `fallback` when there is none to show. */
export function errorMessage(error: unknown, fallback: string = messages.generic.internal): string {
  return error instanceof ApiRequestError && error.body.message ? error.body.message : fallback;
}

/** Per-field messages from a 400 answer, keyed by dotted path (`personalInfo.firstName`). */
export function fieldErrors(error: unknown): [string, string][] {
  return error instanceof ApiRequestError ? Object.entries(error.body.fields ?? {}) : [];
}

export function hasCode(error: unknown, code: string): boolean {
  return error instanceof ApiRequestError && error.body.code === code;
}
