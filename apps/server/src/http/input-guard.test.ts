import { type ApiError, IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { declaredEndpoints } from '@mutual/shared/contract';
import { pathOf } from '@mutual/shared/contract/endpoint';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/client';
import {
  Browser,
  nextIp,
  ORIGIN,
  signInStaff,
  signUp,
  uniqueEmail,
  validApplication,
  withField,
} from '../test/identity';
import { type Member, memberWithMoney, newKey } from '../test/money';
import { fieldRefusal } from '../test/responses';
import { useTestApp } from '../test/test-app';
import { internalForm, userForm } from '../test/transfer-forms';
import { controlCharacterField, hasControlCharacter } from './input-guard';

const NUL = 'a\u0000b';
const refused = (field: string) => fieldRefusal(field, messages.generic.controlCharacter);

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

function expectRefused(response: InjectResponse, field: string, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
  expect(response.json<ApiError>(), label).toEqual(refused(field));
}

describe('[INPUT]: control characters', () => {
  it('finds NUL, other C0 controls and DEL anywhere, but lets tab and line breaks through', () => {
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
        const params = Object.fromEntries(paramNames.map((p) => [p, p === paramNames[0] ? NUL : 'probe']));
        expectRefused(await send(endpoint.method, pathOf(endpoint.path, params)), paramNames[0], `${name} path`);
        tried.push(`${name} path`);
      }
      if (endpoint.query) {
        const key = firstKey(endpoint.query, 'q');
        const url = `${clean}?${key}=${encodeURIComponent(NUL)}`;
        expectRefused(await send(endpoint.method, url), key, `${name} query`);
        tried.push(`${name} query`);
      }
      if (endpoint.body && !endpoint.multipart) {
        const key = firstKey(endpoint.body, 'value');
        expectRefused(await send(endpoint.method, clean, { [key]: NUL }), key, `${name} body`);
        expectRefused(await send(endpoint.method, clean, { [key]: { nested: [NUL] } }), `${key}.nested.0`, name);
        tried.push(`${name} body`);
      }
    }
    // Every module's endpoints were tried (a guard that only some routes have would fail above).
    expect(tried.length).toBeGreaterThan(60);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('a stray query parameter on a route that takes none, and a query key itself', async () => {
    const site = await t.app.inject({ url: `/api/site?utm=${encodeURIComponent(NUL)}` });
    expectRefused(site, 'utm', 'site');
    const key = await t.app.inject({ url: `/api/site?${encodeURIComponent(NUL)}=1` });
    expectRefused(key, 'query', 'query key');
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
