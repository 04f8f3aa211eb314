import { type ApiError, type RefusedText, refusedTextField } from '@mutual/shared';
import type { Endpoint } from '@mutual/shared/contract/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The body's fields that may hold line breaks and tabs: its endpoint's `multiLine` (the fields
     * the web writes in a text area), none for any other route.
     */
    readonly multiLineFields: readonly string[];
  }
}

/** The refusal: 400 VALIDATION_FAILED naming the field, like any other validation failure. */
export function textRefusal({ field, message }: RefusedText): ApiError {
  return { code: 'VALIDATION_FAILED', message, fields: { [field]: message } };
}

async function refuseWhatIsNotText(request: FastifyRequest, reply: FastifyReply) {
  const refused =
    refusedTextField(request.params, { whole: 'path' }) ??
    refusedTextField(request.query, { whole: 'query' }) ??
    refusedTextField(request.body, { multiLine: request.multiLineFields }) ??
    // The one header kept as data: sessions, the audit log and its export, new-device e-mails.
    // Node refuses C0 controls in a header; C1 controls (U+0080–U+009F, read as Latin-1) pass it.
    refusedTextField(request.headers['user-agent'] ?? '', { whole: 'user-agent' });
  if (refused) return reply.status(400).send(textRefusal(refused));
}

/**
 * Registers, for every route (call before any route is added), the refusal of what is not text
 * (`packages/shared/src/text-input.ts`): control characters anywhere (the User-Agent header
 * included), and line breaks and tabs anywhere but in the body fields that the route's endpoint,
 * among `declared`, lists as `multiLine`. It runs first in preValidation, before a route's guard,
 * as a body that is not JSON is refused before the guard: the request is malformed whoever sends
 * it. Multipart text parts are
 * streamed to the route, which checks them as it reads them (`http/multipart.ts`).
 */
export function registerInputGuard(app: FastifyInstance, declared: readonly Endpoint[]) {
  const multiLine = new Map(declared.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.multiLine]));
  const none: readonly string[] = [];
  app.decorateRequest('multiLineFields', {
    getter(this: FastifyRequest) {
      return multiLine.get(`${this.method} ${this.routeOptions.url}`) ?? none;
    },
  });
  app.addHook('preValidation', refuseWhatIsNotText);
}
