import { type AccountSummary, type Me, messages } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DEMO,
  mailsTo,
  multipart,
  pdfDocument,
  pngImage,
  seedDemoPeople,
  signIn,
  textFile,
  userByEmail,
} from '../../test/identity';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.tables';
import { storedFiles } from '../files/files.tables';

describe('[ME]: my profile, settings, picture, notifications and accounts', () => {
  let alex: Browser;
  let sam: Browser;

  const t = useTestApp();
  beforeAll(async () => {
    await seedDemoPeople(t);
    alex = await signIn(t, DEMO.alex);
    sam = await signIn(t, DEMO.sam);
  });

  const profile = {
    name: 'Alex J. Morgan',
    phone: '(207) 555-0999',
    address: {
      street: '50 Elm Street',
      city: 'South Portland',
      state: 'ME',
      postalCode: '04106',
      country: 'United States',
    },
  };
  const imageForm = (bytes: Buffer, type = 'image/png') =>
    multipart({ files: { image: { bytes, type, filename: 'me.png' } } });

  it('shows my own record', async () => {
    const me = (await alex.get('/api/me')).json<Me>();
    expect(me).toMatchObject({
      email: DEMO.alex,
      role: 'user',
      status: 'active',
      isJointAccount: true,
      jointAccountHolder: { name: 'Jamie Morgan', email: 'jamie.morgan@mutual-demo.example' },
      notifications: { email: true, sms: false, push: true },
      security: { twoFactor: false, loginAlerts: true },
      profileImageUrl: null,
    });
    expect(me).not.toHaveProperty('passwordHash');
  });

  it('updates my profile, audits the change, and refuses bad or extra fields', async () => {
    const response = await alex.patch('/api/me/profile', profile);
    expect(response.statusCode).toBe(200);
    const { me, message } = response.json<{ me: Me; message: string }>();
    expect(message).toBe(messages.profile.updated);
    expect(me).toMatchObject({ name: 'Alex J. Morgan', phone: '(207) 555-0999', address: profile.address });
    const alexId = (await userByEmail(t, DEMO.alex)).id;
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, alexId), eq(auditLog.action, 'profile.updated')));
    expect(entry?.before).toMatchObject({ name: 'Alex Morgan', city: 'Portland' });
    expect(entry?.after).toMatchObject({ name: 'Alex J. Morgan', city: 'South Portland' });

    const blank = await alex.patch('/api/me/profile', { ...profile, name: ' ' });
    expect(blank.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: messages.registration.required('Name') },
    });
    const phone = await alex.patch('/api/me/profile', { ...profile, phone: 'call me' });
    expect(phone.json()).toMatchObject({ fields: { phone: messages.registration.phoneInvalid } });
    for (const extra of [{ email: 'new@example.com' }, { role: 'admin' }, { status: 'approved' }]) {
      expect((await alex.patch('/api/me/profile', { ...profile, ...extra })).statusCode).toBe(400);
    }
    expect(await userByEmail(t, DEMO.alex)).toMatchObject({ email: DEMO.alex, role: 'user', status: 'active' });
  });

  it('will not turn text messages on while none can be sent, and the site says texts are not available', async () => {
    const before = await userByEmail(t, DEMO.sam);
    const response = await sam.patch('/api/me/settings', {
      notifications: { email: true, sms: true, push: true },
      security: { loginAlerts: true },
    });
    expectRefusal(response, 400, fieldRefusal('notifications.sms', messages.settings.textsUnavailable));
    expect((await userByEmail(t, DEMO.sam)).notifySms).toBe(before.notifySms);
    expect((await sam.get('/api/site')).json()).toMatchObject({ textMessages: false, timeZone: t.config.timeZone });
  });

  it('updates my notification settings and login alerts', async () => {
    const settings = { notifications: { email: false, sms: false, push: false }, security: { loginAlerts: false } };
    const response = await sam.patch('/api/me/settings', settings);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: messages.settings.updated,
      me: { notifications: settings.notifications, security: { loginAlerts: false } },
    });
    // Two-factor is switched on by enrolling an authenticator, never by a flag.
    const flag = await sam.patch('/api/me/settings', {
      ...settings,
      security: { loginAlerts: false, twoFactor: true },
    });
    expect(flag.statusCode).toBe(400);

    // With login alerts off, a sign-in from a new device is not e-mailed.
    const before = (await mailsTo(t, DEMO.sam, 'new-device')).length;
    await signIn(t, DEMO.sam);
    expect(await mailsTo(t, DEMO.sam, 'new-device')).toHaveLength(before);
  });

  it('refuses a profile picture that is not an image, or is 5 MB or more', async () => {
    const put = async (form: Awaited<ReturnType<typeof imageForm>>) => alex.put('/api/me/profile-image', form);
    for (const form of [
      await imageForm(textFile().bytes),
      await imageForm(pdfDocument(), 'application/pdf'),
      await multipart({}),
    ]) {
      const response = await put(form);
      expectRefusal(response, 400, fieldRefusal('image', messages.profile.imageType));
    }
    const png = await pngImage();
    const ofSize = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
    for (const size of [5 * 1024 * 1024, 5 * 1024 * 1024 + 1]) {
      const response = await put(await imageForm(ofSize(size)));
      expect(response.statusCode, String(size)).toBe(400);
      expect(response.json()).toMatchObject({
        message: messages.profile.imageTooLarge,
        fields: { image: messages.profile.imageTooLarge },
      });
    }
    expect((await alex.get('/api/me')).json<Me>().profileImageUrl).toBeNull();
  });

  it('stores a good picture re-encoded as a 512-pixel WebP', async () => {
    const response = await alex.put('/api/me/profile-image', await imageForm(await pngImage(900, 600)));
    expect(response.statusCode).toBe(200);
    const { me, message } = response.json<{ me: Me; message: string }>();
    expect(message).toBe(messages.profile.imageUpdated);
    const fileId = me.profileImageUrl?.split('/').pop() ?? '';
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(row).toMatchObject({ purpose: 'profile_image', contentType: 'image/webp' });
    const metadata = await sharp(await t.storage.get(fileId)).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 512, 512]);
    expect((await alex.get('/api/auth/session')).json()).toMatchObject({
      user: { profileImageUrl: me.profileImageUrl },
    });
  });

  it('lists my notifications and marks them read', async () => {
    const list = (await sam.get('/api/me/notifications')).json<{
      notifications: Array<{ title: string; read: boolean }>;
      unread: number;
    }>();
    expect(list.notifications.find((n) => n.title === 'Membership approved')?.read).toBe(false);
    // Sam turned Push off above: notices since then are listed already read (notify.ts).
    expect(list.unread).toBe(list.notifications.filter((n) => !n.read).length);
    expect((await sam.post('/api/me/notifications/read')).statusCode).toBe(204);
    const after = (await sam.get('/api/me/notifications')).json<{
      notifications: Array<{ read: boolean }>;
      unread: number;
    }>();
    expect(after.unread).toBe(0);
    expect(after.notifications.every((n) => n.read)).toBe(true);
    // Alex's bell has none of Sam's items.
    const alexList = (await alex.get('/api/me/notifications')).json<{ notifications: Array<{ title: string }> }>();
    expect(alexList.notifications.map((n) => n.title)).not.toContain('Membership approved');
  });

  it('shows each member only their own accounts', async () => {
    const mine = (await alex.get('/api/me/accounts')).json<{ accounts: AccountSummary[] }>().accounts;
    const theirs = (await sam.get('/api/me/accounts')).json<{ accounts: AccountSummary[] }>().accounts;
    expect(mine.map((x) => x.type)).toEqual(['Checking', 'Savings']);
    expect(theirs.map((x) => x.type)).toEqual(['Checking', 'Savings']);
    const overlap = mine.filter((x) => theirs.some((y) => y.id === x.id || y.accountNumber === x.accountNumber));
    expect(overlap).toEqual([]);
  });
});
