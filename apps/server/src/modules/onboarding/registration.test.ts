import { type ApplicationStatus, ID_DOCUMENT_MAX_BYTES, messages, type SignInResult } from '@mutual/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  auditActions,
  Browser,
  latestCode,
  latestMail,
  mailsTo,
  multipart,
  pdfDocument,
  pngImage,
  registrationForm,
  signIn,
  signUp,
  startSignIn,
  textFile,
  uniqueEmail,
  userByEmail,
  validApplication,
  withField,
} from '../../test/identity';
import { expectRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';
import { storedFiles } from '../files/files.tables';
import { users } from '../people/people.tables';

const r = messages.registration;

describe('[REGISTRATION]: membership application API', () => {
  const t = useTestApp();

  const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;
  /** Sends `application` and expects a 400 naming `field` with `message`, and nothing stored. */
  async function expectRefused(
    application: unknown,
    field: string,
    message: string,
    document?: Parameters<typeof signUp>[2],
  ) {
    const before = await userCount();
    const response = await signUp(t, application, document);
    expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    expect(await userCount()).toBe(before);
  }

  it('accepts an application: everything pending, the document kept, a receipt e-mailed', async () => {
    const application = validApplication();
    const response = await signUp(t, { ...application, email: `  ${application.email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: r.received });

    const user = await userByEmail(t, application.email);
    expect(user).toMatchObject({
      role: 'pending',
      status: 'pending',
      verificationStatus: 'pending',
      firstName: 'Dana',
      lastName: 'Whitfield',
      name: 'Dana Whitfield',
      dateOfBirth: '1990-05-17',
      city: 'Portland',
      emergencyName: 'Pat Whitfield',
      idCardType: 'Passport',
      idCardNumber: 'X1234567',
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, user.id));
    expect(file).toMatchObject({
      id: user.idDocumentFileId,
      purpose: 'id_document',
      contentType: 'application/pdf',
      size: pdfDocument().length,
    });
    expect((await latestMail(t, application.email, 'application-received')).htmlBody).toContain('Thank you, Dana.');
    expect(await auditActions(t, user.id)).toEqual(['registration.submitted']);

    const browser = await signIn(t, application.email, application.password);
    const me = await browser.get('/api/auth/session');
    expect(me.json()).toMatchObject({ user: { role: 'pending', status: 'pending' } });
    const status = (await browser.get('/api/me/application')).json<ApplicationStatus>();
    expect(status).toMatchObject({
      status: 'pending',
      verificationStatus: 'pending',
      rejectionReason: null,
      infoRequests: [],
    });
  });

  it('sends an applicant to the pending page after sign-in', async () => {
    const application = validApplication();
    await signUp(t, application);
    const { browser } = await startSignIn(t, application.email, application.password);
    const result = (
      await browser.post('/api/auth/verify', { code: await latestCode(t, application.email) })
    ).json<SignInResult>();
    expect(result.redirectTo).toBe('/pending-approval');
  });

  it('re-encodes an image document as JPEG', async () => {
    const application = validApplication();
    expect(
      (await signUp(t, application, { bytes: await pngImage(), type: 'image/png', filename: 'id.png' })).statusCode,
    ).toBe(201);
    const user = await userByEmail(t, application.email);
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, user.id));
    expect(file?.contentType).toBe('image/jpeg');
  });

  it.each(['role', 'status', 'verificationStatus'])('refuses an application that tries to set %s', async (key) => {
    const application = validApplication();
    const value = { role: 'admin', status: 'approved', verificationStatus: 'verified' }[key];
    const response = await signUp(t, { ...application, [key]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const nested = await signUp(t, withField(application, `personalInfo.${key}`, value));
    expect(nested.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, application.email))).toEqual([]);
  });

  it('answers an address already registered the same way, and e-mails its owner instead', async () => {
    const first = validApplication();
    await signUp(t, first);
    const original = await userByEmail(t, first.email);
    const second = {
      ...validApplication(first.email.toUpperCase()),
      password: 'another-long-password',
      confirmPassword: 'another-long-password',
    };
    const response = await signUp(t, second);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: r.received });
    expect(await t.db.select().from(users).where(eq(users.email, first.email))).toHaveLength(1);
    expect((await userByEmail(t, first.email)).passwordHash).toBe(original.passwordHash);
    expect(await mailsTo(t, first.email, 'already-registered')).toHaveLength(1);
    expect(await mailsTo(t, first.email, 'application-received')).toHaveLength(1);
    expect(await auditActions(t, original.id)).toContain('registration.duplicate');
  });

  it("writes a taken address's document too, so it is not answered sooner, then deletes it", async () => {
    const first = validApplication();
    await signUp(t, first);
    const put = vi.spyOn(t.storage, 'put');
    const removed = vi.spyOn(t.storage, 'delete');
    try {
      expect((await signUp(t, validApplication(first.email))).statusCode).toBe(201);
      expect(put).toHaveBeenCalledTimes(1);
      const key = put.mock.calls[0]?.[0] ?? '';
      await vi.waitFor(() => expect(removed).toHaveBeenCalledWith(key));
      await removed.mock.results[0]?.value;
      await expect(t.storage.get(key)).rejects.toThrow(/ENOENT/);
      expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, key))).toEqual([]);
    } finally {
      put.mockRestore();
      removed.mockRestore();
    }
  });

  it('refuses weak, mismatched and malformed credentials with the spec messages', async () => {
    const base = validApplication();
    await expectRefused({ ...base, password: 'football', confirmPassword: 'football' }, 'password', r.passwordCommon);
    await expectRefused(
      { ...base, password: 'short12', confirmPassword: 'short12' },
      'password',
      'Password should be at least 8 characters long.',
    );
    await expectRefused(
      { ...base, password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
      'password',
      r.passwordTooLong,
    );
    await expectRefused(
      { ...base, confirmPassword: 'correct-horse-batterY' },
      'confirmPassword',
      'Passwords do not match',
    );
    await expectRefused({ ...base, email: 'dana@@example' }, 'email', 'Please enter a valid email address');
    await expectRefused({ ...base, email: 'dana.example.com' }, 'email', r.emailInvalid);
    // Past the basic pattern, the full rules for an address (spec §8's "Invalid email format").
    await expectRefused({ ...base, email: 'dana@example..com' }, 'email', r.invalidEmailFormat);
    await expectRefused({ ...base, email: 'dana@-example.com' }, 'email', r.invalidEmailFormat);
  });

  it.each([
    ['email', 'Email is required', 'Email is required'],
    // Spaces are a password (never trimmed), only too short.
    ['password', 'Password is required', r.passwordTooShort],
    ['confirmPassword', r.passwordMismatch, r.passwordMismatch],
    ['personalInfo.firstName', 'First name is required', 'First name is required'],
    ['personalInfo.lastName', 'Last name is required', 'Last name is required'],
    ['personalInfo.dateOfBirth', 'Date of birth is required', r.dateOfBirthInvalid],
    ['personalInfo.nationality', 'Nationality is required', 'Nationality is required'],
    ['personalInfo.maritalStatus', 'Marital status is required', 'Marital status is required'],
    ['personalInfo.address.street', 'Street address is required', 'Street address is required'],
    ['personalInfo.address.city', 'City is required', 'City is required'],
    ['personalInfo.address.state', 'State is required', 'State is required'],
    ['personalInfo.address.country', 'Country is required', 'Country is required'],
    ['personalInfo.address.postalCode', 'Postal code is required', 'Postal code is required'],
    ['contactDetails.phoneNumber', 'Phone number is required', 'Phone number is required'],
    [
      'contactDetails.emergencyContact.name',
      'Emergency contact name is required',
      'Emergency contact name is required',
    ],
    ['contactDetails.emergencyContact.relationship', 'Relationship is required', 'Relationship is required'],
    [
      'contactDetails.emergencyContact.phone',
      'Emergency contact phone is required',
      'Emergency contact phone is required',
    ],
    ['documents.idCardType', 'ID type is required', 'ID type is required'],
    ['documents.idCardNumber', 'ID number is required', 'ID number is required'],
  ])('requires %s', async (field, missingMessage, blankMessage) => {
    const base = validApplication();
    // A mismatch is only reported once everything else is valid; the other fields must be wrong alone.
    const blank = field === 'confirmPassword' ? '' : '   ';
    await expectRefused(withField(base, field, undefined), field, missingMessage);
    await expectRefused(withField(base, field, blank), field, blankMessage);
  });

  it('checks dates, phones, ID types and lengths', async () => {
    const seventeen = new Date();
    seventeen.setUTCFullYear(seventeen.getUTCFullYear() - 17);
    const cases: Array<[field: string, value: string, message: string]> = [
      ['personalInfo.dateOfBirth', '1990-02-30', r.dateOfBirthInvalid],
      ['personalInfo.dateOfBirth', '17/05/1990', r.dateOfBirthInvalid],
      ['personalInfo.dateOfBirth', seventeen.toISOString().slice(0, 10), r.tooYoung],
      ['personalInfo.maritalStatus', 'Complicated', 'Marital status is required'],
      ['contactDetails.phoneNumber', 'call me', r.phoneInvalid],
      ['contactDetails.emergencyContact.phone', '12', r.phoneInvalid],
      ['contactDetails.alternativeEmail', 'nope', r.emailInvalid],
      ['documents.idCardType', 'Library card', 'ID type is required'],
      ['personalInfo.firstName', 'n'.repeat(61), r.tooLong('First name', 60)],
      ['documents.idCardNumber', '9'.repeat(41), r.tooLong('ID number', 40)],
    ];
    const base = validApplication();
    for (const [field, value, message] of cases) {
      await expectRefused(withField(base, field, value), field, message);
    }
  });

  it('requires an ID document of an allowed type, smaller than 10 MB', async () => {
    const base = validApplication();
    await expectRefused(base, 'document', r.documentRequired, null);
    await expectRefused(base, 'document', r.documentType, textFile());
    await expectRefused(base, 'document', r.documentType, {
      bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
      type: 'image/gif',
      filename: 'id.gif',
    });
    const pdfOfSize = (size: number) => Buffer.concat([pdfDocument(), Buffer.alloc(size - pdfDocument().length, 32)]);
    await expectRefused(base, 'document', r.documentTooLarge, {
      bytes: pdfOfSize(ID_DOCUMENT_MAX_BYTES),
      type: 'application/pdf',
      filename: 'big.pdf',
    });
    await expectRefused(base, 'document', r.documentTooLarge, {
      bytes: pdfOfSize(ID_DOCUMENT_MAX_BYTES + 1),
      type: 'application/pdf',
      filename: 'big.pdf',
    });
    expect(
      (
        await signUp(t, base, {
          bytes: pdfOfSize(ID_DOCUMENT_MAX_BYTES - 1),
          type: 'application/pdf',
          filename: 'ok.pdf',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a body that is not the expected multipart form', async () => {
    const browser = new Browser(t);
    const json = await browser.post('/api/registrations', validApplication());
    expect(json.statusCode).toBe(400);
    const notJson = await browser.request('POST', '/api/registrations', { form: await registrationForm('{"email": ') });
    expect(notJson.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The "application" part must be JSON.',
    });
    const extraFile = await multipart({
      json: { name: 'application', value: validApplication() },
      files: { photo: { bytes: await pngImage(), type: 'image/png', filename: 'me.png' } },
    });
    expect((await new Browser(t).request('POST', '/api/registrations', { form: extraFile })).statusCode).toBe(400);
  });

  it('rate-limits sign-ups from one address', async () => {
    const browser = new Browser(t, '192.0.2.50');
    const form = await registrationForm(validApplication(uniqueEmail()), null);
    for (let i = 0; i < t.config.security.signupRateLimit; i++)
      expect((await browser.request('POST', '/api/registrations', { form })).statusCode).toBe(400);
    const blocked = await browser.request('POST', '/api/registrations', { form });
    expectRefusal(blocked, 429, { code: 'RATE_LIMITED', message: messages.generic.rateLimited });
  });
});
