import type { ContactInbox, ContactInboxItem } from '@mutual/shared';
import { messages } from '@mutual/shared';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, DEMO, seedDemoPeople, signIn } from '../../test/identity';
import { useTestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.tables';
import { contactMessages } from './content.tables';

const visitorMessage = {
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '(207) 555-0199',
  subject: 'loan',
  message: 'I would like to talk about\n\nrefinancing my car loan.',
  preferredContact: 'phone',
};

describe('[CONTACT]: staff inbox for contact-form messages', () => {
  let staff: Browser;
  let member: Browser;
  const t = useTestApp();
  const inbox = async (status?: 'open' | 'handled' | 'all') => {
    const response = await staff.get(`/api/admin/contact-messages${status ? `?status=${status}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ContactInbox>();
  };
  const send = async (payload: object = visitorMessage) => {
    const response = await new Browser(t).post('/api/contact-messages', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };

  beforeAll(async () => {
    await seedDemoPeople(t);
    staff = await signIn(t, DEMO.staff);
    member = await signIn(t, DEMO.alex);
  });
  beforeEach(async () => {
    await t.db.delete(contactMessages);
  });

  it("shows a visitor's message to staff under open, with counts", async () => {
    const id = await send();
    const open = await inbox();
    expect(open.counts).toEqual({ open: 1, handled: 0 });
    expect(open.messages).toEqual([
      {
        id,
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        phone: '(207) 555-0199',
        subject: 'loan',
        subjectLabel: 'Loans & Mortgages',
        message: 'I would like to talk about\n\nrefinancing my car loan.',
        preferredContact: 'phone',
        createdAt: expect.any(String),
        handledAt: null,
        handledBy: null,
      },
    ]);
    expect(JSON.stringify(open)).not.toMatch(/ipAddress|userAgent/);
    expect((await inbox('handled')).messages).toEqual([]);
  });

  it('lists newest first', async () => {
    const first = await send({ ...visitorMessage, name: 'First' });
    await t.db
      .update(contactMessages)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(contactMessages.id, first));
    const second = await send({ ...visitorMessage, name: 'Second' });
    expect((await inbox()).messages.map((m) => m.id)).toEqual([second, first]);
  });

  it('marking a message handled moves it to handled, records who and audits it', async () => {
    const id = await send();
    const other = await send({ ...visitorMessage, name: 'Still Open' });

    const response = await staff.post(`/api/admin/contact-messages/${id}/handled`);
    expect(response.statusCode, response.body).toBe(200);
    const item = response.json<ContactInboxItem>();
    expect(item).toMatchObject({ id, handledBy: DEMO.staff });
    expect(item.handledAt).toEqual(expect.any(String));

    const open = await inbox('open');
    expect(open.counts).toEqual({ open: 1, handled: 1 });
    expect(open.messages.map((m) => m.id)).toEqual([other]);
    const handled = await inbox('handled');
    expect(handled.messages).toMatchObject([{ id, handledBy: DEMO.staff }]);
    expect((await inbox('all')).messages).toHaveLength(2);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'contact.handled'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorEmail: DEMO.staff, after: { contactMessageId: id, handledBy: DEMO.staff } });

    // Again: nothing changes and no second audit entry.
    const again = await staff.post(`/api/admin/contact-messages/${id}/handled`);
    expect(again.statusCode).toBe(200);
    expect(again.json<ContactInboxItem>().handledAt).toBe(item.handledAt);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'contact.handled'));
    expect(
      entries.filter((e) => (e.after as { contactMessageId?: string } | null)?.contactMessageId === id),
    ).toHaveLength(1);
  });

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    const unknown = await staff.post('/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/handled');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: messages.contact.messageNotFound });
    expect((await staff.post('/api/admin/contact-messages/not-a-uuid/handled')).statusCode).toBe(400);
  });

  it('refuses an unknown status', async () => {
    expect((await staff.get('/api/admin/contact-messages?status=spam')).statusCode).toBe(400);
  });

  it('keeps members and visitors out', async () => {
    const id = await send();
    expect((await member.get('/api/admin/contact-messages')).statusCode).toBe(403);
    expect((await member.post(`/api/admin/contact-messages/${id}/handled`)).statusCode).toBe(403);
    expect((await new Browser(t).get('/api/admin/contact-messages')).statusCode).toBe(401);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.handledAt).toBeNull();
  });
});
