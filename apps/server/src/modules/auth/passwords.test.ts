import { messages, type SignInChallenge } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditActions,
  Browser,
  createPerson,
  DEMO_PASSWORD,
  latestCode,
  latestMail,
  mailsTo,
  manualClock,
  MINUTE,
  signIn,
  startSignIn,
  userByEmail,
} from '../../test/identity';
import { useTestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.tables';

const NEW_PASSWORD = 'a-brand-new-passphrase';

describe('[AUTH]: changing a password', () => {
  const t = useTestApp();

  const change = (browser: Browser, body: Record<string, string>) =>
    browser.post('/api/me/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      ...body,
    });

  it('refuses a wrong current password and a bad new one with the field messages', async () => {
    const browser = await signIn(t, (await createPerson(t)).email);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ currentPassword: 'not-my-password' }, 'currentPassword', messages.settings.currentPasswordWrong],
      [{ confirmPassword: 'something-else-entirely' }, 'confirmPassword', messages.settings.passwordMismatch],
      [{ newPassword: 'short', confirmPassword: 'short' }, 'newPassword', messages.registration.passwordTooShort],
      [{ newPassword: 'football', confirmPassword: 'football' }, 'newPassword', messages.registration.passwordCommon],
    ];
    for (const [body, field, message] of cases) {
      const response = await change(browser, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    }
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it('ends the other sessions, keeps this one, e-mails and audits', async () => {
    const person = await createPerson(t);
    const here = await signIn(t, person.email);
    const elsewhere = await signIn(t, person.email);
    const response = await change(here, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.settings.passwordChanged });
    expect((await here.get('/api/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/me')).statusCode).toBe(401);

    expect((await startSignIn(t, person.email)).response.statusCode).toBe(401);
    await signIn(t, person.email, NEW_PASSWORD);
    expect((await latestMail(t, person.email, 'password-changed')).subject).toContain('password was changed');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, person.id), eq(auditLog.action, 'auth.password_changed')));
    expect(entry?.after).toEqual({ otherSessionsEnded: 1 });
  });
});

describe('[AUTH]: password reset by e-mail', () => {
  const time = manualClock();

  const t = useTestApp({ clock: time.clock });

  const request = (email: string) => new Browser(t).post('/api/auth/password-reset', { email });
  const confirm = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
    new Browser(t).post('/api/auth/password-reset/confirm', { token, password, confirmPassword });
  async function resetToken(email: string): Promise<string> {
    const mail = await latestMail(t, email, 'password-reset');
    const token = /\/reset-password\?token=(\S+)/.exec(mail.textBody ?? '')?.[1];
    if (!token) throw new Error('no reset link');
    expect(mail.textBody).toContain(`${t.config.publicUrl}/reset-password?token=`);
    return decodeURIComponent(token);
  }

  it('answers every address the same and e-mails a link only to an account', async () => {
    const person = await createPerson(t);
    const known = await request(person.email);
    const unknown = await request('nobody-here@example.com');
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: messages.auth.resetRequested });
    }
    expect(await mailsTo(t, person.email, 'password-reset')).toHaveLength(1);
    expect(await mailsTo(t, 'nobody-here@example.com')).toHaveLength(0);
    expect((await request('not an address')).json()).toMatchObject({
      fields: { email: messages.registration.emailInvalid },
    });
  });

  it('sets the new password once, ends every session, and still asks for a code', async () => {
    const person = await createPerson(t);
    const session = await signIn(t, person.email);
    await request(person.email);
    const token = await resetToken(person.email);

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: messages.auth.resetDone });
    expect((await session.get('/api/me')).statusCode).toBe(401);

    const again = await confirm(token, 'yet-another-passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.auth.resetInvalid });

    expect((await startSignIn(t, person.email)).response.statusCode).toBe(401);
    const { browser, response } = await startSignIn(t, person.email, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json<SignInChallenge>().methods).toEqual(['email', 'backup']);
    expect(browser.sessionToken).toBeUndefined();
    expect((await browser.get('/api/me')).statusCode).toBe(401);
    expect(await mailsTo(t, person.email, 'password-changed')).toHaveLength(1);
    expect(await auditActions(t, person.id)).toEqual(
      expect.arrayContaining(['auth.password_reset_requested', 'auth.password_reset']),
    );
  });

  it('ends a sign-in begun with the old password: its e-mailed code no longer opens a session', async () => {
    const person = await createPerson(t);
    const halfway = await startSignIn(t, person.email);
    expect(halfway.response.statusCode).toBe(200);
    const code = await latestCode(t, person.email);
    await request(person.email);
    expect((await confirm(await resetToken(person.email))).statusCode).toBe(200);

    const verify = await halfway.browser.post('/api/auth/verify', { code });
    expect(verify.statusCode).toBe(401);
    expect(verify.json()).toMatchObject({ code: 'SIGN_IN_EXPIRED', message: messages.auth.signInExpired });
    expect((await halfway.browser.get('/api/me')).statusCode).toBe(401);
  });

  it('expires the link after 30 minutes', async () => {
    const person = await createPerson(t);
    await request(person.email);
    const token = await resetToken(person.email);
    time.advance(30 * MINUTE);
    expect((await confirm(token)).json()).toMatchObject({ message: messages.auth.resetInvalid });
    expect((await confirm('x'.repeat(43))).json()).toMatchObject({ message: messages.auth.resetInvalid });
  });

  it('validates the new password like sign-up does', async () => {
    const person = await createPerson(t);
    await request(person.email);
    const token = await resetToken(person.email);
    expect((await confirm(token, 'short')).json()).toMatchObject({
      fields: { password: messages.registration.passwordTooShort },
    });
    expect((await confirm(token, NEW_PASSWORD, 'different-one')).json()).toMatchObject({
      fields: { confirmPassword: messages.registration.passwordMismatch },
    });
    expect((await confirm(token, 'sunshine')).json()).toMatchObject({
      fields: { password: messages.registration.passwordCommon },
    });
    // None of those spent the link.
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('lifts a lockout and sends at most three links an hour per account', async () => {
    const person = await createPerson(t);
    for (let i = 0; i < t.config.security.lockoutThreshold; i++) {
      await new Browser(t).post('/api/auth/sign-in', { email: person.email, password: 'wrong-password-1' });
    }
    expect((await startSignIn(t, person.email)).response.statusCode).toBe(403);
    for (let i = 0; i < 4; i++) expect((await request(person.email)).statusCode).toBe(202);
    expect(await mailsTo(t, person.email, 'password-reset')).toHaveLength(3);
    expect((await confirm(await resetToken(person.email))).statusCode).toBe(200);
    expect((await userByEmail(t, person.email)).lockedUntil).toBeNull();
    await signIn(t, person.email, NEW_PASSWORD);
  });

  it('sends at most three links an hour however many requests arrive at once', async () => {
    const person = await createPerson(t);
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(person.email)));
    expect(answers.map((response) => response.statusCode)).toEqual(Array(8).fill(202));
    expect(await mailsTo(t, person.email, 'password-reset')).toHaveLength(3);
  });
});
