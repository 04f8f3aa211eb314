import { type ContactMessage, contactSubjectLabels } from '@mutual/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { renderEmail } from '../mail/templates';
import { contactMessages } from './content.tables';

export interface ContactMeta {
  ipAddress: string;
  userAgent: string | undefined;
}

/**
 * Stores a visitor's message and queues the "we received your message" e-mail in the same
 * transaction: either both happen or neither does.
 */
export async function submitContactMessage(
  deps: { db: Database; mailer: Mailer; config: Config },
  input: ContactMessage,
  meta: ContactMeta,
) {
  const { config } = deps;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, ipAddress: meta.ipAddress, userAgent: meta.userAgent?.slice(0, 500) })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('insert returned no row');

    const firstName = input.name.split(/\s+/)[0] ?? input.name;
    const preferred =
      input.preferredContact === 'phone' && input.phone ? `by phone at ${input.phone}` : `by e-mail at ${input.email}`;
    await deps.mailer.enqueue(
      tx,
      input.email,
      renderEmail(config, {
        template: 'contact-received',
        subject: `We received your message — ${config.brand.name}`,
        heading: `Thank you, ${firstName}. We received your message.`,
        paragraphs: [
          `A member of our team will reply ${preferred} ${config.support.emailResponse}.`,
          `If your question is urgent, call us at ${config.support.phone} (${config.support.hours}).`,
          'For your security, never send passwords, sign-in codes or full card numbers by e-mail. ' +
            'We will never ask for them.',
        ],
        details: [
          ['Reference', row.id.slice(0, 8).toUpperCase()],
          ['Subject', contactSubjectLabels[input.subject]],
          ['Your message', input.message],
        ],
      }),
    );
    return row.id;
  });
  void deps.mailer.flush();
  return { id };
}
