import { messages, type UserDetail } from '@mutual/shared';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/audit.tables';
import { type Browser, CHROME_UA, createPerson, DEMO, seedDemoPeople, signIn } from '../../test/identity';
import { balances, type Member, memberWithMoney, postedBalances, sendTransfer } from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { errorOf, internalForm, userForm } from '../../test/transfer-forms';

const h = messages.holds;
const REASON = 'Suspected account takeover';
const LIFT_REASON = 'Member verified in branch';

describe('[ADMIN]: staff place and lift holds on a member', () => {
  let ids: Awaited<ReturnType<typeof seedDemoPeople>>;
  let staff: Browser;
  let recipient: Member;

  const t = useLedgerTestApp({ env: { AUTH_RATE_LIMIT: '1000' } });
  beforeAll(async () => {
    ids = await seedDemoPeople(t);
    staff = await signIn(t, DEMO.staff);
    recipient = await memberWithMoney(t, 0n, 'Rene Recipient');
  });

  const hold = (userId: string, body: unknown = { reason: REASON }) =>
    staff.post(`/api/admin/users/${userId}/hold`, body);
  const lift = (userId: string, body: unknown = { reason: LIFT_REASON }) =>
    staff.post(`/api/admin/users/${userId}/hold/lift`, body);
  const detail = async (userId: string) => (await staff.get(`/api/admin/users/${userId}`)).json<UserDetail>();
  const auditOf = (userId: string, action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, userId), eq(auditLog.action, action)))
      .orderBy(asc(auditLog.id));

  it(
    'a hold ends the member’s sessions and refuses their ' + 'transfers with ACCOUNT_LOCKED; lifting lets them through',
    async () => {
      const member = await memberWithMoney(t, 200_00n, 'Hollis Held');

      const placed = await hold(member.id, { reason: `  ${REASON}  ` });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json()).toEqual({ message: h.placed('Hollis Held') });
      expect((await member.browser.get('/api/me/accounts')).statusCode, 'the old session is over').toBe(401);
      expect((await detail(member.id)).hold).toEqual({
        reason: REASON,
        placedAt: expect.any(String),
        placedBy: DEMO.staff,
      });
      expect((await detail(member.id)).security.activeSessions).toBe(0);

      const again = await signIn(t, member.email);
      for (const [path, body] of [
        ['/api/transfers/internal', internalForm({ amount: '5.00' })],
        ['/api/transfers/user', userForm(recipient.email, { amount: '5.00' })],
      ] as const) {
        const refused = await sendTransfer(again, path, body);
        expectRefusal(refused, 403, { code: 'ACCOUNT_LOCKED', message: messages.transfers.onHold }, path);
      }
      expect(await balances(again)).toMatchObject(postedBalances('200.00', '0.00'));

      const lifted = await lift(member.id);
      expect(lifted.statusCode, lifted.body).toBe(200);
      expect(lifted.json()).toEqual({ message: h.lifted('Hollis Held') });
      expect((await detail(member.id)).hold).toBeNull();
      expect(
        (await sendTransfer(again, '/api/transfers/internal', internalForm({ amount: '5.00' }))).statusCode,
        'the session survives a lift',
      ).toBe(201);
      expect(
        (await sendTransfer(again, '/api/transfers/user', userForm(recipient.email, { amount: '5.00' }))).statusCode,
      ).toBe(201);
      expect(await balances(again)).toMatchObject(postedBalances('190.00', '5.00'));
      expect((await balances(recipient.browser)).Checking.balance).toBe('5.00');

      const [placedRow] = await auditOf(member.id, 'hold.placed');
      expect(placedRow).toMatchObject({
        actorUserId: ids.staff,
        actorEmail: DEMO.staff,
        ipAddress: staff.ip,
        userAgent: CHROME_UA,
        after: { reason: REASON },
      });
      const [liftedRow] = await auditOf(member.id, 'hold.lifted');
      expect(liftedRow).toMatchObject({
        actorEmail: DEMO.staff,
        ipAddress: staff.ip,
        userAgent: CHROME_UA,
        before: { reason: REASON },
        after: { liftReason: LIFT_REASON },
      });
    },
  );

  it('refuses a second hold and a lift with no hold (409), changing nothing', async () => {
    const member = await memberWithMoney(t, 0n);
    expect((await lift(member.id)).json()).toEqual({ code: 'CONFLICT', message: h.noHold });
    expect((await hold(member.id)).statusCode).toBe(200);
    const second = await hold(member.id, { reason: 'Another reason' });
    expectRefusal(second, 409, { code: 'CONFLICT', message: h.alreadyHeld });
    expect((await detail(member.id)).hold?.reason).toBe(REASON);
    expect((await lift(member.id)).statusCode).toBe(200);
    const again = await lift(member.id);
    expectRefusal(again, 409, { code: 'CONFLICT', message: h.noHold });
    expect(await auditOf(member.id, 'hold.placed')).toHaveLength(1);
    expect(await auditOf(member.id, 'hold.lifted')).toHaveLength(1);
  });

  it('needs a reason to place and to lift a hold', async () => {
    const member = await memberWithMoney(t, 0n);
    for (const body of [{ reason: '   ' }, {}, { reason: 7 }]) {
      const response = await hold(member.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toEqual(fieldRefusal('reason', h.reasonRequired));
    }
    expect((await hold(member.id, { reason: REASON, placedBy: ids.alex })).statusCode, 'no extra fields').toBe(400);
    expect((await detail(member.id)).hold).toBeNull();

    expect((await hold(member.id)).statusCode).toBe(200);
    const blank = await lift(member.id, { reason: '' });
    expectRefusal(blank, 400, fieldRefusal('reason', h.liftReasonRequired));
    expect((await detail(member.id)).hold?.reason).toBe(REASON);
    expect(await auditOf(member.id, 'hold.lifted')).toEqual([]);
  });

  it('holds only members with accounts: not applicants, not staff, not someone unknown', async () => {
    for (const userId of [ids.priya, ids.jordan, ids.chris, ids.staff, (await createPerson(t, { role: 'admin' })).id]) {
      const response = await hold(userId);
      expectRefusal(response, 409, { code: 'CONFLICT', message: h.membersOnly });
      expect(await auditOf(userId, 'hold.placed')).toEqual([]);
    }
    const unknown = await hold('00000000-0000-4000-8000-000000000000');
    expectRefusal(unknown, 404, { code: 'NOT_FOUND', message: messages.admin.userNotFound });
    expect((await lift('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await hold('not-an-id')).statusCode).toBe(400);
  });

  it('the seeded held member (Taylor) shows the hold, and staff can lift it', async () => {
    expect((await detail(ids.taylor)).hold).toMatchObject({ reason: expect.any(String) });
    expect((await lift(ids.taylor)).statusCode).toBe(200);
    expect((await detail(ids.taylor)).hold).toBeNull();
  });

  it('is for staff only', async () => {
    const member = await memberWithMoney(t, 0n);
    const other = await memberWithMoney(t, 0n);
    expect((await member.browser.post(`/api/admin/users/${other.id}/hold`, { reason: REASON })).statusCode).toBe(403);
    expect((await member.browser.post(`/api/admin/users/${member.id}/hold/lift`, { reason: REASON })).statusCode).toBe(
      403,
    );
    expect((await detail(other.id)).hold).toBeNull();
  });
});
