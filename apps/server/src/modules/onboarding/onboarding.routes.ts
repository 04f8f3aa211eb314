import { ID_DOCUMENT_MAX_BYTES, infoResponseSchema, messages, registrationSchema } from '@mutual/shared';
import { onboardingApi as api } from '@mutual/shared/contract/onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { guards, requestMeta, signedInUser } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { readMultipart } from '../../http/multipart';
import { answerInfoRequest, applicationStatus } from './application-status';
import { registerApplicant } from './register-applicant';

const documentRule = { maxBytes: ID_DOCUMENT_MAX_BYTES, tooLarge: messages.registration.documentTooLarge };

export const onboardingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...routeOf(api.register),
      bodyLimit: ID_DOCUMENT_MAX_BYTES + 256 * 1024,
      config: { rateLimit: { max: deps.config.security.signupRateLimit, timeWindow: 3_600_000 } },
      handler: async (request, reply) => {
        const { data, files } = await readMultipart(request, {
          jsonPart: { name: 'application', schema: registrationSchema },
          files: { document: documentRule },
        });
        const result = await registerApplicant(deps, data, files.document, requestMeta(request));
        return reply.status(201).send(result);
      },
    });

    app.route({
      ...routeOf(api.application),
      preValidation: guards.applicant,
      handler: async (request) => applicationStatus(deps.db, signedInUser(request)),
    });

    app.route({
      ...routeOf(api.answerInfoRequest),
      bodyLimit: ID_DOCUMENT_MAX_BYTES + 256 * 1024,
      preValidation: guards.applicant,
      handler: async (request) => {
        const { data, files } = await readMultipart(request, {
          jsonPart: { name: 'application', schema: infoResponseSchema },
          files: { document: documentRule },
        });
        return answerInfoRequest(deps, signedInUser(request), data.response, files.document, requestMeta(request));
      },
    });
  };
