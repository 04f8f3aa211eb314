import { contactLimits, messages } from '@mutual/shared';
import { count } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';
import { mailOutbox } from '../mail/mail.tables';
import { contactMessages } from './content.tables';

const valid = {
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '(207) 555-0199',
  subject: 'loan',
  message: 'I would like to talk about refinancing my car loan.',
  preferredContact: 'phone',
};

describe('[CONTACT]: public contact form API', () => {
  const t = useTestApp();
  let ip = 0;
  // Each request comes from its own address so the rate limit only bites where a test wants it.
  const post = (payload: unknown, remoteAddress = `10.0.0.${(ip += 1)}`) =>
    t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: payload as object, remoteAddress });
  const stored = async () => (await t.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;
  const mails = async () => (await t.db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0;

  beforeEach(async () => {
    await t.db.delete(contactMessages);
    await t.db.delete(mailOutbox);
  });

  it('stores a valid message and e-mails the visitor a receipt', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: messages.contact.sent });

    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      subject: 'loan',
      preferredContact: 'phone',
      phone: '(207) 555-0199',
    });
    expect(row?.id).toBe(response.json<{ id: string }>().id);

    const [mail] = await t.db.select().from(mailOutbox);
    expect(mail?.toAddress).toBe('dana@example.com');
    expect(mail?.template).toBe('contact-received');
    expect(mail?.subject).toContain('We received your message');
    expect(mail?.htmlBody).toContain('Thank you, Dana.');
    expect(mail?.textBody).toContain('by phone at (207) 555-0199');
  });

  it('accepts a message without the optional phone and preferred contact', async () => {
    const { phone: _phone, preferredContact: _preferred, ...required } = valid;
    const response = await post(required);
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({ phone: '', preferredContact: 'email' });
  });

  it.each([
    ['name', messages.contact.nameRequired],
    ['email', messages.contact.emailRequired],
    ['subject', messages.contact.subjectRequired],
    ['message', messages.contact.messageRequired],
  ])('refuses a message without %s and stores nothing', async (field, message) => {
    const missing = await post({ ...valid, [field]: undefined });
    const blank = await post({ ...valid, [field]: '   ' });
    for (const response of [missing, blank]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    }
    expect(await stored()).toBe(0);
    expect(await mails()).toBe(0);
  });

  it('refuses a malformed e-mail, an unknown subject and an odd phone', async () => {
    expect((await post({ ...valid, email: 'not-an-address' })).json()).toMatchObject({
      message: messages.contact.emailInvalid,
    });
    expect((await post({ ...valid, subject: 'complaints' })).json()).toMatchObject({
      message: messages.contact.subjectRequired,
    });
    expect((await post({ ...valid, phone: 'call me' })).json()).toMatchObject({
      message: messages.contact.phoneInvalid,
    });
    expect(await stored()).toBe(0);
  });

  it('refuses oversized input with a clear message and stores nothing', async () => {
    const tooLong = await post({ ...valid, message: 'x'.repeat(contactLimits.message + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `Message must be at most ${contactLimits.message} characters`,
    });
    const longName = await post({ ...valid, name: 'n'.repeat(contactLimits.name + 1) });
    expect(longName.json()).toMatchObject({ message: `Name must be at most ${contactLimits.name} characters` });
    const hugeBody = await post({ ...valid, message: 'x'.repeat(40 * 1024) });
    expect(hugeBody.statusCode).toBe(413);
    expect(hugeBody.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await stored()).toBe(0);
    expect(await mails()).toBe(0);
  });

  it('refuses fields it does not know (no mass assignment)', async () => {
    const response = await post({ ...valid, id: '00000000-0000-0000-0000-000000000000', createdAt: '2001-01-01' });
    expect(response.statusCode).toBe(400);
    expect(await stored()).toBe(0);
  });

  it('rate-limits one address and stores nothing beyond the limit', async () => {
    const limit = t.config.contact.rateLimit;
    for (let i = 0; i < limit; i += 1) expect((await post(valid, '192.0.2.7')).statusCode).toBe(201);
    const blocked = await post(valid, '192.0.2.7');
    expectRefusal(blocked, 429, { code: 'RATE_LIMITED', message: messages.generic.rateLimited });
    expect(await stored()).toBe(limit);
    expect((await post(valid, '192.0.2.8')).statusCode).toBe(201);
  });

  it('refuses a cross-site submission', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: valid,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await stored()).toBe(0);
  });
});
