import {
  applicationStatusSchema,
  ID_DOCUMENT_MAX_BYTES,
  infoResponseSchema,
  messageResultSchema,
  messages,
  registrationSchema,
} from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { guards, requestMeta, signedIn } from '../../http/auth-context';
import { readMultipart } from '../../http/multipart';
import { answerInfoRequest, applicationStatus } from './application-status';
import { registerApplicant } from './register-applicant';

const documentRule = { maxBytes: ID_DOCUMENT_MAX_BYTES, tooLarge: messages.registration.documentTooLarge };

export const onboardingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['onboarding'];
    app.post(
      '/api/registrations',
      {
        schema: {
          tags,
          summary: 'Apply for membership (multipart: `application` JSON + `document` file)',
          consumes: ['multipart/form-data'],
          response: { 201: messageResultSchema },
        },
        bodyLimit: ID_DOCUMENT_MAX_BYTES + 256 * 1024,
        config: { rateLimit: { max: deps.config.security.signupRateLimit, timeWindow: 3_600_000 } },
      },
      async (request, reply) => {
        const { data, files } = await readMultipart(request, {
          jsonPart: { name: 'application', schema: registrationSchema },
          files: { document: documentRule },
        });
        const result = await registerApplicant(deps, data, files.document, requestMeta(request));
        return reply.status(201).send(result);
      },
    );

    app.get(
      '/api/me/application',
      {
        schema: { tags, summary: "The applicant's own application status", response: { 200: applicationStatusSchema } },
        preValidation: guards.applicant,
      },
      async (request) => applicationStatus(deps.db, signedIn(request).user),
    );

    app.post(
      '/api/me/application/info-responses',
      {
        schema: {
          tags,
          summary: 'Answer an information request (multipart: `application` JSON + optional `document`)',
          consumes: ['multipart/form-data'],
          response: { 200: applicationStatusSchema },
        },
        bodyLimit: ID_DOCUMENT_MAX_BYTES + 256 * 1024,
        preValidation: guards.applicant,
      },
      async (request) => {
        const { data, files } = await readMultipart(request, {
          jsonPart: { name: 'application', schema: infoResponseSchema },
          files: { document: documentRule },
        });
        return answerInfoRequest(deps, signedIn(request).user, data.response, files.document, requestMeta(request));
      },
    );
  };
