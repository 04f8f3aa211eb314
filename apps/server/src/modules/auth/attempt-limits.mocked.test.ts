import { messages, type TotpSetup } from '@mutual/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Browser,
  createPerson,
  DEMO_PASSWORD,
  mailsTo,
  newPersonAtCodeStep,
  signIn,
  startSignIn,
  type TestApp,
  userByEmail,
  wrongCode,
} from '../../test/identity';
import { useTestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.tables';
import { signInAttempts } from './auth.tables';
import type * as Tokens from './tokens';

/**
 * Issue 14, finding 3: however many guesses arrive at once, at most the limit of codes or
 * passwords is ever checked — OTP_MAX_ATTEMPTS per sign-in attempt, SIGN_IN_LOCKOUT_THRESHOLD per
 * account (wrong passwords, wrong codes and wrong current passwords all count). Each check is
 * claimed with one UPDATE before it is made. The checks themselves are counted here: every
 * argon2 verification (with the hash it used) and every comparison of an e-mailed code. On
 * PostgreSQL the guesses really run side by side; on PGlite their statements interleave.
 */

const checked = vi.hoisted(() => ({ hashes: [] as string[], codes: 0 }));
vi.mock('./passwords', async (importOriginal) =>
  (await import('../../test/password-checks')).recordingPasswords(importOriginal, (hash) => checked.hashes.push(hash)),
);
vi.mock('./tokens', async (importOriginal) => {
  const original = await importOriginal<typeof Tokens>();
  return {
    ...original,
    codeMatches: (code: string, stored: string) => {
      checked.codes += 1;
      return original.codeMatches(code, stored);
    },
  };
});

const GUESSES = 60;
const parallel = <T>(n: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

/** "status code" (or "status code message") of each answer, tallied. */
function tally(responses: InjectResponse[]) {
  const counts: Record<string, number> = {};
  for (const r of responses) {
    expect(r.statusCode, r.body).toBeLessThan(500);
    const body = r.json<{ code?: string; message?: string }>();
    const key = r.statusCode === 200 ? '200' : `${r.statusCode} ${body.code} ${body.message}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function audits(t: TestApp, userId: string, action: string) {
  return t.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.targetUserId, userId), eq(auditLog.action, action)));
}

async function codeAttempts(t: TestApp, userId: string) {
  const rows = await t.db
    .select({ tries: signInAttempts.codeAttempts })
    .from(signInAttempts)
    .where(eq(signInAttempts.userId, userId));
  return rows.map((row) => row.tries);
}

const verify = (browser: Browser, code: string) => browser.post('/api/auth/verify', { code });
const tooManyCodes = `401 SIGN_IN_EXPIRED ${messages.auth.otpExhausted}`;
const wrongCodeAnswer = `401 UNAUTHENTICATED ${messages.auth.otpInvalid}`;

describe('[AUTH]: parallel guesses on one sign-in attempt stop at OTP_MAX_ATTEMPTS', () => {
  // The account's threshold is far away, so the attempt's own limit is the one that binds.
  const t = useTestApp({ env: { SIGN_IN_LOCKOUT_THRESHOLD: '100', AUTH_RATE_LIMIT: '100000' } });
  beforeEach(() => {
    checked.codes = 0;
    checked.hashes = [];
  });

  it(`${GUESSES} wrong e-mailed codes at once: ${5} are compared, the rest refused unread`, async () => {
    const max = t.config.security.otpMaxAttempts;
    const { person, browser, code } = await newPersonAtCodeStep(t);
    const answers = tally(await parallel(GUESSES, () => verify(browser, wrongCode(code))));

    expect(checked.codes).toBe(max);
    expect(answers).toEqual({ [wrongCodeAnswer]: max - 1, [tooManyCodes]: GUESSES - max + 1 });
    expect(await codeAttempts(t, person.id)).toEqual([max]);
    expect(await audits(t, person.id, 'auth.code_failed')).toHaveLength(max);
    // The attempt is over: not even the right code opens a session now.
    expect((await verify(browser, code)).statusCode).toBe(401);
    expect(browser.sessionToken).toBeUndefined();
  });

  it(`${GUESSES} wrong backup codes at once: ${5} tries are used`, async () => {
    const max = t.config.security.otpMaxAttempts;
    const person = await createPerson(t);
    const member = await signIn(t, person.email);
    expect((await member.post('/api/me/backup-codes', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const { browser } = await startSignIn(t, person.email);
    checked.codes = 0;
    const answers = tally(await parallel(GUESSES, (i) => verify(browser, `zzzz-${String(i).padStart(6, 'z')}`)));

    expect(answers).toEqual({ [wrongCodeAnswer]: max - 1, [tooManyCodes]: GUESSES - max + 1 });
    // Each try compares the guess with every unused backup code (10).
    expect(checked.codes).toBe(max * 10);
    expect(await audits(t, person.id, 'auth.code_failed')).toHaveLength(max);
  });

  it(`${GUESSES} wrong authenticator codes at once: ${5} tries are used`, async () => {
    const max = t.config.security.otpMaxAttempts;
    const person = await createPerson(t);
    const member = await signIn(t, person.email);
    const setup = (await member.post('/api/me/totp/setup')).json<TotpSetup>();
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
    expect((await member.post('/api/me/totp/confirm', { code: totp.generate() })).statusCode).toBe(200);
    const { browser } = await startSignIn(t, person.email);
    const right = totp.generate();
    const answers = tally(await parallel(GUESSES, () => verify(browser, wrongCode(right))));

    expect(answers).toEqual({ [wrongCodeAnswer]: max - 1, [tooManyCodes]: GUESSES - max + 1 });
    // The sign-in that set the app up used one try of its own attempt.
    expect((await codeAttempts(t, person.id)).sort()).toEqual([1, max]);
    expect(await audits(t, person.id, 'auth.code_failed')).toHaveLength(max);
  });
});

describe('[AUTH]: parallel guesses on one account stop at SIGN_IN_LOCKOUT_THRESHOLD', () => {
  // Below OTP_MAX_ATTEMPTS (5), so the account's limit is the one that binds.
  const threshold = 3;
  const t = useTestApp({ env: { SIGN_IN_LOCKOUT_THRESHOLD: String(threshold), AUTH_RATE_LIMIT: '100000' } });
  beforeEach(() => {
    checked.codes = 0;
    checked.hashes = [];
  });

  const counted = async (userId: string, action: string) =>
    (await audits(t, userId, action)).filter((row) => (row.after as { failedInARow?: number }).failedInARow);

  async function expectLockedOnce(email: string, userId: string) {
    const user = await userByEmail(t, email);
    expect(user.lockedUntil).not.toBeNull();
    expect(user.failedSignIns).toBe(0);
    expect(await mailsTo(t, email, 'account-locked')).toHaveLength(1);
    expect(await audits(t, userId, 'auth.locked')).toHaveLength(1);
  }

  it(`${GUESSES} wrong passwords at once: ${threshold} count, the account locks once`, async () => {
    const person = await createPerson(t);
    const { passwordHash } = await userByEmail(t, person.email);
    const responses = await parallel(GUESSES, () =>
      new Browser(t).post('/api/auth/sign-in', { email: person.email, password: 'wrong-password-1' }),
    );

    expect(tally(responses)).toEqual({ [`401 UNAUTHENTICATED ${messages.auth.signInFailed}`]: GUESSES });
    expect(await counted(person.id, 'auth.sign_in_failed')).toHaveLength(threshold);
    await expectLockedOnce(person.email, person.id);
    // One argon2 verification per request whatever the branch; the real hash only for the counted
    // tries and for requests that found the account locked (which reveal the lock to the right
    // password only, and count nothing).
    expect(checked.hashes).toHaveLength(GUESSES);
    const refusedWhileLocked = (await audits(t, person.id, 'auth.sign_in_failed')).filter(
      (row) => (row.after as { reason?: string }).reason === 'locked',
    ).length;
    expect(checked.hashes.filter((hash) => hash === passwordHash)).toHaveLength(threshold + refusedWhileLocked);
  });

  it(`${GUESSES} wrong codes at once on one attempt: ${threshold} are compared, then it locks`, async () => {
    const { person, browser, code } = await newPersonAtCodeStep(t);
    const answers = await parallel(GUESSES, () => verify(browser, wrongCode(code)));

    expect(checked.codes).toBe(threshold);
    for (const r of answers) expect([401, 403, 429], r.body).toContain(r.statusCode);
    expect(await counted(person.id, 'auth.code_failed')).toHaveLength(threshold);
    await expectLockedOnce(person.email, person.id);
    expect(browser.sessionToken).toBeUndefined();
  });

  it(`${GUESSES} wrong codes at once over six sign-in attempts: still ${threshold} compared`, async () => {
    const person = await createPerson(t);
    const browsers: Browser[] = [];
    for (let i = 0; i < 6; i += 1) browsers.push((await startSignIn(t, person.email)).browser);
    checked.codes = 0;
    const answers = await parallel(GUESSES, (i) => {
      const browser = browsers[i % browsers.length];
      if (!browser) throw new Error('no browser');
      return verify(browser, '000000');
    });

    expect(checked.codes).toBe(threshold);
    for (const r of answers) expect([401, 403, 429], r.body).toContain(r.statusCode);
    await expectLockedOnce(person.email, person.id);
  });

  it(`${GUESSES} wrong current passwords at once (a stolen session): ${threshold} are checked`, async () => {
    const person = await createPerson(t);
    const member = await signIn(t, person.email);
    const { passwordHash } = await userByEmail(t, person.email);
    checked.hashes = [];
    const answers = await parallel(GUESSES, () =>
      member.post('/api/me/password', {
        currentPassword: 'wrong-password-1',
        newPassword: 'a-brand-new-secret-9',
        confirmPassword: 'a-brand-new-secret-9',
      }),
    );

    const wrong = answers.filter((r) => r.statusCode === 400);
    expect(wrong.map((r) => r.json<{ message: string }>().message)).toEqual(
      Array.from({ length: threshold }, () => messages.settings.currentPasswordWrong),
    );
    // The rest were refused unread: locked (403) or with every try being checked (429).
    for (const r of answers) expect([400, 403, 429], r.body).toContain(r.statusCode);
    expect(checked.hashes.filter((hash) => hash === passwordHash)).toHaveLength(threshold);
    expect(await counted(person.id, 'auth.password_check_failed')).toHaveLength(threshold);
    await expectLockedOnce(person.email, person.id);
    const [{ n } = { n: -1 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, person.id), eq(auditLog.action, 'auth.password_changed')));
    expect(n).toBe(0);
  });
});
