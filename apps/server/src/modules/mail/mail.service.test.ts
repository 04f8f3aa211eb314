import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app';
import pino from 'pino';
import { createMailer, type MailTransport } from './mail.service';
import { mailOutbox } from './mail.tables';
import { renderEmail } from './templates';

type Sent = Parameters<MailTransport['sendMail']>[0];
const silent = pino({ level: 'silent' });

describe('[MAIL]: outbox and SMTP delivery', () => {
  const sent: Sent[] = [];
  let failNext = 0;
  // The SMTP server is the one boundary we fake: it records or refuses, like a real one would.
  const transport: MailTransport = {
    async sendMail(message) {
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('421 service not available');
      }
      sent.push(message);
      return { messageId: 'test' };
    },
  };
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp({ transport });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    sent.length = 0;
    failNext = 0;
    await t.db.delete(mailOutbox);
  });

  const email = () =>
    renderEmail(t.config, {
      template: 'test',
      subject: 'Your code',
      heading: 'Hello <Ann>',
      paragraphs: ['Your code is 123456'],
    });

  it('escapes what it puts into HTML', () => {
    const rendered = email();
    expect(rendered.html).toContain('Hello &#60;Ann&#62;');
    expect(rendered.html).not.toContain('<Ann>');
    expect(rendered.text).toContain('Hello <Ann>');
  });

  it('delivers a committed message and clears its body afterwards', async () => {
    await t.db.transaction((tx) => t.mailer.enqueue(tx, 'ann@example.com', email()));
    await t.mailer.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'ann@example.com', subject: 'Your code', from: t.config.mail.from });
    const [row] = await t.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', textBody: null, htmlBody: null, attempts: 1 });
  });

  it('sends nothing for a rolled-back transaction', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await t.mailer.enqueue(tx, 'ann@example.com', email());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.mailer.flush();
    expect(sent).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  /** Time passes for the outbox: every message's wait before its next try is over. */
  const waitIsOver = () => t.db.update(mailOutbox).set({ claimedUntil: null });

  it('retries a failed delivery after a growing wait and gives up after five attempts', async () => {
    await t.db.transaction((tx) => t.mailer.enqueue(tx, 'ann@example.com', email()));
    failNext = 1;
    await t.mailer.flush();
    let [row] = await t.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 service not available' });
    expect(row?.claimedUntil?.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Not before its wait is over...
    expect(await t.mailer.flush()).toBe(0);
    expect(sent).toHaveLength(0);
    await waitIsOver();
    expect(await t.mailer.flush()).toBe(1);
    expect(sent).toHaveLength(1);

    await t.db.delete(mailOutbox);
    await t.db.transaction((tx) => t.mailer.enqueue(tx, 'bob@example.com', email()));
    failNext = 10;
    for (let i = 0; i < 6; i += 1) {
      await t.mailer.flush();
      await waitIsOver();
    }
    [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'bob@example.com'));
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
  });

  it('sends each message once when several dispatchers (instances) flush at the same moment', async () => {
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await t.db.transaction((tx) => t.mailer.enqueue(tx, to, email()));
    }
    const others = [1, 2, 3].map(() => createMailer({ db: t.db, from: t.config.mail.from, transport, logger: silent }));
    const counts = await Promise.all([t.mailer.flush(), ...others.map((mailer) => mailer.flush())]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect(sent.map((message) => message.to).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  it('does not send a message again that another dispatcher took over while this one was busy', async () => {
    for (const to of ['slow@example.com', 'next@example.com']) {
      await t.db.transaction((tx) => t.mailer.enqueue(tx, to, email()));
    }
    // Oldest first: the slow one a second older, so the two cannot tie to the millisecond (then
    // either could be sent first, and the test would stall on the wrong one).
    await t.db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 1_000) })
      .where(eq(mailOutbox.toAddress, 'slow@example.com'));
    // This dispatcher claims both and is stuck on the first (a slow SMTP server).
    let release = () => {};
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const slow = createMailer({
      db: t.db,
      from: t.config.mail.from,
      logger: silent,
      transport: {
        async sendMail(message) {
          if (first) {
            first = false;
            await stuck;
          }
          return transport.sendMail(message);
        },
      },
    });
    const slowRun = slow.flush();
    await vi.waitFor(() => expect(first).toBe(false));
    // Meanwhile the second message's claim lapses and another instance sends it.
    await t.db
      .update(mailOutbox)
      .set({ claimedUntil: new Date(Date.now() - 1_000) })
      .where(eq(mailOutbox.toAddress, 'next@example.com'));
    const other = createMailer({ db: t.db, from: t.config.mail.from, transport, logger: silent });
    expect(await other.flush()).toBe(1);
    release();
    expect(await slowRun).toBe(1);
    expect(sent.map((message) => message.to).sort()).toEqual(['next@example.com', 'slow@example.com']);
  });

  it('sends a code a person waits for before a backlog, and a backlog in one flush', async () => {
    const notice = renderEmail(t.config, {
      template: 'statement-ready',
      subject: 'Statement',
      heading: 'Hi',
      paragraphs: [],
    });
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 100; i++) await t.mailer.enqueue(tx, `member${i}@example.com`, notice);
    });
    const code = renderEmail(t.config, { template: 'sign-in-code', subject: 'Code', heading: 'Hi', paragraphs: [] });
    await t.db.transaction((tx) => t.mailer.enqueue(tx, 'waiting@example.com', code));

    expect(await t.mailer.flush()).toBe(101);
    expect(sent[0]?.to).toBe('waiting@example.com');
    expect(new Set(sent.map((message) => message.to)).size).toBe(101);
  });

  it('has no dev mailbox when real mail is configured', async () => {
    expect((await t.app.inject('/api/dev/mailbox')).statusCode).toBe(404);
  });
});
