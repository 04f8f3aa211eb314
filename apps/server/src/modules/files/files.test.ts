import { type Me, messages, type UserDetail } from '@mutual/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  DEMO,
  multipart,
  pdfDocument,
  pngImage,
  seedDemoPeople,
  signIn,
  signUp,
  userByEmail,
  validApplication,
} from '../../test/identity';
import { expectRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';

describe('[FILES]: who may open a stored file', () => {
  let staff: Browser;
  let alex: Browser;
  let sam: Browser;
  let jordan: Browser;
  let profileImageUrl: string;
  let jordanDocumentUrl: string;

  const t = useTestApp();
  beforeAll(async () => {
    const ids = await seedDemoPeople(t);
    [staff, alex, sam, jordan] = [
      await signIn(t, DEMO.staff),
      await signIn(t, DEMO.alex),
      await signIn(t, DEMO.sam),
      await signIn(t, DEMO.jordan),
    ];
    const form = await multipart({
      files: { image: { bytes: await pngImage(), type: 'image/png', filename: 'alex.png' } },
    });
    profileImageUrl = (await alex.put('/api/me/profile-image', form)).json<{ me: Me }>().me.profileImageUrl ?? '';
    jordanDocumentUrl =
      (await staff.get(`/api/admin/users/${ids.jordan}`)).json<UserDetail>().documents.idDocument?.url ?? '';
  });

  const expectMissing = async (browser: Browser, url: string) => {
    const response = await browser.get(url);
    expectRefusal(response, 404, { code: 'NOT_FOUND', message: messages.generic.notFound });
  };

  it('serves a profile picture to its owner, with no-store and a sandboxing CSP', async () => {
    expect(profileImageUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const response = await alex.get(profileImageUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toMatch(/\bno-store\b/);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="profile_image-[0-9a-f]{8}\.webp"$/);
    expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('serves it to staff, but to no other member or applicant', async () => {
    expect((await staff.get(profileImageUrl)).statusCode).toBe(200);
    await expectMissing(sam, profileImageUrl);
    await expectMissing(jordan, profileImageUrl);
    const anonymous = await new Browser(t).get(profileImageUrl);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('serves an ID document to staff only, not even to the applicant who sent it', async () => {
    expect(jordanDocumentUrl).toMatch(/^\/api\/files\//);
    const response = await staff.get(jordanDocumentUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toMatch(/\bno-store\b/);
    await expectMissing(jordan, jordanDocumentUrl);
    await expectMissing(alex, jordanDocumentUrl);
    await expectMissing(sam, jordanDocumentUrl);
  });

  it('offers a PDF as a download, never inline', async () => {
    const application = validApplication();
    await signUp(t, application);
    const user = await userByEmail(t, application.email);
    const response = await staff.get(`/api/files/${user.idDocumentFileId}`);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="id_document-[0-9a-f]{8}\.pdf"$/);
    expect(response.rawPayload.equals(pdfDocument())).toBe(true);
  });

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    await expectMissing(staff, '/api/files/00000000-0000-4000-8000-000000000000');
    expect((await staff.get('/api/files/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
  });
});
