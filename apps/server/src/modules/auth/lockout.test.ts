import { messages } from '@mutual/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditActions,
  Browser,
  createPerson,
  DEMO_PASSWORD,
  latestMail,
  mailsTo,
  manualClock,
  MINUTE,
  newPersonAtCodeStep,
  signIn,
  startSignIn,
  userByEmail,
  wrongCode,
} from '../../test/identity';
import { expectRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';

describe('[AUTH]: lockout after repeated failures', () => {
  // 12:07 AM in New York (the credit union's zone, TIME_ZONE), already 5:07 AM in UTC.
  const time = manualClock(new Date('2026-11-29T05:07:00Z'));
  const threshold = 3;

  const t = useTestApp({ clock: time.clock, env: { SIGN_IN_LOCKOUT_THRESHOLD: String(threshold) } });

  const wrongPassword = (email: string) =>
    new Browser(t).post('/api/auth/sign-in', { email, password: 'wrong-password-1' });

  it('locks after the threshold of wrong passwords, e-mails the member and audits it', async () => {
    expect(t.config.security.lockoutThreshold).toBe(threshold);
    const person = await createPerson(t);
    for (let i = 0; i < threshold; i++) {
      const response = await wrongPassword(person.email);
      expectRefusal(response, 401, { code: 'UNAUTHENTICATED', message: messages.auth.signInFailed });
    }
    const locked = await userByEmail(t, person.email);
    expect(locked.lockedUntil?.getTime()).toBe(time.now().getTime() + 15 * MINUTE);

    // The lock is revealed only to someone with the right password.
    const stillWrong = await wrongPassword(person.email);
    expectRefusal(stillWrong, 401, { code: 'UNAUTHENTICATED', message: messages.auth.signInFailed });
    const right = await startSignIn(t, person.email);
    expect(right.response.statusCode).toBe(403);
    // The time the lock ends, as the member's clock reads it.
    expect(right.response.json()).toEqual({ code: 'ACCOUNT_LOCKED', message: messages.auth.locked('12:22 AM EST') });
    expect(right.response.json<{ message: string }>().message).toMatch(
      /^Too many failed attempts\. For your security this account is locked until 12:22 AM EST\b/,
    );
    expect(await mailsTo(t, person.email, 'sign-in-code')).toHaveLength(0);

    const mail = await latestMail(t, person.email, 'account-locked');
    expect(mail.textBody).toContain(`${threshold} failed attempts in a row`);
    expect(mail.textBody).toContain('locked it until Sun, Nov 29, 2026, 12:22 AM EST.');
    const actions = await auditActions(t, person.id);
    // Counted: the threshold's tries; the two while locked are audited as such and count nothing.
    const failures = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, person.id), eq(auditLog.action, 'auth.sign_in_failed')))
      .orderBy(asc(auditLog.id));
    expect(failures.map((row) => row.after)).toEqual([
      ...Array.from({ length: threshold }, (_, i) => ({ failedInARow: i + 1 })),
      { reason: 'locked' },
      { reason: 'locked' },
    ]);
    expect(actions).toContain('auth.locked');
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(bell.find((n) => n.title === 'Account locked')?.body).toBe(
      'After repeated failed sign-ins your account is locked until Sun, Nov 29, 2026, 12:22 AM EST.',
    );

    // Failures while locked do not extend the lock or e-mail again.
    expect(await mailsTo(t, person.email, 'account-locked')).toHaveLength(1);

    time.advance(15 * MINUTE);
    await signIn(t, person.email);
    expect((await userByEmail(t, person.email)).failedSignIns).toBe(0);
  });

  it('counts wrong codes too, and refuses even the right code once locked', async () => {
    const { person, browser, code } = await newPersonAtCodeStep(t);
    for (let i = 0; i < threshold; i++) await browser.post('/api/auth/verify', { code: wrongCode(code) });
    const response = await browser.post('/api/auth/verify', { code });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(browser.sessionToken).toBeUndefined();
    expect(await auditActions(t, person.id)).toEqual(expect.arrayContaining(['auth.code_failed', 'auth.locked']));
    expect(await mailsTo(t, person.email, 'account-locked')).toHaveLength(1);
  });

  it('starts the count again after a successful sign-in', async () => {
    const person = await createPerson(t);
    for (let i = 0; i < threshold - 1; i++) await wrongPassword(person.email);
    await signIn(t, person.email);
    for (let i = 0; i < threshold - 1; i++) await wrongPassword(person.email);
    expect((await startSignIn(t, person.email)).response.statusCode).toBe(200);
    expect(await mailsTo(t, person.email, 'account-locked')).toHaveLength(0);
  });
});

describe('[AUTH]: rate limits on sign-in per address', () => {
  const limit = 3;

  const t = useTestApp({ env: { AUTH_RATE_LIMIT: String(limit) } });

  it('refuses the attempt beyond the limit from one address, not from another', async () => {
    const person = await createPerson(t);
    const browser = new Browser(t, '192.0.2.10');
    for (let i = 0; i < limit; i++) {
      expect(
        (await browser.post('/api/auth/sign-in', { email: person.email, password: 'wrong-password-1' })).statusCode,
      ).toBe(401);
    }
    const blocked = await browser.post('/api/auth/sign-in', { email: person.email, password: DEMO_PASSWORD });
    expectRefusal(blocked, 429, { code: 'RATE_LIMITED', message: messages.generic.rateLimited });
    expect(await mailsTo(t, person.email, 'sign-in-code')).toHaveLength(0);

    const elsewhere = await new Browser(t, '192.0.2.11').post('/api/auth/sign-in', {
      email: person.email,
      password: DEMO_PASSWORD,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts the sign-in route however its path is spelled: the router decodes what the limit must see', async () => {
    const person = await createPerson(t);
    const browser = new Browser(t, '192.0.2.12');
    const spellings = ['/%61pi/auth/sign-in', '/api/auth/%73ign-in', '/api/%61uth/sign-in'];
    for (const url of spellings.slice(0, limit)) {
      expect((await browser.post(url, { email: person.email, password: 'wrong-password-1' })).statusCode, url).toBe(
        401,
      );
    }
    for (const url of [...spellings, '/api/auth/sign-in']) {
      const blocked = await browser.post(url, { email: person.email, password: DEMO_PASSWORD });
      expectRefusal(blocked, 429, { code: 'RATE_LIMITED', message: messages.generic.rateLimited }, url);
    }
    expect(await mailsTo(t, person.email, 'sign-in-code')).toHaveLength(0);
  });

  it('limits code checks and reset requests per address as well', async () => {
    const { person, browser, code } = await newPersonAtCodeStep(t, new Browser(t, '192.0.2.20'));
    for (let i = 0; i < limit; i++) await browser.post('/api/auth/verify', { code: wrongCode(code) });
    expect((await browser.post('/api/auth/verify', { code })).statusCode).toBe(429);

    const resetter = new Browser(t, '192.0.2.21');
    for (let i = 0; i < limit; i++)
      expect((await resetter.post('/api/auth/password-reset', { email: person.email })).statusCode).toBe(202);
    expect((await resetter.post('/api/auth/password-reset', { email: person.email })).statusCode).toBe(429);
  });
});
