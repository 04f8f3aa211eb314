import { messages } from '@mutual/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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

/**
 * Puts each server message under its field; returns the messages no field of this form shows,
 * for an Alert. The first field set gets the focus. A field whose message is the form's
 * `requiredMessage` ("Please fill in all fields") is marked invalid without it (`formWide`): the
 * form says that sentence once (`useApiForm`).
 */
export function applyFieldErrors<T extends FieldValues>(
  fields: [string, string][],
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
  requiredMessage?: string,
): string[] {
  const leftover: string[] = [];
  let focus = true;
  for (const [key, message] of fields) {
    const name = names.find((candidate) => candidate === key);
    if (name === undefined) {
      leftover.push(message);
      continue;
    }
    setError(name, { type: 'server', message: formWide(message, requiredMessage) }, { shouldFocus: focus });
    focus = false;
  }
  return leftover;
}

/**
 * A field's message as the field shows it: none (`''`, still marked invalid: `controlProps`) when
 * it is the sentence the form says once for all its fields (`requiredMessage`), else the message.
 */
export const formWide = (message: string, requiredMessage: string | undefined) =>
  message === requiredMessage ? '' : message;
