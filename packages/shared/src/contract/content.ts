import { contactMessageSchema, contactReceiptSchema } from '../contact';
import { endpoint } from './endpoint';

/** The public contact form (staff read the messages through `contactInboxApi`). */
export const contentApi = {
  sendContactMessage: endpoint({
    method: 'POST',
    path: '/api/contact-messages',
    tags: ['content'],
    summary: 'Send a message to the credit union (public contact form)',
    body: contactMessageSchema,
    multiLine: ['message'],
    status: 201,
    response: contactReceiptSchema,
  }),
};
