import { type ApiError, messages } from '@mutual/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, sqlState } from '../db/errors';
import { AppError, httpStatusByCode } from '../errors';

/** How long a caller should wait before trying again while the database is away. */
const RETRY_AFTER_SECONDS = 5;

/**
 * One error shape for the whole API. Validation failures carry the schema's own messages (the
 * spec's words) per field; 5xx details stay in the log and never reach the client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiError = {
        code: error.code,
        message: error.message,
        ...(error.fields && { fields: error.fields }),
      };
      return reply.status(httpStatusByCode[error.code]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      // What a whole-part issue (an unknown key, a missing object) is named by: the part it is in.
      const partNames: Record<string, string> = { querystring: 'query', params: 'path' };
      const part = partNames[error.validationContext ?? ''] ?? error.validationContext ?? 'body';
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || part;
        fields[field] ??= issue.message ?? messages.generic.validation;
      }
      const first = Object.values(fields)[0] ?? messages.generic.validation;
      const body: ApiError = { code: 'VALIDATION_FAILED', message: first, fields };
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: messages.generic.rateLimited } satisfies ApiError);
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, body too large, wrong content type: the framework's message is safe and useful.
      return reply.status(status).send({ code: 'VALIDATION_FAILED', message: error.message } satisfies ApiError);
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or failover: nothing this request did was committed, and saying so lets the
      // caller try again (with the same Idempotency-Key) once the database is back.
      request.log.warn({ sqlState: sqlState(error) ?? (error as { code?: string }).code }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ code: 'UNAVAILABLE', message: messages.generic.unavailable } satisfies ApiError);
    }
    if (clientWentAway(request, reply)) {
      // A phone that lost signal mid-upload: its body stream failed ("aborted", ECONNRESET), and
      // there is no one left to answer. Routine, not a fault of ours nor an outage; 499 (the
      // convention for "client closed request") keeps it out of the 5xx an operator alerts on.
      request.log.info({ reason: (error as { code?: string }).code ?? error.message }, 'client closed the request');
      return reply.status(499).send();
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: messages.generic.internal } satisfies ApiError);
  });
}

/** Whether the caller hung up before its request was answered (its socket is gone). */
function clientWentAway(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.raw.aborted || reply.raw.destroyed || request.raw.socket?.destroyed === true;
}
