import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database, Executor } from '../../db/client';
import { mailOutbox } from './mail.tables';
import type { RenderedEmail } from './templates';

/** The true external boundary: something that can deliver one message. nodemailer in production. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
}

export interface Mailer {
  /** 'outbox' keeps messages for the dev mailbox; 'smtp' delivers them. */
  readonly mode: 'outbox' | 'smtp';
  /** Queue a message inside the caller's transaction. */
  enqueue(tx: Executor, to: string, email: RenderedEmail): Promise<void>;
  /** Deliver what is pending now (called after a commit, and on a timer). */
  flush(): Promise<void>;
  close(): void;
}

const MAX_ATTEMPTS = 5;
const BATCH = 20;

export function createMailer(options: {
  db: Database;
  from: string;
  transport?: MailTransport;
  smtpUrl?: string;
  logger: FastifyBaseLogger;
  pollMs?: number;
}): Mailer {
  const transport = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  const mode = transport ? 'smtp' : 'outbox';
  let flushing: Promise<void> | undefined;

  async function deliverPending() {
    if (!transport) return;
    const pending = await options.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(BATCH);
    for (const message of pending) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.toAddress,
          subject: message.subject,
          text: message.textBody ?? '',
          html: message.htmlBody ?? '',
        });
        await options.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), textBody: null, htmlBody: null, attempts: message.attempts + 1 })
          .where(eq(mailOutbox.id, message.id));
      } catch (error) {
        const attempts = message.attempts + 1;
        // The reason is kept for operators; the message body and address never go to the log.
        const reason = error instanceof Error ? error.message : String(error);
        options.logger.warn({ mailId: message.id, attempts }, 'mail delivery failed');
        await options.db
          .update(mailOutbox)
          .set({ attempts, lastError: reason.slice(0, 500), status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
          .where(eq(mailOutbox.id, message.id));
      }
    }
  }

  const timer = transport
    ? setInterval(() => {
        void mailer.flush();
      }, options.pollMs ?? 15_000)
    : undefined;
  timer?.unref();

  const mailer: Mailer = {
    mode,
    async enqueue(tx, to, email) {
      await tx.insert(mailOutbox).values({
        toAddress: to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        template: email.template,
        status: mode === 'smtp' ? 'pending' : 'stored',
      });
    },
    flush() {
      // One delivery run at a time; callers that arrive meanwhile wait for the same run.
      flushing ??= deliverPending()
        .catch((error: unknown) => options.logger.error({ err: error }, 'mail dispatcher failed'))
        .finally(() => {
          flushing = undefined;
        });
      return flushing;
    },
    close() {
      if (timer) clearInterval(timer);
    },
  };
  return mailer;
}

/** The dev mailbox: everything kept in the outbox, newest first. */
export function listOutbox(db: Executor, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
