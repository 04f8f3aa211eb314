import {
  type AuditEntry,
  type Me,
  messages,
  type SignInResult,
  type UserDetail,
  type UserList,
  type UserSummary,
} from '@mutual/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  type Browser,
  DEMO,
  DEMO_PASSWORD,
  latestCode,
  multipart,
  pngImage,
  seedDemoPeople,
  signIn,
  startSignIn,
  uniqueEmail,
} from '../../test/identity';
import { expectRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';
import { demoSignIns } from '../seed/demo-seed';

const a = messages.admin;

describe('[ADMIN]: the staff user console API', () => {
  let ids: Awaited<ReturnType<typeof seedDemoPeople>>;
  let staff: Browser;

  const t = useTestApp();
  beforeAll(async () => {
    ids = await seedDemoPeople(t);
    staff = await signIn(t, DEMO.staff);
  });

  const newUser = (overrides: Record<string, unknown> = {}) => ({
    name: 'Morgan Quinn',
    email: uniqueEmail('created'),
    phone: '(207) 555-0177',
    password: 'a-long-enough-passphrase',
    role: 'user',
    address: { street: '5 Wharf Street', city: 'Portland', state: 'ME', zipCode: '04101' },
    ...overrides,
  });
  const names = (list: UserList) => list.users.map((user) => user.email).sort();

  it('every person the sign-in page offers in demo mode is seeded and passes the password step', async () => {
    for (const demo of demoSignIns) {
      const { response } = await startSignIn(t, demo.email, demo.password);
      expect(response.statusCode, `${demo.label}: ${response.body}`).toBe(200);
    }
    expect(demoSignIns.map((d) => d.email).sort()).toEqual(Object.values(DEMO).sort());
  });

  it('lists people by tab with counts, and searches by name or e-mail', async () => {
    const all = (await staff.get('/api/admin/users')).json<UserList>();
    expect(all.counts).toEqual({ all: 7, pending: 2, approved: 4, rejected: 1 });
    expect(all.users).toHaveLength(7);
    expect(names((await staff.get('/api/admin/users?filter=pending')).json())).toEqual([DEMO.jordan, DEMO.priya]);
    expect(names((await staff.get('/api/admin/users?filter=approved')).json())).toEqual([
      DEMO.alex,
      DEMO.sam,
      DEMO.staff,
      DEMO.taylor,
    ]);
    expect(names((await staff.get('/api/admin/users?filter=rejected')).json())).toEqual([DEMO.chris]);

    const search = (await staff.get('/api/admin/users?q=RIVERA')).json<UserList>();
    expect(names(search)).toEqual([DEMO.sam]);
    expect(search.counts).toEqual({ all: 1, pending: 0, approved: 1, rejected: 0 });
    expect((await staff.get('/api/admin/users?q=%25')).json<UserList>().users).toEqual([]);
    expect((await staff.get('/api/admin/users?filter=everyone')).statusCode).toBe(400);
  });

  it(
    'keeps the tab counts exact as people are created, ' +
      'approved and rejected, and searches by any part of a name or e-mail',
    async () => {
      const truth = async () => {
        const rows = await queryRows<{ status: string; n: number }>(
          t.db,
          sql`select status, count(*)::int as n from users group by status`,
        );
        const of = (...statuses: string[]) =>
          rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
        return {
          all: of('pending', 'approved', 'active', 'rejected'),
          pending: of('pending'),
          approved: of('approved', 'active'),
          rejected: of('rejected'),
        };
      };
      const counts = async () => (await staff.get('/api/admin/users')).json<UserList>().counts;
      const checklist = {
        identityVerified: true,
        addressVerified: true,
        employmentVerified: true,
        incomeVerified: true,
      };
      expect((await staff.post('/api/admin/users', newUser({ name: 'Zebediah Quartermaine' }))).statusCode).toBe(201);
      // Many applicants at once (one statement), as an import would; then one approved, one rejected.
      const applicants = await queryRows<{ id: string }>(
        t.db,
        sql`
      insert into users (email, password_hash, name, role, status)
      select 'bulk.' || i || '@example.com', 'x', 'Bulk Quartermaine ' || i, 'pending', 'pending'
      from generate_series(1, 30) i
      returning id`,
      );
      expect((await staff.post(`/api/admin/users/${applicants[0]?.id}/approve`, { checklist })).statusCode).toBe(200);
      expect(
        (await staff.post(`/api/admin/users/${applicants[1]?.id}/reject`, { reason: 'Document unreadable' }))
          .statusCode,
      ).toBe(200);
      expect(await counts()).toEqual(await truth());

      const search = async (q: string, filter = 'all') =>
        (await staff.get(`/api/admin/users?filter=${filter}&q=${encodeURIComponent(q)}`)).json<UserList>();
      const quarter = await search('TERMAI');
      expect(quarter.users).toHaveLength(31);
      expect(quarter.counts).toEqual({ all: 31, pending: 28, approved: 2, rejected: 1 });
      expect((await search('termai', 'approved')).users.map((user) => user.name).sort()).toEqual([
        'Bulk Quartermaine 1',
        'Zebediah Quartermaine',
      ]);
      expect((await search('bulk.2')).users.map((user) => user.email).sort()).toEqual(
        ['bulk.2@example.com', ...Array.from({ length: 10 }, (_, i) => `bulk.2${i}@example.com`)].sort(),
      );
      expect((await search('ze')).users.map((user) => user.name)).toContain('Zebediah Quartermaine');
    },
  );

  it('looks a person up by exact e-mail', async () => {
    const found = await staff.get(`/api/admin/users/lookup?email=${encodeURIComponent(DEMO.sam.toUpperCase())}`);
    expect(found.json<UserSummary>()).toMatchObject({ id: ids.sam, email: DEMO.sam, role: 'user', status: 'approved' });
    const missing = await staff.get('/api/admin/users/lookup?email=nobody%40example.com');
    expectRefusal(missing, 404, { code: 'NOT_FOUND', message: a.userNotFound });
  });

  it("shows an applicant's application and ID document to staff", async () => {
    const detail = (await staff.get(`/api/admin/users/${ids.jordan}`)).json<UserDetail>();
    expect(detail).toMatchObject({
      role: 'pending',
      status: 'pending',
      personalInfo: { firstName: 'Jordan', lastName: 'Lee', dateOfBirth: '1995-09-30', address: { city: 'Augusta' } },
      contactDetails: { emergencyContact: { name: 'Pat Example', relationship: 'Sibling' } },
      documents: { idCardType: 'Passport', verificationStatus: 'pending', idDocument: { contentType: 'image/jpeg' } },
      accounts: [],
      security: { totpEnabled: false, lockedUntil: null, activeSessions: 0 },
    });
    const file = await staff.get(detail.documents.idDocument?.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
  });

  it('creates a member: active, verified, with Checking and Savings, audited', async () => {
    const input = newUser();
    const response = await staff.post('/api/admin/users', input);
    expect(response.statusCode).toBe(201);
    const { user, message } = response.json<{ user: UserSummary; message: string }>();
    expect(message).toBe(a.userCreated(input.email));
    expect(user).toMatchObject({
      email: input.email,
      role: 'user',
      status: 'active',
      verificationStatus: 'verified',
      isJointAccount: false,
    });

    const detail = (await staff.get(`/api/admin/users/${user.id}`)).json<UserDetail>();
    expect(detail.createdBy).toBe(DEMO.staff);
    expect(detail.accounts.map((x) => [x.type, x.routingNumber, x.balance])).toEqual([
      ['Checking', t.config.routingNumber, '0.00'],
      ['Savings', t.config.routingNumber, '0.00'],
    ]);
    const trail = (await staff.get(`/api/admin/users/${user.id}/audit`)).json<{ entries: AuditEntry[] }>();
    expect(trail.entries[0]).toMatchObject({
      action: 'user.created',
      actorEmail: DEMO.staff,
      after: expect.objectContaining({ role: 'user', status: 'active' }),
    });

    const { browser } = await startSignIn(t, input.email, input.password);
    const result = (
      await browser.post('/api/auth/verify', { code: await latestCode(t, input.email) })
    ).json<SignInResult>();
    expect(result.redirectTo).toBe('/dashboard');
  });

  it('creates staff without accounts', async () => {
    const response = await staff.post('/api/admin/users', newUser({ role: 'admin' }));
    const { user } = response.json<{ user: UserSummary }>();
    expect(user).toMatchObject({ role: 'admin', status: 'active' });
    expect((await staff.get(`/api/admin/users/${user.id}`)).json<UserDetail>().accounts).toEqual([]);
  });

  it('refuses an e-mail already in use with the spec message', async () => {
    const response = await staff.post('/api/admin/users', newUser({ email: DEMO.sam.toUpperCase() }));
    expectRefusal(response, 409, {
      code: 'CONFLICT',
      message: 'Failed to create user: An account with this email already exists.',
      fields: { email: messages.registration.emailInUse },
    });
  });

  it('requires the joint holder when the account is joint, and keeps them', async () => {
    const missing = await staff.post('/api/admin/users', newUser({ isJointAccount: true }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      fields: {
        'jointAccountHolder.name': messages.registration.required('Joint holder name'),
        'jointAccountHolder.email': messages.registration.required('Joint holder email'),
        'jointAccountHolder.phone': messages.registration.required('Joint holder phone'),
      },
    });
    const partial = await staff.post(
      '/api/admin/users',
      newUser({ isJointAccount: true, jointAccountHolder: { name: 'Jo', email: 'bad', phone: '(207) 555-0101' } }),
    );
    expect(partial.json()).toMatchObject({
      fields: { 'jointAccountHolder.email': messages.registration.emailInvalid },
    });
    const long = await staff.post(
      '/api/admin/users',
      newUser({
        isJointAccount: true,
        jointAccountHolder: { name: 'J'.repeat(121), email: 'jo@example.com', phone: '12' },
      }),
    );
    expect(long.json()).toMatchObject({
      fields: {
        'jointAccountHolder.name': messages.registration.tooLong('Joint holder name', 120),
        'jointAccountHolder.phone': messages.registration.phoneInvalid,
      },
    });

    const holder = { name: 'Jamie Quinn', email: 'jamie.quinn@example.com', phone: '(207) 555-0102' };
    const input = newUser({ isJointAccount: true, jointAccountHolder: holder });
    const created = (await staff.post('/api/admin/users', input)).json<{ user: UserSummary }>();
    expect(created.user.isJointAccount).toBe(true);
    expect((await staff.get(`/api/admin/users/${created.user.id}`)).json<UserDetail>().jointAccountHolder).toEqual(
      holder,
    );
    const member = await signIn(t, input.email, input.password);
    expect((await member.get('/api/me')).json<Me>().jointAccountHolder).toEqual(holder);
    expect((await member.get('/api/auth/session')).json()).toMatchObject({
      user: { isJointAccount: true, jointAccountHolderName: 'Jamie Quinn' },
    });
  });

  it('refuses a joint holder or an opening balance for role admin, naming the field; creates nothing', async () => {
    const holder = { name: 'Jo Quinn', email: 'jo.quinn@example.com', phone: '(207) 555-0103' };
    const refusals: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ isJointAccount: true, jointAccountHolder: holder }, { isJointAccount: a.staffNoJointAccount }],
      [{ jointAccountHolder: holder }, { jointAccountHolder: a.staffNoJointAccount }],
      [{ checkingBalance: '500.00' }, { checkingBalance: a.staffNoOpeningBalance }],
      [
        { checkingBalance: '0.01', savingsBalance: '20' },
        { checkingBalance: a.staffNoOpeningBalance, savingsBalance: a.staffNoOpeningBalance },
      ],
    ];
    for (const [override, fields] of refusals) {
      const input = newUser({ role: 'admin', ...override });
      const response = await staff.post('/api/admin/users', input);
      expectRefusal(response, 400, {
        code: 'VALIDATION_FAILED',
        message: Object.values(fields)[0] ?? '',
        fields,
      });
      const lookup = await staff.get(`/api/admin/users/lookup?email=${encodeURIComponent(input.email as string)}`);
      expect(lookup.statusCode, `${JSON.stringify(override)}: nobody created`).toBe(404);
    }

    // Nothing to open: zero balances and an empty holder (what a form sends) are no joint holder.
    const staffOnly = newUser({
      role: 'admin',
      checkingBalance: '0.00',
      savingsBalance: '0',
      jointAccountHolder: { name: '', email: '', phone: '' },
    });
    const created = await staff.post('/api/admin/users', staffOnly);
    expect(created.statusCode, created.body).toBe(201);
    const { user } = created.json<{ user: UserSummary }>();
    expect(user).toMatchObject({ role: 'admin', isJointAccount: false });
    const detail = (await staff.get(`/api/admin/users/${user.id}`)).json<UserDetail>();
    expect(detail).toMatchObject({ jointAccountHolder: null, accounts: [], createdBy: DEMO.staff });
  });

  it('says each empty box of Create New User is required, in the form’s own words', async () => {
    const empty = {
      name: '',
      email: '',
      phone: '',
      password: '',
      role: 'user',
      address: { street: '', city: '', state: '', zipCode: '' },
      isJointAccount: true,
      jointAccountHolder: { name: '', email: '', phone: '' },
    };
    const response = await staff.post('/api/admin/users', empty);
    const r = messages.registration;
    expectRefusal(response, 400, {
      code: 'VALIDATION_FAILED',
      message: r.required('Name'),
      fields: {
        name: r.required('Name'),
        email: r.required('Email'),
        phone: r.required('Phone'),
        password: r.required('Password'),
        'address.street': r.required('Street'),
        'address.city': r.required('City'),
        'address.state': r.required('State'),
        'address.zipCode': r.required('ZIP code'),
        'jointAccountHolder.name': r.required('Joint holder name'),
        'jointAccountHolder.email': r.required('Joint holder email'),
        'jointAccountHolder.phone': r.required('Joint holder phone'),
      },
    });
  });

  it('validates the Create New User form and refuses extra fields', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: ' ' }, 'name', messages.registration.required('Name')],
      [{ email: 'nope' }, 'email', messages.registration.emailInvalid],
      [{ email: '  ' }, 'email', messages.registration.required('Email')],
      [{ password: '' }, 'password', messages.registration.required('Password')],
      [{ password: 'x'.repeat(129) }, 'password', messages.registration.passwordTooLong],
      [{ phone: 'x' }, 'phone', messages.registration.phoneInvalid],
      [{ password: 'short' }, 'password', messages.registration.passwordTooShort],
      [{ role: 'pending' }, 'role', messages.registration.required('Role')],
      [
        { address: { street: '', city: 'Portland', state: 'ME', zipCode: '04101' } },
        'address.street',
        messages.registration.required('Street'),
      ],
    ];
    for (const [override, field, message] of cases) {
      const response = await staff.post('/api/admin/users', newUser(override));
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    }
    expect((await staff.post('/api/admin/users', newUser({ password: 'football' }))).json()).toMatchObject({
      fields: { password: messages.registration.passwordCommon },
    });
    for (const extra of [{ status: 'approved' }, { verificationStatus: 'verified' }, { id: ids.sam }]) {
      expect((await staff.post('/api/admin/users', newUser(extra))).statusCode).toBe(400);
    }
  });

  it("sets a member's profile picture, which the member then sees", async () => {
    const form = await multipart({
      files: { image: { bytes: await pngImage(), type: 'image/png', filename: 'sam.png' } },
    });
    const response = await staff.put(`/api/admin/users/${ids.sam}/profile-image`, form);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.profile.imageUpdated });
    const sam = await signIn(t, DEMO.sam, DEMO_PASSWORD);
    const me = (await sam.get('/api/me')).json<Me>();
    expect(me.profileImageUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const image = await sam.get(me.profileImageUrl ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(
      (await staff.put('/api/admin/users/00000000-0000-4000-8000-000000000000/profile-image', form)).statusCode,
    ).toBe(404);
  });

  it("shows staff a member's audit trail, newest first; a member gets 403", async () => {
    const sam = await signIn(t, DEMO.sam);
    const trail = (await staff.get(`/api/admin/users/${ids.sam}/audit`)).json<{ entries: AuditEntry[] }>();
    const actions = trail.entries.map((entry) => entry.action);
    expect(actions[0]).toBe('auth.sign_in');
    expect(actions).toEqual(
      expect.arrayContaining(['registration.submitted', 'registration.approved', 'auth.code_issued']),
    );
    expect(actions.indexOf('registration.approved')).toBeLessThan(actions.indexOf('registration.submitted'));
    expect(trail.entries.find((entry) => entry.action === 'auth.sign_in')?.ipAddress).toBe(sam.ip);

    const denied = await sam.get(`/api/admin/users/${ids.sam}/audit`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});
