import { z } from 'zod';
import { messageResultSchema } from '../auth';
import { applicationStatusSchema } from '../members';
import { infoResponseSchema, registrationSchema } from '../registration';
import { endpoint } from './endpoint';

const tags = ['onboarding'];

/**
 * Applying for membership, and the applicant's own application afterwards. Both uploads are
 * multipart: the `application` part is JSON (described by `body`), beside a `document` file.
 */
export const onboardingApi = {
  register: endpoint({
    method: 'POST',
    path: '/api/registrations',
    tags,
    summary: 'Apply for membership (multipart: `application` JSON + `document` file)',
    multipart: true,
    body: z.object({ application: registrationSchema }),
    status: 201,
    response: messageResultSchema,
  }),
  application: endpoint({
    method: 'GET',
    path: '/api/me/application',
    tags,
    summary: "The applicant's own application status",
    response: applicationStatusSchema,
  }),
  answerInfoRequest: endpoint({
    method: 'POST',
    path: '/api/me/application/info-responses',
    tags,
    summary: 'Answer an information request (multipart: `application` JSON + optional `document`)',
    multipart: true,
    body: z.object({ application: infoResponseSchema }),
    multiLine: ['response'],
    response: applicationStatusSchema,
  }),
};
