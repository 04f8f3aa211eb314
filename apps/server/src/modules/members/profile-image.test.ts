import { type Me, messages } from '@mutual/shared';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createPerson, multipart, pngImage, signIn, signInStaff, textFile } from '../../test/identity';
import { useTestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.tables';
import { storedFiles } from '../files/files.tables';

const imageForm = async (bytes?: Buffer) =>
  multipart({ files: { image: { bytes: bytes ?? (await pngImage()), type: 'image/png', filename: 'me.png' } } });
const fileIdOf = (me: Me) => me.profileImageUrl?.split('/').pop() ?? null;

describe('[PROFILE]: a replaced or removed profile picture is deleted', () => {
  const t = useTestApp();
  let member: Browser;
  let memberId: string;
  let staff: Browser;
  beforeAll(async () => {
    const person = await createPerson(t, { name: 'Pia Picture' });
    memberId = person.id;
    member = await signIn(t, person.email);
    staff = await signInStaff(t, { name: 'Stan Staff' });
  });

  /** Whether the file still exists: its row, its bytes, and whether its owner can fetch it. */
  async function stored(fileId: string) {
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    const bytes = await t.storage.get(fileId).then(
      () => true,
      (error: { code?: string }) => {
        expect(error.code).toBe('ENOENT');
        return false;
      },
    );
    const served = (await member.get(`/api/files/${fileId}`)).statusCode;
    return { row: row !== undefined, bytes, served };
  }
  const present = { row: true, bytes: true, served: 200 };
  const gone = { row: false, bytes: false, served: 404 };

  async function upload(browser: Browser = member): Promise<string> {
    const response = await browser.put('/api/me/profile-image', await imageForm());
    expect(response.statusCode, response.body).toBe(200);
    const id = fileIdOf(response.json<{ me: Me }>().me);
    if (!id) throw new Error('no picture');
    return id;
  }
  const current = async () => fileIdOf((await member.get('/api/me')).json<Me>());

  it('deletes the old file once a new picture replaces it, by the member or by staff', async () => {
    const first = await upload();
    expect(await stored(first)).toEqual(present);

    const second = await upload();
    expect(await stored(first)).toEqual(gone);
    expect(await stored(second)).toEqual(present);

    const byStaff = await staff.put(`/api/admin/users/${memberId}/profile-image`, await imageForm());
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    const third = await current();
    expect(third).not.toBe(second);
    expect(await stored(second)).toEqual(gone);
    expect(await stored(third ?? '')).toEqual(present);

    // The audit row still says which picture was replaced.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, memberId), eq(auditLog.action, 'profile.image_updated')))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(1);
    expect(audit).toMatchObject({ before: { profileImage: first }, after: { profileImage: second } });
  });

  it('keeps the current picture when the new one is refused', async () => {
    const kept = await current();
    const refused = await member.put('/api/me/profile-image', await imageForm(textFile().bytes));
    expect(refused.statusCode).toBe(400);
    expect(await current()).toBe(kept);
    expect(await stored(kept ?? '')).toEqual(present);
  });

  it('two replacements at once leave one picture, and no file of the other', async () => {
    const before = (await current()) ?? '';
    await Promise.all([upload(), upload()]);
    // Each answer shows the picture as it is by then; the audit rows say which file each one made.
    const made = (
      await t.db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.targetUserId, memberId), eq(auditLog.action, 'profile.image_updated')))
        .orderBy(desc(auditLog.id))
        .limit(2)
    ).map((row) => (row.after as { profileImage: string }).profileImage);
    const now = await current();
    expect(made).toContain(now);
    expect(await stored(now ?? '')).toEqual(present);
    for (const id of [before, ...made.filter((id) => id !== now)]) expect(await stored(id), id).toEqual(gone);
    const rows = await t.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(and(eq(storedFiles.ownerUserId, memberId), eq(storedFiles.purpose, 'profile_image')));
    expect(rows).toEqual([{ id: now }]);
  });

  it('removing the picture deletes its file; removing none is fine', async () => {
    const last = (await current()) ?? '';
    const response = await member.delete('/api/me/profile-image');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ me: Me; message: string }>()).toMatchObject({
      me: { profileImageUrl: null },
      message: messages.profile.imageRemoved,
    });
    expect(await stored(last)).toEqual(gone);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, memberId), eq(auditLog.action, 'profile.image_removed')));
    expect(audit).toMatchObject({ before: { profileImage: last }, after: { profileImage: null } });

    const again = await member.delete('/api/me/profile-image');
    expect(again.statusCode).toBe(200);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'profile.image_removed'))).toHaveLength(1);
  });
});

describe('[PROFILE]: pictures are decoded and re-encoded, so a member may send only a few a minute', () => {
  const t = useTestApp();

  it('refuses one more than AUTH_RATE_LIMIT a minute with 429, and stores nothing for it', async () => {
    const person = await createPerson(t, { name: 'Rita Repeat' });
    const browser = await signIn(t, person.email);
    const form = await imageForm();
    for (let i = 0; i < t.config.security.authRateLimit; i++) {
      expect((await browser.put('/api/me/profile-image', form)).statusCode, `upload ${i + 1}`).toBe(200);
    }
    const files = await t.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, person.id));
    expect((await browser.put('/api/me/profile-image', form)).statusCode).toBe(429);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, person.id))).toEqual(files);
  });
});
