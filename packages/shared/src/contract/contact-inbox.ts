import { contactInboxItemSchema, contactInboxQuerySchema, contactInboxSchema } from '../contact';
import { messages } from '../messages';
import { idParams } from '../path-params';
import { endpoint } from './endpoint';

const tags = ['admin'];
const messageParams = idParams(messages.contact.messageNotFound);

/** The staff inbox for the public contact form (schemas in `../contact`). Staff only. */
export const contactInboxApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/contact-messages',
    tags,
    summary: 'Contact-form messages by status (newest first, at most 200), with counts',
    query: contactInboxQuerySchema,
    response: contactInboxSchema,
  }),
  markHandled: endpoint({
    method: 'POST',
    path: '/api/admin/contact-messages/:id/handled',
    tags,
    summary: 'Mark a contact-form message as handled',
    params: messageParams,
    response: contactInboxItemSchema,
  }),
};
