import type { ApiError } from '@mutual/shared';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Expects the API to have refused with `status` and exactly the error body `error`. `label` names
 * the case in a failure message where one test checks several.
 */
export function expectRefusal(response: InjectResponse, status: number, error: ApiError, label?: string) {
  expect(response.statusCode, label ?? response.body).toBe(status);
  expect(response.json<ApiError>(), label).toEqual(error);
}

/** The 400 answer that refuses one field: the field's message is also the answer's message. */
export const fieldRefusal = (field: string, message: string): ApiError => ({
  code: 'VALIDATION_FAILED',
  message,
  fields: { [field]: message },
});
