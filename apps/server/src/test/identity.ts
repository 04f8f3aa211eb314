import { type CreateUserInput, createUserSchema, type RegistrationInput, type SessionInfo } from '@mutual/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createUser } from '../modules/admin/create-user';
import { auditLog } from '../modules/audit/audit.tables';
import { systemActor } from '../modules/audit/record-audit';
import { mailOutbox } from '../modules/mail/mail.tables';
import { type UserRow, users } from '../modules/people/people.tables';
import { DEMO_PASSWORD, seedDemo } from '../modules/seed/demo-seed';
import type { TestApp } from './test-app';

/**
 * Shared steps for the identity API tests: a cookie-keeping browser, sign-up, sign-in through the
 * e-mailed code, the outbox, multipart bodies and test files. People are made through the same
 * services the product uses (createUser, registerApplicant, reviewApplication via seedDemo).
 */

export type { TestApp };
export { DEMO_PASSWORD };
export const ORIGIN = 'http://localhost:3000';
export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let ipCounter = 0;
/** A fresh client address, so per-IP rate limits only bite where a test wants them to. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A multipart body as a browser's FormData would send it. */
export interface Multipart {
  payload: Buffer;
  contentType: string;
}

export interface FilePart {
  bytes: Buffer;
  type: string;
  filename: string;
}

export async function multipart(parts: {
  json?: { name: string; value: unknown };
  files?: Record<string, FilePart>;
}): Promise<Multipart> {
  const form = new FormData();
  if (parts.json)
    form.append(
      parts.json.name,
      typeof parts.json.value === 'string' ? parts.json.value : JSON.stringify(parts.json.value),
    );
  for (const [name, file] of Object.entries(parts.files ?? {})) {
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.filename);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 15, g: 76, b: 129 } } })
    .png()
    .toBuffer();
}

/** The smallest PDF readers accept: one empty page. */
export function pdfDocument(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

export const textFile = (): FilePart => ({
  bytes: Buffer.from('just some text, not an image'),
  type: 'image/png',
  filename: 'fake.png',
});

export interface RequestOptions {
  json?: unknown;
  form?: Multipart;
  headers?: Record<string, string>;
}

/** A browser: keeps its cookies, has its own address, sends `Origin` like a real one does. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly t: TestApp,
    readonly ip: string = nextIp(),
    readonly userAgent: string = CHROME_UA,
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: RequestOptions = {},
  ): Promise<InjectResponse> {
    const headers: Record<string, string> = { origin: ORIGIN, 'user-agent': this.userAgent, ...options.headers };
    let payload: string | Buffer | undefined;
    if (options.form) {
      headers['content-type'] = options.form.contentType;
      payload = options.form.payload;
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    }
    const response = await this.t.app.inject({
      method,
      url,
      headers,
      payload,
      remoteAddress: this.ip,
      cookies: Object.fromEntries(this.cookies),
    });
    for (const cookie of response.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const cleared =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string, options?: RequestOptions) => this.request('GET', url, options);
  post = (url: string, json?: unknown, options?: RequestOptions) => this.request('POST', url, { json, ...options });
  patch = (url: string, json?: unknown) => this.request('PATCH', url, { json });
  put = (url: string, form: Multipart) => this.request('PUT', url, { form });
  delete = (url: string) => this.request('DELETE', url);

  get sessionToken(): string | undefined {
    return this.cookies.get('mutual_session');
  }
  get attemptToken(): string | undefined {
    return this.cookies.get('mutual_signin');
  }
}

// ---------------------------------------------------------------------------------------------
// Mail

export async function mailsTo(t: TestApp, email: string, template?: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), template ? eq(mailOutbox.template, template) : undefined))
    .orderBy(asc(mailOutbox.createdAt));
}

export async function latestMail(t: TestApp, email: string, template: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no ${template} e-mail to ${email}`);
  return mail;
}

/**
 * The code of the newest `template` e-mail to `email`: read from the subject with `inSubject`
 * (six digits unless told), and checked to stand in the body as well.
 */
export async function mailedCode(
  t: TestApp,
  email: string,
  template: string,
  inSubject: RegExp = /(\d{6})/,
): Promise<string> {
  const mail = await latestMail(t, email, template);
  const code = inSubject.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  expect(mail.textBody).toContain(code);
  return code;
}

/** The 6-digit code of the newest sign-in e-mail to `email`. */
export const latestCode = (t: TestApp, email: string) => mailedCode(t, email, 'sign-in-code');

/** A code that is certainly not `code` (for wrong guesses). */
export const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

// ---------------------------------------------------------------------------------------------
// Sign-in

/** Step 1 only: returns the browser (holding the sign-in cookie) and the challenge response. */
export async function startSignIn(t: TestApp, email: string, password = DEMO_PASSWORD, browser = new Browser(t)) {
  const response = await browser.post('/api/auth/sign-in', { email, password });
  return { browser, response };
}

/**
 * A new person at the sign-in code step: step 1 (e-mail and password) answered, the e-mailed code
 * read from their mailbox. For the tests about what the code step accepts.
 */
export async function newPersonAtCodeStep(t: TestApp, browser = new Browser(t)) {
  const person = await createPerson(t);
  const { response } = await startSignIn(t, person.email, DEMO_PASSWORD, browser);
  expect(response.statusCode, response.body).toBe(200);
  return { person, browser, code: await latestCode(t, person.email) };
}

/** Both steps with the e-mailed code; returns a browser holding a session. */
export async function signIn(
  t: TestApp,
  email: string,
  password = DEMO_PASSWORD,
  browser = new Browser(t),
): Promise<Browser> {
  const step1 = await browser.post('/api/auth/sign-in', { email, password });
  expect(step1.statusCode, step1.body).toBe(200);
  const step2 = await browser.post('/api/auth/verify', { code: await latestCode(t, email) });
  expect(step2.statusCode, step2.body).toBe(200);
  expect(browser.sessionToken).toBeTruthy();
  return browser;
}

export async function sessionOf(browser: Browser): Promise<SessionInfo> {
  return (await browser.get('/api/auth/session')).json<SessionInfo>();
}

// ---------------------------------------------------------------------------------------------
// People (through the services)

export const deps = (t: TestApp) => ({
  db: t.db,
  config: t.config,
  mailer: t.mailer,
  clock: t.clock,
  storage: t.storage,
  secrets: t.secrets,
  cardKeys: t.cardKeys,
  logger: t.logger,
});

let personCounter = 0;
export const uniqueEmail = (prefix = 'person') =>
  `${prefix}.${Date.now().toString(36)}.${(personCounter += 1)}@example.com`;

/** A staff-created person (status active): role user gets Checking and Savings, admin none. */
export async function createPerson(t: TestApp, overrides: Partial<CreateUserInput> = {}) {
  const input = createUserSchema.parse({
    name: 'Robin Tester',
    email: uniqueEmail(),
    phone: '(207) 555-0150',
    password: DEMO_PASSWORD,
    role: 'user',
    address: { street: '1 Test Road', city: 'Portland', state: 'ME', zipCode: '04101' },
    ...overrides,
  });
  return createUser(deps(t), input, systemActor, { ipAddress: null, userAgent: 'test' });
}

/** A new staff member (role admin), signed in: their browser. */
export async function signInStaff(t: TestApp, overrides: Partial<CreateUserInput> = {}): Promise<Browser> {
  const staff = await createPerson(t, { ...overrides, role: 'admin' });
  return signIn(t, staff.email);
}

export const DEMO = {
  staff: 'staff@mutual-demo.example',
  alex: 'alex.morgan@mutual-demo.example',
  sam: 'sam.rivera@mutual-demo.example',
  jordan: 'jordan.lee@mutual-demo.example',
  priya: 'priya.shah@mutual-demo.example',
  chris: 'chris.doe@mutual-demo.example',
  /** A member whose transfers staff have put on hold. */
  taylor: 'taylor.brooks@mutual-demo.example',
} as const;

export async function userByEmail(t: TestApp, email: string): Promise<UserRow> {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

/** The demo credit union (staff, members Alex and Sam, applicants Jordan, Priya and Chris), with their ids. */
export async function seedDemoPeople(t: TestApp) {
  expect(await seedDemo(deps(t))).toBe(true);
  const ids = {} as Record<keyof typeof DEMO, string>;
  for (const [key, email] of Object.entries(DEMO)) ids[key as keyof typeof DEMO] = (await userByEmail(t, email)).id;
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Registration

export function validApplication(email = uniqueEmail('applicant')): RegistrationInput {
  return {
    email,
    password: 'correct-horse-battery',
    confirmPassword: 'correct-horse-battery',
    personalInfo: {
      firstName: 'Dana',
      lastName: 'Whitfield',
      dateOfBirth: '1990-05-17',
      nationality: 'American',
      maritalStatus: 'Single',
      address: {
        street: '48 Elm Street',
        city: 'Portland',
        state: 'ME',
        country: 'United States',
        postalCode: '04102',
      },
    },
    contactDetails: {
      phoneNumber: '(207) 555-0123',
      alternativeEmail: '',
      emergencyContact: { name: 'Pat Whitfield', relationship: 'Sibling', phone: '(207) 555-0199' },
    },
    documents: { idCardType: 'Passport', idCardNumber: 'X1234567' },
  };
}

/** A copy of `value` with the dotted `path` set (undefined removes the key). */
export function withField<T>(value: T, path: string, field: unknown): T {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1] ?? '';
  if (field === undefined) Reflect.deleteProperty(node, last);
  else node[last] = field;
  return copy as T;
}

export async function registrationForm(
  application: unknown,
  document: FilePart | null = { bytes: pdfDocument(), type: 'application/pdf', filename: 'id.pdf' },
) {
  return multipart({ json: { name: 'application', value: application }, files: document ? { document } : {} });
}

/** POST /api/registrations from a fresh address. */
export async function signUp(t: TestApp, application: unknown, document?: FilePart | null) {
  return new Browser(t).request('POST', '/api/registrations', { form: await registrationForm(application, document) });
}

// ---------------------------------------------------------------------------------------------
// Audit

export async function auditActions(t: TestApp, userId: string): Promise<string[]> {
  const rows = await t.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.targetUserId, userId))
    .orderBy(asc(auditLog.id));
  return rows.map((row) => row.action);
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date()) {
  let now = start;
  return {
    clock: () => now,
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
      return now;
    },
  };
}

export const MINUTE = 60_000;
