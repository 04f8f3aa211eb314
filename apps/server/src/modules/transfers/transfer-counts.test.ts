import { messages, type TransferCountList, type TransferCountResetAll } from '@mutual/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { auditLog } from '../audit/audit.tables';
import { DEMO_STAFF_EMAIL } from '../seed/demo-seed';
import {
  type Browser,
  CHROME_UA,
  createPerson,
  DEMO,
  manualClock,
  MINUTE,
  seedDemoPeople,
  signIn,
} from '../../test/identity';
import { type Member, memberWithMoney, overview } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { errorOf, limitReachedError, SMALL_LIMIT, transferLimitEnv, userTransfer } from '../../test/transfer-forms';

const r = messages.resetTransfers;
const HOUR = 60 * MINUTE;

describe('[TRANSFERS]: Reset Transfer Counts', () => {
  let ids: Awaited<ReturnType<typeof seedDemoPeople>>;
  let staff: Browser;
  let recipient: Member;
  const time = manualClock();

  const t = useLedgerTestApp({
    clock: time.clock,
    env: {
      ...transferLimitEnv(SMALL_LIMIT),
      // Upper case on purpose: e-mails are stored lower-cased, and the match must not care.
      PROTECTED_STAFF_EMAIL: DEMO.staff.toUpperCase(),
      SESSION_IDLE_MINUTES: '6000',
      SESSION_ABSOLUTE_HOURS: '100',
      AUTH_RATE_LIMIT: '1000',
    },
  });
  beforeAll(async () => {
    ids = await seedDemoPeople(t);
    staff = await signIn(t, DEMO.staff);
    recipient = await memberWithMoney(t, 0n, 'Rene Recipient');
  });

  const send = (member: Member) => userTransfer(member, recipient, { amount: '1.00' });
  const limitReached = limitReachedError(SMALL_LIMIT);
  const list = async () => {
    const response = await staff.get('/api/admin/transfer-counts');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TransferCountList>();
  };
  const rowOf = async (email: string) => (await list()).users.find((row) => row.email === email);
  const resetAudit = (userId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, userId), eq(auditLog.action, 'transfer_count.reset')))
      .orderBy(asc(auditLog.id));

  /** A member with money who has used the whole limit: the next transfer is refused. */
  async function memberAtLimit(name: string): Promise<Member> {
    const member = await memberWithMoney(t, 100_00n, name);
    for (let i = 0; i < SMALL_LIMIT.count; i += 1) expect((await send(member)).statusCode).toBe(201);
    expect(errorOf(await send(member))).toEqual(limitReached);
    return member;
  }

  it('lists every non-staff person with their count, the protected staff account flagged, and the limit', async () => {
    const otherStaff = await createPerson(t, { role: 'admin', name: 'Other Staff' });
    const member = await memberWithMoney(t, 50_00n, 'Lee Lister');
    expect((await send(member)).statusCode).toBe(201);

    const counts = await list();
    expect(counts.limit).toBe(SMALL_LIMIT.count);
    expect(counts.windowHours).toBe(SMALL_LIMIT.windowHours);
    const emails = counts.users.map((row) => row.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toEqual(
      expect.arrayContaining([
        DEMO.alex,
        DEMO.sam,
        DEMO.taylor,
        DEMO.jordan,
        DEMO.priya,
        DEMO.chris,
        member.email,
        DEMO.staff,
      ]),
    );
    expect(emails).not.toContain(otherStaff.email);
    expect(counts.users.filter((row) => row.protected).map((row) => row.email)).toEqual([DEMO.staff]);

    expect(counts.users.find((row) => row.email === member.email)).toEqual({
      id: member.id,
      name: 'Lee Lister',
      email: member.email,
      count: 1,
      windowEndsAt: new Date(time.now().getTime() + SMALL_LIMIT.windowHours * HOUR).toISOString(),
      lastResetAt: null,
      lastResetBy: null,
      protected: false,
    });
    expect(counts.users.find((row) => row.email === DEMO.priya)).toMatchObject({
      count: 0,
      windowEndsAt: null,
      protected: false,
    });
  });

  it('shows 0 once the window has passed, as the limit itself does', async () => {
    const member = await memberWithMoney(t, 50_00n);
    expect((await send(member)).statusCode).toBe(201);
    time.advance(SMALL_LIMIT.windowHours * HOUR - 1_000);
    expect(await rowOf(member.email)).toMatchObject({ count: 1 });
    time.advance(1_000);
    expect(await rowOf(member.email)).toMatchObject({ count: 0, windowEndsAt: null });
    expect((await overview(member.browser)).transferLimit.used).toBe(0);
  });

  it('Reset of a member who never sent money: shown as reset; their next transfer opens a full window', async () => {
    const member = await memberWithMoney(t, 50_00n);
    const response = await staff.post(`/api/admin/transfer-counts/${member.id}/reset`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowOf(member.email)).toMatchObject({
      count: 0,
      windowEndsAt: null,
      lastResetAt: time.now().toISOString(),
      lastResetBy: DEMO.staff,
    });
    time.advance(HOUR);
    expect((await send(member)).statusCode).toBe(201);
    expect(await rowOf(member.email)).toMatchObject({
      count: 1,
      windowEndsAt: new Date(time.now().getTime() + SMALL_LIMIT.windowHours * HOUR).toISOString(),
    });
  });

  it('Reset: the member at the limit can send again, up to the limit; staff, time and place are audited', async () => {
    const member = await memberAtLimit('Max Limit');
    expect(await rowOf(member.email)).toMatchObject({ count: SMALL_LIMIT.count });

    const response = await staff.post(`/api/admin/transfer-counts/${member.id}/reset`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: r.resetOne(member.email) });
    expect(await rowOf(member.email)).toMatchObject({
      count: 0,
      lastResetAt: time.now().toISOString(),
      lastResetBy: DEMO.staff,
    });
    expect((await overview(member.browser)).transferLimit.used).toBe(0);

    for (let i = 0; i < SMALL_LIMIT.count; i += 1) expect((await send(member)).statusCode).toBe(201);
    expect(errorOf(await send(member))).toEqual(limitReached);
    expect(await rowOf(member.email)).toMatchObject({ count: SMALL_LIMIT.count });

    const audit = await resetAudit(member.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: ids.staff,
      actorEmail: DEMO.staff,
      ipAddress: staff.ip,
      userAgent: CHROME_UA,
      before: { count: SMALL_LIMIT.count },
      after: { count: 0 },
    });
  });

  it('refuses to reset the protected account (403), and changes nothing', async () => {
    const response = await staff.post(`/api/admin/transfer-counts/${ids.staff}/reset`);
    expectRefusal(response, 403, { code: 'FORBIDDEN', message: r.protectedAccount });
    expect(await resetAudit(ids.staff)).toEqual([]);
    expect(await rowOf(DEMO.staff)).toMatchObject({ protected: true, lastResetAt: null });
  });

  it('answers 404 for someone unknown and 400 for an id that is not one', async () => {
    const unknown = await staff.post('/api/admin/transfer-counts/00000000-0000-4000-8000-000000000000/reset');
    expectRefusal(unknown, 404, { code: 'NOT_FOUND', message: messages.admin.userNotFound });
    expect((await staff.post('/api/admin/transfer-counts/not-an-id/reset')).statusCode).toBe(400);
  });

  it(
    'Reset All: resets every member with a count, ' +
      'skips the protected account, audits each, and lets them send again',
    async () => {
      // Earlier tests left counts behind: start from none.
      expect((await staff.post('/api/admin/transfer-counts/reset-all')).statusCode).toBe(200);
      const first = await memberAtLimit('Ann All');
      const second = await memberWithMoney(t, 100_00n, 'Bo All');
      expect((await send(second)).statusCode).toBe(201);
      const actionsBefore = (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'transfer_count.reset_all'), isNull(auditLog.targetUserId)))
      ).length;

      const response = await staff.post('/api/admin/transfer-counts/reset-all');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TransferCountResetAll>()).toEqual({ reset: 2, skipped: 1, message: r.resetAll(2, 1) });
      expect(r.resetAll(2, 1)).toBe('Successfully reset 2 users. 1 users skipped.');

      const counts = await list();
      expect(counts.users.filter((row) => row.count > 0)).toEqual([]);
      expect(counts.users.find((row) => row.email === DEMO.staff)).toMatchObject({
        protected: true,
        lastResetAt: null,
      });
      expect((await resetAudit(first.id)).map((row) => [row.before, row.after, row.actorEmail])).toEqual([
        [{ count: SMALL_LIMIT.count }, { count: 0 }, DEMO.staff],
      ]);
      expect((await resetAudit(second.id)).map((row) => [row.before, row.after])).toEqual([
        [{ count: 1 }, { count: 0 }],
      ]);
      const actions = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'transfer_count.reset_all'))
        .orderBy(asc(auditLog.id));
      expect(actions).toHaveLength(actionsBefore + 1);
      expect(actions.at(-1)).toMatchObject({
        actorEmail: DEMO.staff,
        ipAddress: staff.ip,
        after: { reset: 2, skipped: 1 },
      });

      for (let i = 0; i < SMALL_LIMIT.count; i += 1) expect((await send(first)).statusCode).toBe(201);
      expect(errorOf(await send(first))).toEqual(limitReached);

      // Nothing left to reset: said plainly, still recorded.
      expect((await staff.post('/api/admin/transfer-counts/reset-all')).json()).toMatchObject({ reset: 1, skipped: 1 });
      expect((await staff.post('/api/admin/transfer-counts/reset-all')).json()).toEqual({
        reset: 0,
        skipped: 1,
        message: r.resetAll(0, 1),
      });
    },
  );

  it('is for staff only', async () => {
    const member = await memberWithMoney(t, 0n);
    expect((await member.browser.get('/api/admin/transfer-counts')).statusCode).toBe(403);
    expect((await member.browser.post(`/api/admin/transfer-counts/${member.id}/reset`)).statusCode).toBe(403);
    expect((await member.browser.post('/api/admin/transfer-counts/reset-all')).statusCode).toBe(403);
  });
});

describe('[CONFIG]: the protected staff account', () => {
  it('is configured; demo mode protects the demo staff account unless told otherwise', () => {
    expect(loadConfig({}).security.protectedStaffEmail).toBe(DEMO_STAFF_EMAIL);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).security.protectedStaffEmail).toBeNull();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://x/y', PROTECTED_STAFF_EMAIL: 'ops@example.org' }).security
        .protectedStaffEmail,
    ).toBe('ops@example.org');
    expect(loadConfig({ PROTECTED_STAFF_EMAIL: 'ops@example.org' }).security.protectedStaffEmail).toBe(
      'ops@example.org',
    );
  });
});
