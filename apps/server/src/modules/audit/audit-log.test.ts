import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditActions,
  Browser,
  createPerson,
  DEMO_PASSWORD,
  latestCode,
  signIn,
  signInStaff,
  signUp,
  userByEmail,
  validApplication,
} from '../../test/identity';
import { useTestApp } from '../../test/test-app';
import { auditLog } from './audit.tables';
import { recordAudit, systemActor } from './record-audit';

describe('[AUDIT]: the append-only audit log', () => {
  let staff: Browser;

  const t = useTestApp({ env: { SIGN_IN_LOCKOUT_THRESHOLD: '2' } });
  beforeAll(async () => {
    staff = await signInStaff(t);
  });

  /** Drizzle wraps the database error; the trigger's own message is its cause. */
  async function expectRefused(query: Promise<unknown>, operation: string) {
    const error = await query.then(
      () => null,
      (caught: unknown) => caught as Error & { cause?: Error },
    );
    expect(error, operation).not.toBeNull();
    expect(String(error?.cause?.message ?? error?.message)).toBe(
      `audit_log is append-only: ${operation} is not allowed`,
    );
  }
  const rows = async () => (await t.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

  it('records sign-in success and failure, codes, lockout and password changes', async () => {
    const person = await createPerson(t);
    await new Browser(t).post('/api/auth/sign-in', { email: person.email, password: 'wrong-password-1' });
    const browser = await signIn(t, person.email);
    const code = await latestCode(t, person.email);
    await browser.post('/api/me/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'a-new-passphrase',
      confirmPassword: 'a-new-passphrase',
    });
    for (let i = 0; i < 2; i++)
      await new Browser(t).post('/api/auth/sign-in', { email: person.email, password: 'wrong-password-1' });

    expect(await auditActions(t, person.id)).toEqual([
      'user.created',
      'auth.sign_in_failed',
      'auth.code_issued',
      'auth.sign_in',
      'auth.password_changed',
      'auth.sign_in_failed',
      'auth.sign_in_failed',
      'auth.locked',
    ]);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, person.id));
    const signInEntry = entries.find((entry) => entry.action === 'auth.sign_in');
    expect(signInEntry).toMatchObject({
      actorUserId: person.id,
      actorEmail: person.email,
      ipAddress: browser.ip,
      userAgent: browser.userAgent,
    });
    // Secrets never reach the log.
    const text = JSON.stringify(entries);
    for (const secret of [DEMO_PASSWORD, 'a-new-passphrase', 'wrong-password-1', code])
      expect(text).not.toContain(secret);
  });

  it('records approvals and rejections with the reviewer', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const application = validApplication();
      await signUp(t, application);
      ids.push((await userByEmail(t, application.email)).id);
    }
    const [approved = '', rejected = ''] = ids;
    const checklist = { identityVerified: true, addressVerified: true, employmentVerified: true, incomeVerified: true };
    expect((await staff.post(`/api/admin/users/${approved}/approve`, { checklist })).statusCode).toBe(200);
    expect(
      (await staff.post(`/api/admin/users/${rejected}/reject`, { reason: 'Unreadable document' })).statusCode,
    ).toBe(200);
    expect(await auditActions(t, approved)).toEqual(['registration.submitted', 'registration.approved']);
    expect(await auditActions(t, rejected)).toEqual(['registration.submitted', 'registration.rejected']);
    const [rejection] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'registration.rejected'));
    expect(rejection?.after).toMatchObject({ status: 'rejected', rejectionReason: 'Unreadable document' });
    expect(rejection?.actorUserId).not.toBeNull();
  });

  it('refuses UPDATE, DELETE and TRUNCATE, even from the application', async () => {
    const before = await rows();
    expect(before).toBeGreaterThan(0);
    await expectRefused(t.db.execute(sql`update audit_log set action = 'rewritten'`), 'UPDATE');
    await expectRefused(t.db.execute(sql`delete from audit_log`), 'DELETE');
    await expectRefused(t.db.execute(sql`truncate audit_log`), 'TRUNCATE');
    await expectRefused(
      t.db.update(auditLog).set({ actorEmail: 'someone-else' }).where(eq(auditLog.action, 'auth.sign_in')),
      'UPDATE',
    );
    expect(await rows()).toBe(before);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'rewritten'))).toEqual([]);
  });

  it('refuses a rewrite inside the transaction that wrote the entry, and the change goes down with it', async () => {
    const before = await rows();
    const attempt = t.db.transaction(async (tx) => {
      await recordAudit(tx, {
        action: 'test.rewrite_attempt',
        actor: systemActor,
        after: { reason: 'honest' },
        at: new Date(),
      });
      await tx.execute(sql`update audit_log set after = '{"reason":"forged"}' where action = 'test.rewrite_attempt'`);
    });
    await expectRefused(attempt, 'UPDATE');
    expect(await rows()).toBe(before);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'test.rewrite_attempt'))).toEqual([]);
  });

  it('gives staff no way to change it through the API: the audit routes only read', async () => {
    const before = await rows();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const path of ['/api/admin/audit', '/api/admin/audit/export', '/api/admin/audit/actions']) {
        const response = await staff.request(
          method,
          path,
          method === 'DELETE' ? {} : { json: { action: 'rewritten' } },
        );
        expect(response.statusCode, `${method} ${path}`).toBe(404);
      }
    }
    // Reading (and exporting, which is itself recorded) never alters what was there.
    const page = (await staff.get('/api/admin/audit?pageSize=100')).json<{
      entries: Array<{ id: string; action: string }>;
    }>();
    await staff.get('/api/admin/audit/export');
    expect(await rows()).toBe(before + 1);
    const again = (await staff.get('/api/admin/audit?pageSize=100')).json<{
      entries: Array<{ id: string; action: string }>;
    }>();
    expect(again.entries.slice(1)).toEqual(page.entries.slice(0, again.entries.length - 1));
    expect(again.entries[0]?.action).toBe('audit.exported');
  });
});
