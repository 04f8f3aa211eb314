import { type AuditActions, type AuditPage, messages } from '@mutual/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, createPerson, manualClock, signIn, signUp, userByEmail, validApplication } from '../../test/identity';
import { cellsOf, quotedCsvLines } from '../../test/csv';
import { accountId } from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';
import { liftHold, placeHold } from '../holds/holds';
import { auditCsvHeader } from './audit-export';
import { allAuditEntries } from './audit-queries';
import { recordAudit } from './record-audit';

/** 11:00 on 14 March in New York (the default TIME_ZONE). */
const MORNING_14 = new Date('2026-03-14T15:00:00.000Z');
/** 23:30 on 14 March in New York, but already 15 March in UTC. */
const LATE_14 = new Date('2026-03-15T03:30:00.000Z');
/** 10:00 on 15 March in New York. */
const MORNING_15 = new Date('2026-03-15T14:00:00.000Z');

describe('[AUDIT]: staff read the audit log', () => {
  const time = manualClock(MORNING_14);
  const t = useTestApp({ clock: time.clock });
  let staffA: { id: string; email: string };
  let staffB: { id: string; email: string };
  let member: { id: string; email: string; name: string };
  let other: { id: string; email: string };

  /** A staff session at the clock's current time (sessions idle out when the clock jumps). */
  const staffSession = (email: string) => signIn(t, email);
  const list = async (browser: Browser, query: Record<string, string> = {}) => {
    const response = await browser.get(`/api/admin/audit?${new URLSearchParams(query).toString()}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>();
  };
  const setBalance = async (browser: Browser, userId: string, balance: string, reason: string) => {
    const account = await accountId(t, userId, 'Checking');
    const response = await browser.request('PUT', `/api/admin/users/${userId}/accounts/${account}/balance`, {
      json: { balance, reason },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const meta = { ipAddress: '198.51.100.7', userAgent: 'test' };

  beforeAll(async () => {
    const a = await createPerson(t, { role: 'admin', name: 'Avery Staff' });
    const b = await createPerson(t, { role: 'admin', name: 'Blake Staff' });
    const m = await createPerson(t, { name: 'Morgan Member' });
    const o = await createPerson(t, { name: 'Olive Other' });
    staffA = { id: a.id, email: a.email };
    staffB = { id: b.id, email: b.email };
    member = { id: m.id, email: m.email, name: 'Morgan Member' };
    other = { id: o.id, email: o.email };

    // 14 March, late in the evening in New York (15 March in UTC): staff A sets a balance.
    time.advance(LATE_14.getTime() - time.now().getTime());
    await setBalance(await staffSession(staffA.email), member.id, '120.00', 'Branch cash deposit');
    // 15 March: staff B places a hold and lifts it; staff A sets the other member's balance.
    time.advance(MORNING_15.getTime() - time.now().getTime());
    const actorB = { userId: staffB.id, email: staffB.email };
    await t.db.transaction((tx) =>
      placeHold(tx, { userId: member.id, reason: 'Card reported stolen', actor: actorB, meta, now: time.now() }),
    );
    await t.db.transaction((tx) =>
      liftHold(tx, { userId: member.id, reason: 'Card found', actor: actorB, meta, now: time.now() }),
    );
    await setBalance(await staffSession(staffA.email), other.id, '5.00', 'Correction');
  });

  it(
    'lists the whole credit union newest first, ' +
      'each entry with its label, people, origin, reason and before/after',
    async () => {
      const staff = await staffSession(staffA.email);
      const page = await list(staff, { action: 'account.balance_adjusted' });
      expect(page.entries.map((entry) => entry.target?.email)).toEqual([other.email, member.email]);
      expect(page).toMatchObject({
        total: 2,
        totalCapped: false,
        newer: null,
        older: null,
        pageSize: 50,
        timeZone: 'America/New_York',
      });
      expect(page.entries[1]).toMatchObject({
        at: LATE_14.toISOString(),
        action: 'account.balance_adjusted',
        label: 'Balance set',
        actorUserId: staffA.id,
        actorEmail: staffA.email,
        target: { id: member.id, name: member.name, email: member.email },
        ipAddress: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/),
        userAgent: expect.stringContaining('Chrome'),
        reason: 'Branch cash deposit',
        before: { type: 'Checking', balance: '0.00' },
        after: { type: 'Checking', balance: '120.00', reason: 'Branch cash deposit' },
      });
    },
  );

  it('filters by one action, or by a family written as its prefix', async () => {
    const staff = await staffSession(staffA.email);
    expect((await list(staff, { action: 'hold.placed' })).entries.map((e) => [e.action, e.reason])).toEqual([
      ['hold.placed', 'Card reported stolen'],
    ]);
    expect((await list(staff, { action: 'hold.' })).entries.map((e) => [e.action, e.label])).toEqual([
      ['hold.lifted', 'Hold lifted'],
      ['hold.placed', 'Hold placed'],
    ]);
    // A prefix only counts as a family when it ends with the dot; "hold" alone is an exact name.
    expect((await list(staff, { action: 'hold' })).entries).toEqual([]);
    const refused = await staff.get('/api/admin/audit?action=hold%25');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.audit.actionInvalid });
  });

  it('filters by the staff user who acted, and by system', async () => {
    const staff = await staffSession(staffA.email);
    const byB = await list(staff, { actor: staffB.email.toUpperCase() });
    expect(byB.entries.map((e) => e.action)).toEqual(['hold.lifted', 'hold.placed']);
    const bySystem = await list(staff, { actor: 'system', action: 'user.created' });
    expect(bySystem.entries.map((e) => e.target?.email).sort()).toEqual(
      [staffA.email, staffB.email, member.email, other.email].sort(),
    );
    expect((await list(staff, { actor: 'nobody@example.com' })).entries).toEqual([]);
    expect((await staff.get('/api/admin/audit?actor=not-an-email')).json()).toMatchObject({
      message: messages.audit.actorInvalid,
    });
  });

  it('filters by the member acted on, by e-mail or id; an unknown e-mail is said plainly', async () => {
    const staff = await staffSession(staffA.email);
    const byEmail = await list(staff, { member: member.email, actor: staffA.email });
    expect(byEmail.entries.map((e) => e.action)).toEqual(['account.balance_adjusted']);
    const byId = await list(staff, { member: member.id });
    expect(byId.entries.every((e) => e.target?.id === member.id)).toBe(true);
    expect(byId.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['user.created', 'account.balance_adjusted', 'hold.placed', 'hold.lifted']),
    );
    const unknown = await staff.get(`/api/admin/audit?member=${encodeURIComponent('nobody@example.com')}`);
    expectRefusal(unknown, 400, fieldRefusal('member', messages.audit.memberNotFound));
  });

  it(
    "counts days in the credit union's time zone: " + '23:30 on 14 March in New York is 14 March, not the 15th',
    async () => {
      const staff = await staffSession(staffA.email);
      const day = (from: string, to: string) =>
        list(staff, { action: 'account.balance_adjusted', from, to }).then((p) =>
          p.entries.map((e) => e.target?.email),
        );
      expect(await day('2026-03-14', '2026-03-14')).toEqual([member.email]);
      expect(await day('2026-03-15', '2026-03-15')).toEqual([other.email]);
      expect(await day('2026-03-14', '2026-03-15')).toEqual([other.email, member.email]);
      expect(await day('2026-03-16', '2026-03-31')).toEqual([]);
      const backwards = await staff.get('/api/admin/audit?from=2026-03-15&to=2026-03-14');
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toMatchObject({
        message: messages.audit.dateOrder,
        fields: { to: messages.audit.dateOrder },
      });
      expect((await staff.get('/api/admin/audit?from=2026-02-30')).json()).toMatchObject({
        message: messages.audit.dateInvalid,
      });
    },
  );

  it('pages by cursor: older and newer pages meet without gaps or repeats, even as new entries arrive', async () => {
    const staff = await staffSession(staffA.email);
    const subject = await createPerson(t, { name: 'Paige Pager' });
    // 45 changes in the same instant: the order still holds (the id breaks ties).
    for (let i = 1; i <= 45; i += 1) await setBalance(staff, subject.id, `${i}.00`, `Step ${i}`);
    const query = { member: subject.id, action: 'account.balance_adjusted', pageSize: '20' };

    const first = await list(staff, query);
    expect(first).toMatchObject({ total: 45, newer: null });
    expect(first.entries.map((e) => e.reason)).toEqual(Array.from({ length: 20 }, (_, i) => `Step ${45 - i}`));
    expect(first.older).toBe(first.entries[19]?.id);

    // A change lands while staff read page 1; page 2 is still the one after page 1.
    await setBalance(staff, subject.id, '99.00', 'Step 46');
    const second = await list(staff, { ...query, olderThan: first.older ?? '' });
    expect(second.entries.map((e) => e.reason)).toEqual(Array.from({ length: 20 }, (_, i) => `Step ${25 - i}`));
    const third = await list(staff, { ...query, olderThan: second.older ?? '' });
    expect(third.entries.map((e) => e.reason)).toEqual(['Step 5', 'Step 4', 'Step 3', 'Step 2', 'Step 1']);
    expect(third.older).toBeNull();
    expect(third.newer).toBe(third.entries[0]?.id);

    // Back up: "Newer" from page 3 is page 2 again, and from page 2 the twenty after it.
    expect((await list(staff, { ...query, newerThan: third.newer ?? '' })).entries).toEqual(second.entries);
    const top = await list(staff, { ...query, newerThan: second.newer ?? '' });
    expect(top.entries.map((e) => e.reason)).toEqual(Array.from({ length: 20 }, (_, i) => `Step ${45 - i}`));
    expect(top.newer).toBe(top.entries[0]?.id);
    expect((await list(staff, { ...query, newerThan: top.newer ?? '' })).entries.map((e) => e.reason)).toEqual([
      'Step 46',
    ]);

    const both = await staff.get(`/api/admin/audit?olderThan=${first.older}&newerThan=${first.older}`);
    expect(both.statusCode).toBe(400);
    expect((await staff.get('/api/admin/audit?pageSize=7')).json()).toMatchObject({
      message: messages.audit.pageSizeInvalid,
    });
    expect((await staff.get('/api/admin/audit?olderThan=abc')).json()).toMatchObject({
      message: messages.audit.cursorInvalid,
    });
  });

  it(
    'exports CSV: dated file name, every cell quoted, formulas neutralised, ' +
      'times in TIME_ZONE, and the export is itself recorded',
    async () => {
      const staff = await staffSession(staffA.email);
      const formula = '=HYPERLINK("http://evil.example","Click")';
      const target = await createPerson(t, { name: '+Plus Name' });
      await setBalance(staff, target.id, '7.00', formula);

      const response = await staff.get(`/api/admin/audit/export?member=${encodeURIComponent(target.email)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-03-15.csv"');
      expect(response.headers['x-export-limit']).toBe('10000');
      expect(response.headers['x-export-truncated']).toBe('false');
      const [header, ...rows] = quotedCsvLines(response.body).map(cellsOf);
      // The declared columns, the wall-clock time named for TIME_ZONE; the cells below are read by position.
      expect(header).toEqual(auditCsvHeader('America/New_York'));
      expect(header?.[1]).toBe('When (America/New_York)');
      expect(rows.map((row) => row[3])).toEqual(['account.balance_adjusted', 'user.created']);
      const [adjusted] = rows;
      expect(adjusted?.slice(1, 9)).toEqual([
        '2026-03-15 10:00:00',
        MORNING_15.toISOString(),
        'account.balance_adjusted',
        'Balance set',
        staffA.email,
        "'+Plus Name",
        target.email,
        target.id,
      ]);
      expect(adjusted?.[11]).toBe(`'${formula}`);
      expect(JSON.parse(adjusted?.[13] ?? '')).toMatchObject({ balance: '7.00', reason: formula });
      for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

      const recorded = await list(staff, { action: 'audit.exported' });
      expect(recorded.entries[0]).toMatchObject({
        actorEmail: staffA.email,
        target: null,
        after: { filters: { member: target.email }, rows: 2, capped: false },
      });
    },
  );

  it('an export stops at its maximum, keeping the newest entries, and knows it stopped', async () => {
    const capped = await allAuditEntries(t.db, { action: 'hold.' }, t.config.timeZone, 1);
    expect(capped).toMatchObject({ capped: true, entries: [{ action: 'hold.lifted' }] });
    expect((await allAuditEntries(t.db, { action: 'hold.' }, t.config.timeZone, 2)).capped).toBe(false);
  });

  it('lists the actions present, with plain-words labels and families', async () => {
    await recordAudit(t.db, { action: 'widget.frobbed', actor: { userId: null, email: 'system' }, at: time.now() });
    const staff = await staffSession(staffA.email);
    const { actions, families } = (await staff.get('/api/admin/audit/actions')).json<AuditActions>();
    const names = actions.map((entry) => entry.action);
    expect(new Set(names).size).toBe(names.length);
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'hold.placed', label: 'Hold placed', family: 'hold' },
        { action: 'account.balance_adjusted', label: 'Balance set', family: 'account' },
        { action: 'widget.frobbed', label: 'Widget frobbed', family: 'widget' },
      ]),
    );
    expect(names).not.toContain('transfer.member');
    expect(families).toEqual(
      expect.arrayContaining([
        { prefix: 'hold.', label: 'Holds' },
        { prefix: 'auth.', label: 'Sign-in and security' },
      ]),
    );
  });

  it(
    "the member detail's trail takes the same action and date " +
      'filters and pages; with no query it answers as before',
    async () => {
      const staff = await staffSession(staffA.email);
      const path = `/api/admin/users/${member.id}/audit`;
      const plain = (await staff.get(path)).json<AuditPage>();
      // What was done to them and what they did (their own sign-ins would be here too).
      expect(plain.entries.map((e) => e.action)).toEqual([
        'hold.lifted',
        'hold.placed',
        'account.balance_adjusted',
        'user.created',
      ]);
      expect(plain.entries[0]).toMatchObject({
        actorEmail: staffB.email,
        ipAddress: meta.ipAddress,
        before: { reason: 'Card reported stolen' },
      });

      const holds = (await staff.get(`${path}?action=hold.`)).json<AuditPage>();
      expect(holds.entries.map((e) => e.action)).toEqual(['hold.lifted', 'hold.placed']);
      const onThe14th = (await staff.get(`${path}?from=2026-03-14&to=2026-03-14`)).json<AuditPage>();
      expect(onThe14th.entries.map((e) => e.action)).toEqual(['account.balance_adjusted', 'user.created']);
      const paged = (await staff.get(`${path}?pageSize=20`)).json<AuditPage>();
      expect(paged).toMatchObject({ pageSize: 20, older: null, newer: null, total: 4 });

      // A person's own actions are theirs too.
      await signIn(t, member.email);
      const own = (await staff.get(`${path}?action=auth.sign_in`)).json<AuditPage>();
      expect(own.entries[0]).toMatchObject({ actorUserId: member.id, target: { id: member.id } });
      expect((await staff.get(`${path}?actor=${encodeURIComponent(staffA.email)}`)).statusCode).toBe(400);
      expect((await staff.get(`${path}?from=2026-03-15&to=2026-03-14`)).json()).toMatchObject({
        message: messages.audit.dateOrder,
      });
    },
  );

  it('keeps members, applicants and visitors out of every audit route, and shows them nothing', async () => {
    const memberBrowser = await signIn(t, member.email);
    const application = validApplication();
    await signUp(t, application);
    const applicant = await userByEmail(t, application.email);
    expect(applicant.role).toBe('pending');
    const applicantBrowser = await signIn(t, application.email, application.password);
    const paths = [
      `/api/admin/audit?member=${encodeURIComponent(member.email)}`,
      '/api/admin/audit/actions',
      `/api/admin/audit/export?member=${member.id}`,
      `/api/admin/users/${member.id}/audit`,
    ];
    for (const path of paths) {
      for (const [who, browser, status] of [
        ['member', memberBrowser, 403],
        ['applicant', applicantBrowser, 403],
        ['visitor', new Browser(t), 401],
      ] as const) {
        const response = await browser.get(path);
        expect(response.statusCode, `${who} ${path}`).toBe(status);
        expect(response.headers['content-type']).toContain('application/json');
        expect(Object.keys(response.json<object>()).sort(), `${who} ${path}`).toEqual(['code', 'message']);
        expect(response.body).not.toContain(member.email);
      }
    }
  });
});
