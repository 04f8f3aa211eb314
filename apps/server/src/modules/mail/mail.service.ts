import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database, Executor } from '../../db/client';
import { mailOutbox } from './mail.tables';
import type { RenderedEmail } from './templates';

/** The true external boundary: something that can deliver one message. nodemailer in production. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
  }): Promise<unknown>;
}

export interface Mailer {
  /** 'outbox' keeps messages for the dev mailbox; 'smtp' delivers them. */
  readonly mode: 'outbox' | 'smtp';
  /** Queue a message inside the caller's transaction. */
  enqueue(tx: Executor, to: string, email: RenderedEmail): Promise<void>;
  /**
   * Deliver what is pending now: called after a commit (so a sign-in code leaves at once), and by
   * the `mail.deliver` job every minute for anything left (modules/scheduled-work). Answers how
   * many messages were sent.
   */
  flush(): Promise<number>;
  close(): void;
}

const MAX_ATTEMPTS = 5;
const BATCH = 20;
/** How long a dispatcher holds a message it is sending before another may take it over. */
const CLAIM = sql`now() + interval '2 minutes'`;

export function createMailer(options: {
  db: Database;
  from: string;
  transport?: MailTransport;
  smtpUrl?: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const transport = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  const mode = transport ? 'smtp' : 'outbox';
  let flushing: Promise<number> | undefined;

  /**
   * Takes up to BATCH pending messages for this dispatcher: rows another dispatcher (of this or
   * another instance) holds are skipped, so each message is sent by one of them.
   */
  function claimPending() {
    const due = options.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lt(mailOutbox.attempts, MAX_ATTEMPTS),
          or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return options.db.update(mailOutbox).set({ claimedUntil: CLAIM }).where(inArray(mailOutbox.id, due)).returning();
  }

  async function deliverPending(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (const message of await claimPending()) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.toAddress,
          subject: message.subject,
          text: message.textBody ?? '',
          html: message.htmlBody ?? '',
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((file) => ({
                  filename: file.filename,
                  contentType: file.contentType,
                  content: Buffer.from(file.content, 'base64'),
                })),
              }
            : {}),
        });
        await options.db
          .update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            textBody: null,
            htmlBody: null,
            attachments: null,
            attempts: message.attempts + 1,
            claimedUntil: null,
          })
          .where(eq(mailOutbox.id, message.id));
        sent++;
      } catch (error) {
        const attempts = message.attempts + 1;
        // The reason is kept for operators; the message body and address never go to the log.
        const reason = error instanceof Error ? error.message : String(error);
        options.logger.warn({ mailId: message.id, attempts }, 'mail delivery failed');
        await options.db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: reason.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            // The next try waits longer each time: 1, 2, 4, 8 minutes.
            claimedUntil: sql`now() + ${2 ** (attempts - 1)} * interval '1 minute'`,
          })
          .where(eq(mailOutbox.id, message.id));
      }
    }
    return sent;
  }

  const mailer: Mailer = {
    mode,
    async enqueue(tx, to, email) {
      await tx.insert(mailOutbox).values({
        toAddress: to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        template: email.template,
        attachments: email.attachments ?? null,
        status: mode === 'smtp' ? 'pending' : 'stored',
      });
    },
    flush() {
      // One delivery run at a time in this process; callers that arrive meanwhile share it.
      flushing ??= deliverPending()
        .catch((error: unknown) => {
          options.logger.error(
            { reason: error instanceof Error ? error.message : String(error) },
            'mail dispatcher failed',
          );
          return 0;
        })
        .finally(() => {
          flushing = undefined;
        });
      return flushing;
    },
    close() {
      // Nothing of its own to stop: the schedule lives on the job queue.
    },
  };
  return mailer;
}

/** The dev mailbox: everything kept in the outbox, newest first. */
export function listOutbox(db: Executor, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
