import { messages, type SignInChallenge, type SignInResult } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditActions,
  Browser,
  createPerson,
  DEMO_PASSWORD,
  latestCode,
  mailsTo,
  manualClock,
  MINUTE,
  newPersonAtCodeStep,
  sessionOf,
  signIn,
  startSignIn,
  wrongCode,
} from '../../test/identity';
import { expectRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { signInAttempts } from './auth.tables';

describe('[AUTH]: two-step sign-in with an e-mailed code', () => {
  const time = manualClock();

  const t = useTestApp({ clock: time.clock });

  it('answers an unknown e-mail and a wrong password the same way, and audits both', async () => {
    const person = await createPerson(t);
    const unknown = await new Browser(t).post('/api/auth/sign-in', {
      email: 'nobody@example.com',
      password: DEMO_PASSWORD,
    });
    const wrong = await new Browser(t).post('/api/auth/sign-in', { email: person.email, password: 'not-the-password' });
    for (const response of [unknown, wrong]) {
      expectRefusal(response, 401, { code: 'UNAUTHENTICATED', message: messages.auth.signInFailed });
      expect(response.cookies).toEqual([]);
    }
    expect(await auditActions(t, person.id)).toContain('auth.sign_in_failed');
    const anonymous = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign_in_failed'));
    expect(
      anonymous.some(
        (row) => row.targetUserId === null && (row.after as { reason?: string }).reason === 'unknown email',
      ),
    ).toBe(true);
    expect(await mailsTo(t, person.email, 'sign-in-code')).toHaveLength(0);
  });

  it('refuses an empty form with the field messages', async () => {
    const response = await new Browser(t).post('/api/auth/sign-in', { email: ' ', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: messages.auth.emailRequired, password: messages.auth.passwordRequired },
    });
  });

  it('e-mails a 6-digit code, then opens a session with it', async () => {
    const person = await createPerson(t, { name: 'Robin Tester' });
    const { browser, response } = await startSignIn(t, person.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const challenge = response.json<SignInChallenge>();
    expect(challenge.methods).toEqual(['email', 'backup']);
    expect(challenge.emailHint).toBe(`p•••@${person.email.split('@')[1]}`);
    expect(String(response.headers['set-cookie'])).toMatch(/mutual_signin=.+HttpOnly.*SameSite=Lax/);

    const [mail] = await mailsTo(t, person.email, 'sign-in-code');
    expect(mail?.subject).toMatch(/sign-in code: \d{6}$/);
    expect(await auditActions(t, person.id)).toContain('auth.code_issued');

    const verify = await browser.post('/api/auth/verify', { code: await latestCode(t, person.email) });
    expect(verify.statusCode).toBe(200);
    const result = verify.json<SignInResult>();
    expect(result.user).toMatchObject({
      id: person.id,
      email: person.email,
      role: 'user',
      status: 'active',
      firstName: 'Robin',
    });
    expect(result.redirectTo).toBe('/dashboard');
    expect(new Date(result.idleExpiresAt).getTime()).toBe(time.now().getTime() + 15 * MINUTE);
    expect(new Date(result.absoluteExpiresAt).getTime()).toBe(time.now().getTime() + 12 * 60 * MINUTE);
    expect(String(verify.headers['set-cookie'])).toMatch(/mutual_session=.+HttpOnly.*SameSite=Lax/);
    expect(browser.attemptToken).toBeUndefined();
    expect((await sessionOf(browser)).user?.id).toBe(person.id);
    expect(await auditActions(t, person.id)).toEqual(expect.arrayContaining(['auth.code_issued', 'auth.sign_in']));
  });

  it('accepts a code once only', async () => {
    const { person, browser, code } = await newPersonAtCodeStep(t);
    const attempt = browser.attemptToken ?? '';
    expect((await browser.post('/api/auth/verify', { code })).statusCode).toBe(200);

    // The same attempt again (a replayed request): over.
    const replay = new Browser(t);
    replay.cookies.set('mutual_signin', attempt);
    const again = await replay.post('/api/auth/verify', { code });
    expectRefusal(again, 401, { code: 'SIGN_IN_EXPIRED', message: messages.auth.signInExpired });

    // A new attempt does not accept the old code.
    const next = await startSignIn(t, person.email);
    const stale = await next.browser.post('/api/auth/verify', { code });
    expectRefusal(stale, 401, { code: 'UNAUTHENTICATED', message: messages.auth.otpInvalid });
  });

  it('lets a code expire after 10 minutes; a resent code replaces it', async () => {
    const { person, browser, code: first } = await newPersonAtCodeStep(t);
    time.advance(10 * MINUTE);
    const expired = await browser.post('/api/auth/verify', { code: first });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: messages.auth.otpInvalid });

    const resend = await browser.post('/api/auth/resend-code');
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({
      message: messages.auth.codeSent,
      expiresAt: new Date(time.now().getTime() + 10 * MINUTE).toISOString(),
    });
    const second = await latestCode(t, person.email);
    time.advance(4 * MINUTE); // the attempt as a whole lasts 15 minutes
    if (second !== first) expect((await browser.post('/api/auth/verify', { code: first })).statusCode).toBe(401);
    expect((await browser.post('/api/auth/verify', { code: second })).statusCode).toBe(200);
  });

  it('sends at most three codes per attempt and ends the attempt after 15 minutes', async () => {
    const person = await createPerson(t);
    const { browser } = await startSignIn(t, person.email);
    expect((await browser.post('/api/auth/resend-code')).statusCode).toBe(200);
    expect((await browser.post('/api/auth/resend-code')).statusCode).toBe(200);
    const fourth = await browser.post('/api/auth/resend-code');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await mailsTo(t, person.email, 'sign-in-code')).toHaveLength(3);

    const code = await latestCode(t, person.email);
    time.advance(15 * MINUTE);
    const late = await browser.post('/api/auth/verify', { code });
    expect(late.json()).toEqual({ code: 'SIGN_IN_EXPIRED', message: messages.auth.signInExpired });
    const noAttempt = await new Browser(t).post('/api/auth/resend-code');
    expect(noAttempt.statusCode).toBe(401);
    expect(noAttempt.json()).toMatchObject({ code: 'SIGN_IN_EXPIRED' });
  });

  it('allows five tries in all: the fifth may be right', async () => {
    const { browser, code } = await newPersonAtCodeStep(t);
    for (let i = 0; i < 4; i++)
      expect((await browser.post('/api/auth/verify', { code: wrongCode(code) })).json()).toMatchObject({
        message: messages.auth.otpInvalid,
      });
    expect((await browser.post('/api/auth/verify', { code })).statusCode).toBe(200);
  });

  it('ends the attempt after five wrong codes; even the right code is refused then', async () => {
    const { browser, code } = await newPersonAtCodeStep(t);
    const attempt = browser.attemptToken ?? '';
    for (let i = 1; i <= 4; i++) {
      const response = await browser.post('/api/auth/verify', { code: wrongCode(code) });
      expectRefusal(response, 401, { code: 'UNAUTHENTICATED', message: messages.auth.otpInvalid });
    }
    const fifth = await browser.post('/api/auth/verify', { code: wrongCode(code) });
    expectRefusal(fifth, 401, { code: 'SIGN_IN_EXPIRED', message: messages.auth.otpExhausted });
    expect(browser.attemptToken).toBeUndefined();

    const retry = new Browser(t);
    retry.cookies.set('mutual_signin', attempt);
    const right = await retry.post('/api/auth/verify', { code });
    expectRefusal(right, 401, { code: 'SIGN_IN_EXPIRED', message: messages.auth.otpExhausted });
    expect(retry.sessionToken).toBeUndefined();
  });

  it('counts at most five of many wrong guesses sent at once', async () => {
    const { person, browser, code } = await newPersonAtCodeStep(t);
    const attempt = browser.attemptToken ?? '';
    // Twelve guesses in parallel, each from its own address so no per-IP limit interferes.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => {
        const attacker = new Browser(t);
        attacker.cookies.set('mutual_signin', attempt);
        return attacker.post('/api/auth/verify', { code: wrongCode(code) });
      }),
    );
    const codes = guesses.map((response) => response.json<{ code: string }>().code);
    expect(guesses.every((response) => response.statusCode === 401)).toBe(true);
    expect(codes.filter((c) => c === 'UNAUTHENTICATED')).toHaveLength(4);
    expect(codes.filter((c) => c === 'SIGN_IN_EXPIRED')).toHaveLength(8);

    const [row] = await t.db.select().from(signInAttempts).where(eq(signInAttempts.userId, person.id));
    expect(row?.codeAttempts).toBe(5);
    const failures = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, person.id), eq(auditLog.action, 'auth.code_failed')));
    expect(failures).toHaveLength(5);

    const retry = new Browser(t);
    retry.cookies.set('mutual_signin', attempt);
    expect((await retry.post('/api/auth/verify', { code })).json()).toMatchObject({ code: 'SIGN_IN_EXPIRED' });
  });

  it('refuses a malformed code without spending a try', async () => {
    const person = await createPerson(t);
    const { browser } = await startSignIn(t, person.email);
    const response = await browser.post('/api/auth/verify', { code: '12ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { code: messages.auth.otpFormat } });
    const [row] = await t.db.select().from(signInAttempts).where(eq(signInAttempts.userId, person.id));
    expect(row?.codeAttempts).toBe(0);
  });

  it('tells the member about a sign-in from a second device, not the first', async () => {
    const person = await createPerson(t);
    await signIn(t, person.email);
    expect(await mailsTo(t, person.email, 'new-device')).toHaveLength(0);
    await signIn(
      t,
      person.email,
      DEMO_PASSWORD,
      new Browser(t, undefined, 'Mozilla/5.0 (Windows NT 10.0) Firefox/128.0'),
    );
    const [mail] = await mailsTo(t, person.email, 'new-device');
    expect(mail?.textBody).toContain('Firefox on Windows');
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(bell.map((n) => n.title)).toEqual(['Sign-in from a new device']);
  });
});

describe('[AUTH]: behind HTTPS the cookies are __Host- cookies', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://bank.example' } });

  it('sign-out deletes the session cookie with Secure, which a browser needs to accept the deletion', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://bank.example', cookie: '__Host-mutual_session=stale' },
    });
    expect(response.statusCode).toBe(204);
    const deletion = String(response.headers['set-cookie']);
    expect(deletion).toMatch(/^__Host-mutual_session=;/);
    expect(deletion).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(deletion).toMatch(/; Secure/);
    expect(deletion).toMatch(/; Path=\//);
  });
});
