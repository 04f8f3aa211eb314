import { type BackupCodes, messages, type SignInChallenge, type TotpSetup } from '@mutual/shared';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authenticatorCode, stepStartClock, TOTP_STEP } from '../../test/authenticator';
import {
  auditActions,
  type Browser,
  createPerson,
  DEMO_PASSWORD,
  latestMail,
  mailsTo,
  sessionOf,
  signIn,
  signInStaff,
  startSignIn,
} from '../../test/identity';
import { expectRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.tables';

describe('[AUTH]: authenticator app and backup codes', () => {
  // Start at the beginning of a 30-second step so "the same code" means the same step.
  const time = stepStartClock();

  const t = useTestApp({ clock: time.clock });

  const totpCode = (secret: string) => authenticatorCode(secret, time.now());

  /** A member with an authenticator enrolled; returns their secret, backup codes and a signed-in browser. */
  async function enrolled() {
    const person = await createPerson(t);
    const browser = await signIn(t, person.email);
    const setup = (await browser.post('/api/me/totp/setup')).json<TotpSetup>();
    const confirm = await browser.post('/api/me/totp/confirm', { code: totpCode(setup.secret) });
    expect(confirm.statusCode).toBe(200);
    return { person, browser, secret: setup.secret, backup: confirm.json<BackupCodes>().codes };
  }

  async function signInWith(email: string, code: string) {
    const { browser, response } = await startSignIn(t, email);
    expect(response.statusCode).toBe(200);
    return { browser, verify: await browser.post('/api/auth/verify', { code }) };
  }

  async function lastSignInMethod(userId: string) {
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, userId), eq(auditLog.action, 'auth.sign_in')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return (row?.after as { method?: string } | undefined)?.method;
  }

  it('enrols: a QR code and secret, then a code from the app switches it on and returns 10 backup codes', async () => {
    const person = await createPerson(t);
    const browser = await signIn(t, person.email);
    const notStarted = await browser.post('/api/me/totp/confirm', { code: '123456' });
    expect(notStarted.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.settings.totpNotStarted });

    const setup = await browser.post('/api/me/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCodeDataUrl } = setup.json<TotpSetup>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent(person.email));
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await browser.post('/api/me/totp/confirm', {
      code: totpCode(secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { code: messages.auth.otpInvalid } });

    const confirm = await browser.post('/api/me/totp/confirm', { code: totpCode(secret) });
    expect(confirm.statusCode).toBe(200);
    const { codes, message } = confirm.json<BackupCodes>();
    expect(message).toBe(messages.settings.totpEnabled);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{6}$/);
    const me = (await browser.get('/api/me')).json<{
      security: { twoFactor: boolean };
      backupCodesRemaining: number;
    }>();
    expect(me.security.twoFactor).toBe(true);
    expect(me.backupCodesRemaining).toBe(10);
    expect(await auditActions(t, person.id)).toContain('auth.totp_enabled');
  });

  it('then offers the authenticator and backup codes at sign-in and e-mails nothing', async () => {
    const { person, secret } = await enrolled();
    const before = (await mailsTo(t, person.email, 'sign-in-code')).length;
    time.advance(TOTP_STEP);
    const { browser, response } = await startSignIn(t, person.email);
    expect(response.json<SignInChallenge>()).toMatchObject({ methods: ['totp', 'backup'], emailHint: null });
    expect(await mailsTo(t, person.email, 'sign-in-code')).toHaveLength(before);
    const resend = await browser.post('/api/auth/resend-code');
    expect(resend.statusCode).toBe(400);

    const verify = await browser.post('/api/auth/verify', { code: totpCode(secret) });
    expect(verify.statusCode).toBe(200);
    expect(await lastSignInMethod(person.id)).toBe('totp');
  });

  it('never accepts the same authenticator code twice, even in a new sign-in', async () => {
    const { person, secret } = await enrolled();
    // The code that confirmed the enrolment is spent.
    const spent = await signInWith(person.email, totpCode(secret));
    expect(spent.verify.statusCode).toBe(401);
    expect(spent.verify.json()).toEqual({ code: 'UNAUTHENTICATED', message: messages.auth.otpInvalid });

    time.advance(TOTP_STEP);
    const code = totpCode(secret);
    expect((await spent.browser.post('/api/auth/verify', { code })).statusCode).toBe(200);
    const replay = await signInWith(person.email, code);
    expect(replay.verify.statusCode).toBe(401);
    expect(replay.verify.json()).toMatchObject({ message: messages.auth.otpInvalid });

    // Two sign-ins racing with one fresh code: exactly one wins.
    time.advance(TOTP_STEP);
    const fresh = totpCode(secret);
    const a = await startSignIn(t, person.email);
    const b = await startSignIn(t, person.email);
    const results = await Promise.all([
      a.browser.post('/api/auth/verify', { code: fresh }),
      b.browser.post('/api/auth/verify', { code: fresh }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts each backup code once (dashes, spaces and case ignored)', async () => {
    const { person, backup } = await enrolled();
    const [first = '', second = ''] = backup;
    const used = await signInWith(person.email, ` ${first.toUpperCase().replace('-', ' ')} `);
    expect(used.verify.statusCode).toBe(200);
    expect(await lastSignInMethod(person.id)).toBe('backup');
    const again = await signInWith(person.email, first);
    expect(again.verify.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: messages.auth.otpInvalid });
    expect((await used.browser.get('/api/me')).json()).toMatchObject({ backupCodesRemaining: 9 });

    // A member replaces their own codes with the password; the old ones stop working.
    const wrongPassword = await used.browser.post('/api/me/backup-codes', { password: 'not-my-password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ fields: { password: messages.settings.currentPasswordWrong } });
    const replaced = await used.browser.post('/api/me/backup-codes', { password: DEMO_PASSWORD });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<BackupCodes>().codes).toHaveLength(10);
    expect((await signInWith(person.email, second)).verify.statusCode).toBe(401);
    expect((await signInWith(person.email, replaced.json<BackupCodes>().codes[0] ?? '')).verify.statusCode).toBe(200);
  });

  it('is not replaced without the password: no second set-up while one is on; each change is e-mailed', async () => {
    const { person, browser, backup } = await enrolled();
    const on = await latestMail(t, person.email, 'two-factor-changed');
    expect(on.subject).toBe('Two-factor authentication was turned on');

    expectRefusal(await browser.post('/api/me/totp/setup'), 409, {
      code: 'CONFLICT',
      message: messages.settings.totpAlreadyOn,
    });
    expectRefusal(await browser.post('/api/me/totp/confirm', { code: '123456' }), 409, {
      code: 'CONFLICT',
      message: messages.settings.totpAlreadyOn,
    });
    // The backup codes still stand.
    expect((await signInWith(person.email, backup[0] ?? '')).verify.statusCode).toBe(200);

    expect((await browser.post('/api/me/totp/disable', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const off = await mailsTo(t, person.email, 'two-factor-changed');
    expect(off.map((mail) => mail.subject)).toEqual([
      'Two-factor authentication was turned on',
      'Two-factor authentication was turned off',
    ]);
  });

  it('turns the authenticator off only with the password; e-mailed codes take over', async () => {
    const { person, browser } = await enrolled();
    const wrong = await browser.post('/api/me/totp/disable', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { password: messages.settings.currentPasswordWrong } });
    const off = await browser.post('/api/me/totp/disable', { password: DEMO_PASSWORD });
    expect(off.json()).toEqual({ message: messages.settings.totpDisabled });
    const { response } = await startSignIn(t, person.email);
    expect(response.json<SignInChallenge>().methods).toEqual(['email', 'backup']);
    expect(await auditActions(t, person.id)).toContain('auth.totp_disabled');
  });

  describe('staff Manage OTPs', () => {
    let staff: Browser;
    beforeAll(async () => {
      staff = await signInStaff(t);
    });

    it('issues backup codes that work once, reports their use, and revokes them', async () => {
      const person = await createPerson(t);
      const issued = await staff.post(`/api/admin/users/${person.id}/backup-codes`);
      expect(issued.statusCode).toBe(200);
      const { codes, message } = issued.json<BackupCodes>();
      expect(message).toBe(messages.admin.backupCodesIssued);
      expect(codes).toHaveLength(10);

      // The member has no authenticator: the e-mailed code is offered, but a backup code works too.
      const [first = '', second = ''] = codes;
      expect((await signInWith(person.email, first)).verify.statusCode).toBe(200);
      expect((await signInWith(person.email, first)).verify.statusCode).toBe(401);
      expect((await staff.get(`/api/admin/users/${person.id}/backup-codes`)).json()).toEqual({
        total: 10,
        used: 1,
        remaining: 9,
      });

      const revoked = await staff.delete(`/api/admin/users/${person.id}/backup-codes`);
      expect(revoked.json()).toEqual({ message: messages.admin.backupCodesRevoked });
      expect((await staff.get(`/api/admin/users/${person.id}/backup-codes`)).json()).toEqual({
        total: 10,
        used: 1,
        remaining: 0,
      });
      expect((await signInWith(person.email, second)).verify.statusCode).toBe(401);
      expect(await auditActions(t, person.id)).toEqual(
        expect.arrayContaining(['auth.backup_codes_issued', 'auth.backup_codes_revoked']),
      );
    });

    it("resets a member's authenticator", async () => {
      const { person } = await enrolled();
      const reset = await staff.delete(`/api/admin/users/${person.id}/totp`);
      expect(reset.json()).toEqual({ message: messages.admin.totpReset });
      const { response } = await startSignIn(t, person.email);
      expect(response.json<SignInChallenge>().methods).toEqual(['email', 'backup']);
    });

    it("never shows staff another staff member's codes, nor their own without the password", async () => {
      const colleague = await createPerson(t, { role: 'admin' });
      const issued = await staff.post(`/api/admin/users/${colleague.id}/backup-codes`);
      expectRefusal(issued, 409, { code: 'CONFLICT', message: messages.admin.staffIssueOwnCodes });
      expect((await staff.get(`/api/admin/users/${colleague.id}/backup-codes`)).json()).toMatchObject({ total: 0 });

      const self = (await sessionOf(staff)).user?.id;
      for (const [method, path] of [
        ['POST', 'backup-codes'],
        ['DELETE', 'backup-codes'],
        ['DELETE', 'totp'],
      ] as const) {
        const own = await staff.request(method, `/api/admin/users/${self}/${path}`);
        expectRefusal(own, 409, { code: 'CONFLICT', message: messages.admin.ownCodesInSettings });
      }
      // A colleague who lost their phone: their authenticator may be reset, and it is audited.
      const reset = await staff.delete(`/api/admin/users/${colleague.id}/totp`);
      expect(reset.json()).toEqual({ message: messages.admin.totpReset });
      expect(await auditActions(t, colleague.id)).toContain('auth.totp_disabled');
    });
  });
});
