import {
  type ApiError,
  type ApplicationStatus,
  type ContactInbox,
  hasControlCharacter,
  IDEMPOTENCY_HEADER,
  messages,
  refusedTextField,
  type UserDetail,
} from '@mutual/shared';
import { declaredEndpoints } from '@mutual/shared/contract';
import { type Endpoint, pathOf } from '@mutual/shared/contract/endpoint';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/client';
import {
  Browser,
  nextIp,
  multipart,
  ORIGIN,
  signIn,
  signInStaff,
  signUp,
  uniqueEmail,
  userByEmail,
  validApplication,
  withField,
} from '../test/identity';
import { paymentForm, schedule } from '../test/bill-pay';
import { type Member, memberWithMoney, newKey } from '../test/money';
import { fieldRefusal } from '../test/responses';
import { useTestApp } from '../test/test-app';
import { internalForm, userForm } from '../test/transfer-forms';

const NUL = 'a\u0000b';
const TWO_LINES = 'Line one\r\nLine two\tend';
const refused = (field: string) => fieldRefusal(field, messages.generic.controlCharacter);
const oneLine = (field: string) => fieldRefusal(field, messages.generic.singleLine);
const controlCharacterField = (value: unknown) => refusedTextField(value)?.field;

/** The first key of an object schema (a real field name of the endpoint), or `fallback`. */
function firstKey(schema: z.ZodType | undefined, fallback: string): string {
  return schema instanceof z.ZodObject ? (Object.keys(schema.shape)[0] ?? fallback) : fallback;
}

/**
 * How many rows each table holds: "nothing was written" is this, unchanged. The rate limiter's
 * counters are left out: counting a request (refused or not) is their job.
 */
async function rowCounts(t: ReturnType<typeof useTestApp>): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'rate_limit%'
          and table_name <> 'held_slots' -- an upload's slot, given back just after its answer
        order by 1`,
  );
  const counts = await queryRows<{ name: string; n: number | string }>(
    t.db,
    sql.join(
      tables.map(({ name }) => sql`select ${name} as name, count(*) as n from ${sql.identifier(name)}`),
      sql` union all `,
    ),
  );
  return Object.fromEntries(counts.map(({ name, n }) => [name, Number(n)]));
}

function expectRefused(response: InjectResponse, field: string, label: string, refusal = refused) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
  expect(response.json<ApiError>(), label).toEqual(refusal(field));
}

describe('[INPUT]: control characters', () => {
  it('finds NUL, other C0 controls and DEL anywhere (tab and line breaks are not control characters)', () => {
    for (const bad of ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F'])
      expect(hasControlCharacter(`x${bad}y`), JSON.stringify(bad)).toBe(true);
    expect(hasControlCharacter('Line one\r\nLine two\tend — Zoë, 東京 🙂')).toBe(false);
    expect(controlCharacterField({ rows: [{ amount: '1' }, { amount: '2', memo: NUL }] })).toBe('rows.1.memo');
    expect(controlCharacterField({ address: { street: NUL } })).toBe('address.street');
    expect(controlCharacterField({ [NUL]: 'key' })).toBe('body');
    expect(controlCharacterField({ a: 1, b: true, c: null, d: ['fine'] })).toBeUndefined();
  });

  it('finds C1 controls, reordering marks, invisible spaces, line separators and lone surrogates', () => {
    const disguised = ['\u0085', '\u009B31m', '\u202E', '\u2066', '\u200F', '\u061C', '\u200B', '\u2060', '\uFEFF'];
    for (const bad of [...disguised, '\u2028', '\u2029', '\uD800', '\uDFFF', '\uDC00\uD800'])
      expect(hasControlCharacter(`Ban${bad}gor`), JSON.stringify(bad)).toBe(true);
    // Whole emoji (surrogate pairs, joined by U+200D) and joiners that scripts need are text.
    expect(hasControlCharacter('Family 👨\u200D👩\u200D👧 · می\u200Cخواهم · Ångström · ½ · ©')).toBe(false);
  });

  it('a line break or tab only in the fields written in a text area, never in a name', () => {
    const single = (value: unknown, multiLine?: string[]) => refusedTextField(value, { multiLine });
    const lineRefusal = (field: string) => ({ field, message: messages.generic.singleLine });
    for (const bad of ['\n', '\r', '\t', '\r\n'])
      expect(single({ city: `a${bad}b` }), JSON.stringify(bad)).toEqual(lineRefusal('city'));
    expect(single({ reason: TWO_LINES }, ['reason'])).toBeUndefined();
    expect(single({ reason: TWO_LINES, note: TWO_LINES }, ['reason'])).toEqual(lineRefusal('note'));
    expect(single({ address: { street: 'a\nb' } }, ['street'])).toEqual(lineRefusal('address.street'));
    expect(single({ rows: [{ description: 'a\nb' }] })).toEqual(lineRefusal('rows.0.description'));
    expect(single({ reason: { nested: TWO_LINES } }, ['reason'])).toEqual(lineRefusal('reason.nested'));
    expect(single({ 'a\tb': 'x' }, ['a\tb'])).toEqual(lineRefusal('body'));
    expect(single('a\nb')).toEqual(lineRefusal('body'));
    // A control character is refused in a text area too, and named as one.
    expect(single({ reason: `Two${NUL}\nlines` }, ['reason'])).toEqual({
      field: 'reason',
      message: messages.generic.controlCharacter,
    });
  });
});

describe('[INPUT]: every declared route refuses a control character with 400 naming the field', () => {
  const t = useTestApp();

  it('in the path, the query and the JSON body of each endpoint, and writes nothing', async () => {
    const before = await rowCounts(t);
    const tried: string[] = [];
    const send = (method: string, url: string, payload?: unknown) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: { origin: ORIGIN, ...(payload !== undefined && { 'content-type': 'application/json' }) },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
        // The dev pages' data answer this computer only (dev-mailbox-access.ts).
        remoteAddress: url.startsWith('/api/dev/') ? '127.0.0.1' : nextIp(),
      });

    for (const { name, endpoint } of declaredEndpoints()) {
      const paramNames = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
      const clean = pathOf(endpoint.path, Object.fromEntries(paramNames.map((p) => [p, 'probe'])));
      if (paramNames[0]) {
        const withFirst = (value: string) =>
          pathOf(endpoint.path, Object.fromEntries(paramNames.map((p) => [p, p === paramNames[0] ? value : 'probe'])));
        expectRefused(await send(endpoint.method, withFirst(NUL)), paramNames[0], `${name} path`);
        expectRefused(await send(endpoint.method, withFirst('a\nb')), paramNames[0], `${name} path`, oneLine);
        tried.push(`${name} path`);
      }
      if (endpoint.query) {
        const key = firstKey(endpoint.query, 'q');
        const url = (value: string) => `${clean}?${key}=${encodeURIComponent(value)}`;
        expectRefused(await send(endpoint.method, url(NUL)), key, `${name} query`);
        expectRefused(await send(endpoint.method, url('a\tb')), key, `${name} query`, oneLine);
        tried.push(`${name} query`);
      }
      if (endpoint.body && !endpoint.multipart) {
        const key = firstKey(endpoint.body, 'value');
        expectRefused(await send(endpoint.method, clean, { [key]: NUL }), key, `${name} body`);
        expectRefused(await send(endpoint.method, clean, { [key]: { nested: [NUL] } }), `${key}.nested.0`, name);
        // No endpoint takes several lines below a field, nor in a field's name.
        const nested = { [key]: { nested: ['a\nb'] } };
        expectRefused(await send(endpoint.method, clean, nested), `${key}.nested.0`, name, oneLine);
        expectRefused(await send(endpoint.method, clean, { [`${key}\r\n`]: 'x' }), 'body', name, oneLine);
        if (!endpoint.multiLine?.includes(key))
          expectRefused(await send(endpoint.method, clean, { [key]: 'a\nb' }), key, `${name} body`, oneLine);
        tried.push(`${name} body`);
      }
    }
    // Every module's endpoints were tried (a guard that only some routes have would fail above).
    expect(tried.length).toBeGreaterThan(60);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('a User-Agent with a C1 control (a terminal escape), which Node lets through: refused', async () => {
    const before = await rowCounts(t);
    for (const url of ['/api/auth/sign-in', '/api/contact-messages']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN, 'content-type': 'application/json', 'user-agent': 'Evil\u009b2J\u0085line' },
        payload: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
        remoteAddress: nextIp(),
      });
      expectRefused(response, 'user-agent', url);
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('a stray query parameter on a route that takes none, and a query key itself', async () => {
    const site = await t.app.inject({ url: `/api/site?utm=${encodeURIComponent(NUL)}` });
    expectRefused(site, 'utm', 'site');
    const key = await t.app.inject({ url: `/api/site?${encodeURIComponent(NUL)}=1` });
    expectRefused(key, 'query', 'query key');
    const lines = await t.app.inject({ url: `/api/site?${encodeURIComponent('a\nb')}=1` });
    expectRefused(lines, 'query', 'query key', oneLine);
  });
});

describe('[INPUT]: the routes that answered 500 for a NUL now answer 400 and write nothing', () => {
  const t = useTestApp();
  let member: Member;
  let staff: Browser;
  let other: Member;
  beforeAll(async () => {
    member = await memberWithMoney(t, 1_000_00n, 'Nell Nul');
    other = await memberWithMoney(t, 0n, 'Otto Other');
    staff = await signInStaff(t, { name: 'Stella Staff' });
  });

  it('sign-up (a multipart JSON part), sign-in, contact, profile, transfers, staff and searches', async () => {
    const before = await rowCounts(t);
    const transfer = (path: string, body: unknown) =>
      member.browser.post(path, body, { headers: { [IDEMPOTENCY_HEADER]: newKey() } });
    const cases: Array<[string, Promise<InjectResponse>, string]> = [
      [
        'sign-up',
        signUp(t, withField(validApplication(), 'personalInfo.firstName', `Da${NUL}`)),
        'personalInfo.firstName',
      ],
      [
        'sign-up id number',
        signUp(t, withField(validApplication(), 'documents.idCardNumber', `X12${NUL}`)),
        'documents.idCardNumber',
      ],
      ['sign-in', new Browser(t).post('/api/auth/sign-in', { email: `x${NUL}@example.com`, password: 'p' }), 'email'],
      ['password reset', new Browser(t).post('/api/auth/password-reset', { email: `x${NUL}@example.com` }), 'email'],
      [
        'contact',
        new Browser(t).post('/api/contact-messages', {
          name: 'Nell',
          email: 'nell@example.com',
          subject: 'general',
          message: `Hello${NUL}`,
        }),
        'message',
      ],
      [
        'profile',
        member.browser.patch('/api/me/profile', {
          name: 'Nell Nul',
          phone: '(207) 555-0100',
          address: { street: `1 Main${NUL}`, city: 'Portland', state: 'ME', postalCode: '04101', country: 'US' },
        }),
        'address.street',
      ],
      ['own transfer', transfer('/api/transfers/internal', internalForm({ reference: `Rent${NUL}` })), 'reference'],
      ['member transfer', transfer('/api/transfers/user', userForm(other.email, { reference: NUL })), 'reference'],
      [
        'staff create user',
        staff.post('/api/admin/users', {
          name: `Neo${NUL}`,
          email: uniqueEmail(),
          phone: '(207) 555-0150',
          password: 'correct-horse-battery',
          role: 'user',
          address: { street: '1 Test Road', city: 'Portland', state: 'ME', zipCode: '04101' },
        }),
        'name',
      ],
      ['history search', member.browser.get(`/api/me/transactions?q=${encodeURIComponent(NUL)}`), 'q'],
      ['staff user search', staff.get(`/api/admin/users?q=${encodeURIComponent(NUL)}`), 'q'],
    ];
    for (const [label, response, field] of cases) expectRefused(await response, field, label);
    expect(await rowCounts(t)).toEqual(before);
  });
});

/**
 * The schema of the field at `path` (dotted) in `body`; for a multipart endpoint, inside its one
 * JSON part. `undefined` when there is none.
 */
function fieldSchema(endpoint: Endpoint, path: string): z.ZodType | undefined {
  const unwrap = (schema: z.ZodType | undefined): z.ZodType | undefined => {
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
      return unwrap(schema.unwrap() as z.ZodType);
    if (schema instanceof z.ZodPipe) return unwrap(schema.in as z.ZodType);
    return schema;
  };
  let schema = unwrap(endpoint.body);
  if (endpoint.multipart && schema instanceof z.ZodObject) schema = unwrap(Object.values(schema.shape)[0] as z.ZodType);
  for (const key of path.split('.'))
    schema = schema instanceof z.ZodObject ? unwrap(schema.shape[key] as z.ZodType | undefined) : undefined;
  return schema;
}

describe('[INPUT]: only the fields written in a text area take several lines', () => {
  const t = useTestApp();
  let member: Member;
  let staff: Browser;
  beforeAll(async () => {
    member = await memberWithMoney(t, 1_000_00n, 'Lina Lines');
    staff = await signInStaff(t, { name: 'Stella Staff' });
  });

  it('each declared field is a text field of its endpoint that takes two lines, and gets past the guard', async () => {
    const declared = declaredEndpoints().filter(({ endpoint }) => endpoint.multiLine?.length);
    // The web's text areas (reason-form, return-parts, contact-form…): a field left off is a 400 for a person.
    expect(declared.map(({ name, endpoint }) => `${name}: ${endpoint.multiLine?.join()}`).sort()).toEqual([
      'adminMoney.reverse: reason',
      'adminMoney.setBalance: reason',
      'adminUsers.reject: reason',
      'adminUsers.requestInfo: details',
      'billPay.staffReturn: note',
      'content.sendContactMessage: message',
      'deposits.reject: reason',
      'deposits.returnItem: reason',
      'holds.lift: reason',
      'holds.place: reason',
      'onboarding.answerInfoRequest: response',
      'paymentOps.returnOrder: note',
    ]);
    for (const { name, endpoint } of declared) {
      const body: Record<string, string> = {};
      for (const field of endpoint.multiLine ?? []) {
        const schema = fieldSchema(endpoint, field);
        expect(schema?.safeParse(TWO_LINES).success, `${name}.${field} takes two lines`).toBe(true);
        body[field] = TWO_LINES;
      }
      if (endpoint.multipart) continue; // Signed in below: the route reads its parts after its guard.
      const url = pathOf(endpoint.path, { id: 'probe', accountId: 'probe', transferId: 'probe' });
      const response = await t.app.inject({
        method: endpoint.method,
        url,
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
        remoteAddress: nextIp(),
      });
      expect(response.json<ApiError>().message, name).not.toBe(messages.generic.singleLine);
      expect(response.statusCode, `${name}: ${response.body}`).not.toBe(500);
    }
  });

  it('a contact message, a hold reason, a request for information and its answer keep their lines', async () => {
    const contact = await new Browser(t).post('/api/contact-messages', {
      name: 'Pat Visitor',
      email: 'pat@example.com',
      subject: 'general',
      message: TWO_LINES,
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const inbox = (await staff.get('/api/admin/contact-messages')).json<ContactInbox>();
    expect(inbox.messages.map((message) => message.message)).toContain(TWO_LINES);

    const hold = await staff.post(`/api/admin/users/${member.id}/hold`, { reason: TWO_LINES });
    expect(hold.statusCode, hold.body).toBe(200);
    expect((await staff.get(`/api/admin/users/${member.id}`)).json<UserDetail>().hold?.reason).toBe(TWO_LINES);

    const application = validApplication();
    expect((await signUp(t, application)).statusCode).toBe(201);
    const applicant = await userByEmail(t, application.email);
    const asked = await staff.post(`/api/admin/users/${applicant.id}/request-info`, { details: TWO_LINES });
    expect(asked.statusCode, asked.body).toBe(200);
    const browser = await signIn(t, application.email, application.password);
    const form = await multipart({ json: { name: 'application', value: { response: `Here:${TWO_LINES}` } } });
    const answered = await browser.request('POST', '/api/me/application/info-responses', { form });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<ApplicationStatus>().infoRequests[0]).toMatchObject({
      requestDetails: TWO_LINES,
      response: `Here:${TWO_LINES}`,
    });
  });

  it('a line break or tab in a one-line field is refused with 400 naming it, and nothing is written', async () => {
    const before = await rowCounts(t);
    const profile = (address: Record<string, string>, name = 'Lina Lines') =>
      member.browser.patch('/api/me/profile', {
        name,
        phone: '(207) 555-0100',
        address: {
          street: '1 Main Street',
          city: 'Portland',
          state: 'ME',
          postalCode: '04101',
          country: 'US',
          ...address,
        },
      });
    const transfer = (path: string, body: unknown) =>
      member.browser.post(path, body, { headers: { [IDEMPOTENCY_HEADER]: newKey() } });
    const cases: Array<[string, Promise<InjectResponse>, string]> = [
      ['profile city', profile({ city: 'a\nb' }), 'address.city'],
      ['profile street', profile({ street: '1 Main\r\nStreet' }), 'address.street'],
      ['profile name', profile({}, 'Lina\tLines'), 'name'],
      [
        'transfer reference',
        transfer('/api/transfers/internal', internalForm({ reference: 'Rent\nMarch' })),
        'reference',
      ],
      ['bill payment memo', schedule(member, paymentForm(newKey(), '2030-01-02', { memo: 'Acct\n42' })), 'memo'],
      [
        'payee nickname',
        member.browser.post('/api/bill-pay/payees/challenge', {
          billerId: 'demo-electric',
          accountNumber: '5512345678',
          nickname: 'Electric\nbill',
        }),
        'nickname',
      ],
      [
        'staff Add Transactions description',
        staff.post(
          `/api/admin/users/${member.id}/transactions`,
          {
            rows: [
              {
                account: 'Checking',
                type: 'credit',
                amount: '5.00',
                description: 'Refund\nfee',
                category: 'Income',
                date: '2026-01-15',
                time: '09:00',
                status: 'Completed',
              },
            ],
          },
          { headers: { [IDEMPOTENCY_HEADER]: newKey() } },
        ),
        'rows.0.description',
      ],
      [
        'staff reverse-all reason (a one-line box)',
        staff.post(`/api/admin/users/${member.id}/transactions/reverse-all`, { reason: 'Test\ndata' }),
        'reason',
      ],
      [
        'registration address (a multipart part)',
        signUp(t, withField(validApplication(), 'personalInfo.address.street', '1 Main\nStreet')),
        'personalInfo.address.street',
      ],
    ];
    for (const [label, response, field] of cases) expectRefused(await response, field, label, oneLine);
    expect(await rowCounts(t)).toEqual(before);
  });
});
