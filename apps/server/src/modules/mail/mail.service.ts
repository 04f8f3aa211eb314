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
/** Batches one flush sends at most before it lets the next flush (or the minute's job) go on. */
const BATCHES_PER_FLUSH = 25;
/**
 * Messages a person is waiting for on a screen — a code to type, a link to follow — go before
 * the rest: a sign-in code does not wait behind a month's "statement ready" notices.
 */
const WAITED_FOR = ['sign-in-code', 'transfer-code', 'card-code', 'payee-code', 'password-reset'];
/**
 * How long a dispatcher holds a message it is sending before another may take it over; to the
 * millisecond, so the time read back (a JavaScript Date) is the claim itself, checked again just
 * before the message is sent (`stillOurs`).
 */
const CLAIM = sql`date_trunc('milliseconds', now() + interval '2 minutes')`;
/**
 * SMTP waits shorter than a claim, so a stalled server fails one attempt before another
 * dispatcher may take the message over (nodemailer's own socket timeout is 10 minutes).
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function createMailer(options: {
  db: Database;
  from: string;
  transport?: MailTransport;
  smtpUrl?: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const transport =
    options.transport ??
    (options.smtpUrl ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }) : undefined);
  const mode = transport ? 'smtp' : 'outbox';
  let flushing: Promise<number> | undefined;

  /**
   * Takes up to BATCH pending messages for this dispatcher: rows another dispatcher (of this or
   * another instance) holds are skipped, so each message is sent by one of them.
   */
  async function claimPending() {
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
      .orderBy(sql`${inArray(mailOutbox.template, WAITED_FOR)} desc`, asc(mailOutbox.createdAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await options.db
      .update(mailOutbox)
      .set({ claimedUntil: CLAIM })
      .where(inArray(mailOutbox.id, due))
      .returning();
    // UPDATE … RETURNING answers in no order: as they were chosen, awaited first, then oldest first.
    const awaited = (row: { template: string }) => (WAITED_FOR.includes(row.template) ? 0 : 1);
    return claimed.sort((a, b) => awaited(a) - awaited(b) || a.createdAt.getTime() - b.createdAt.getTime());
  }

  /**
   * Renews this dispatcher's claim on one message of its batch just before sending it, if the
   * claim is still the one it took: a batch sent one by one can outlast a claim, and another
   * dispatcher may meanwhile have taken the message (and sent it).
   */
  async function stillOurs(message: { id: string; claimedUntil: Date | null }) {
    if (!message.claimedUntil) return false;
    const renewed = await options.db
      .update(mailOutbox)
      .set({ claimedUntil: CLAIM })
      .where(
        and(
          eq(mailOutbox.id, message.id),
          eq(mailOutbox.status, 'pending'),
          eq(mailOutbox.claimedUntil, message.claimedUntil),
        ),
      )
      .returning({ id: mailOutbox.id });
    return renewed.length === 1;
  }

  async function deliverPending(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    for (let batch = 0; batch < BATCHES_PER_FLUSH; batch++) {
      const claimed = await claimPending();
      sent += await deliverClaimed(transport, claimed);
      if (claimed.length < BATCH) break;
    }
    return sent;
  }

  async function deliverClaimed(
    transport: MailTransport,
    claimed: Awaited<ReturnType<typeof claimPending>>,
  ): Promise<number> {
    let sent = 0;
    for (const message of claimed) {
      if (!(await stillOurs(message))) continue;
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
