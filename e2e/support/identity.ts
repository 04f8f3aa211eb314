import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccountType, BackupCodes, RegistrationInput, UserDetail, UserSummary } from '@mutual/shared';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import sharp from 'sharp';
import { type BrowserPages, DESKTOP, type OpenedPage, type Viewport, e2e, visit } from './browser';
import { readSignInCode } from './mailbox';

export { mailbox, mailsTo, readResetLink, readSignInCode, waitForMail, type MailMessage } from './mailbox';

/** Every seeded demo person signs in with this password. */
export const DEMO_PASSWORD = 'demo-password-2026';
export const STAFF_EMAIL = 'staff@mutual-demo.example';

/** Where each kind of person lands after signing in. */
export const HOME_PATHS = ['/dashboard', '/admin', '/pending-approval'] as const;

/** An address nobody else in the run uses, so a test's people are its own. */
export const uniqueEmail = (tag: string) => `e2e-${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** A fresh, not-too-common password (the server refuses very common ones). */
export const newPassword = () => `harbor-lantern-${randomUUID().slice(0, 6)}`;

export const pathname = (page: Page) => new URL(page.url()).pathname;

// ---------------------------------------------------------------- one-time codes and files

/** The current 6-digit code of an authenticator holding `secret` (spaces in the shown key are ignored). */
export function totpCode(secret: string, at = Date.now()): string {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
  });
  return totp.generate({ timestamp: at });
}

/** The 30-second step a moment belongs to. */
export const totpStep = (at = Date.now()) => Math.floor(at / 30_000);

/**
 * A code from a later step than `usedStep`, waiting for the app's next code if need be: the server
 * accepts each step once (the one used to enrol included), as a person would see by waiting.
 */
export async function nextTotpCode(secret: string, usedStep: number): Promise<string> {
  while (totpStep() <= usedStep) await new Promise((resolve) => setTimeout(resolve, 250));
  return totpCode(secret);
}

/** A small real PNG (an ID card or a profile picture, as far as the server can tell). */
export function pngBytes(background = '#0f4c81', width = 96, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Writes a PNG to a temporary file for a browser file input; returns its path. */
export async function pngFile(name: string, background?: string): Promise<string> {
  // One fixed folder, reused by every run, so uploads never pile up in the temp directory.
  const dir = path.join(os.tmpdir(), 'mutual-e2e-uploads');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, await pngBytes(background));
  return file;
}

// ---------------------------------------------------------------- the API, as a non-browser client

type Jar = Map<string, string>;

function keepCookies(jar: Jar, response: Response) {
  for (const header of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = header.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (value === '' || expired) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

async function call<T>(
  jar: Jar,
  method: string,
  apiPath: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { ...extraHeaders, origin: e2e.baseUrl, cookie: cookieHeader(jar) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(apiPath, e2e.baseUrl), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  keepCookies(jar, response);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface ApiSession {
  email: string;
  /** A JSON call as this person; `headers` adds e.g. an `Idempotency-Key`. Throws on a non-2xx answer. */
  request<T>(method: string, apiPath: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** The session's cookies, for `context.addCookies` (a browser that starts out signed in). */
  cookies(): { name: string; value: string; url: string }[];
}

/** Signs in through both API steps (the e-mailed code, unless `code` supplies another) and keeps the cookies. */
export async function apiSignIn(
  email: string,
  password = DEMO_PASSWORD,
  code?: () => string | Promise<string>,
): Promise<ApiSession> {
  const jar: Jar = new Map();
  const since = Date.now();
  await call(jar, 'POST', '/api/auth/sign-in', { email, password });
  await call(jar, 'POST', '/api/auth/verify', { code: code ? await code() : await readSignInCode(email, since) });
  return {
    email,
    request: (method, apiPath, body, headers) => call(jar, method, apiPath, body, headers),
    cookies: () => [...jar].map(([name, value]) => ({ name, value, url: e2e.baseUrl })),
  };
}

const checklist = { identityVerified: true, addressVerified: true, employmentVerified: true, incomeVerified: true };

let staffSession: Promise<ApiSession> | undefined;

/** The seeded staff member, signed in once per spec file, for set-up a test is not about. */
export const staffApi = {
  session(): Promise<ApiSession> {
    staffSession ??= apiSignIn(STAFF_EMAIL).catch((error: unknown) => {
      staffSession = undefined;
      throw error;
    });
    return staffSession;
  },
  async lookup(email: string): Promise<UserSummary> {
    return (await this.session()).request(
      'GET',
      `/api/admin/users/lookup?${new URLSearchParams({ email }).toString()}`,
    );
  },
  async detail(email: string): Promise<UserDetail> {
    const { id } = await this.lookup(email);
    return (await this.session()).request('GET', `/api/admin/users/${id}`);
  },
  async approve(email: string): Promise<UserDetail> {
    const { id } = await this.lookup(email);
    return (await this.session()).request('POST', `/api/admin/users/${id}/approve`, { checklist });
  },
  async reject(email: string, reason: string): Promise<UserDetail> {
    const { id } = await this.lookup(email);
    return (await this.session()).request('POST', `/api/admin/users/${id}/reject`, { reason, checklist });
  },
  async requestInfo(email: string, details: string): Promise<UserDetail> {
    const { id } = await this.lookup(email);
    return (await this.session()).request('POST', `/api/admin/users/${id}/request-info`, { details });
  },
  async issueBackupCodes(email: string): Promise<string[]> {
    const { id } = await this.lookup(email);
    return (await (await this.session()).request<BackupCodes>('POST', `/api/admin/users/${id}/backup-codes`)).codes;
  },
  /** Staff "edit the balance": the ledger posts an adjustment for the difference, with `reason` as its memo. */
  async setBalance(memberId: string, type: AccountType, balance: string, reason: string): Promise<{ message: string }> {
    const session = await this.session();
    const detail = await session.request<UserDetail>('GET', `/api/admin/users/${memberId}`);
    const account = detail.accounts.find((candidate) => candidate.type === type);
    if (!account) throw new Error(`${detail.email} has no ${type} account`);
    return session.request('PUT', `/api/admin/users/${memberId}/accounts/${account.id}/balance`, { balance, reason });
  },
};

// ---------------------------------------------------------------- applicants and members

export interface Person {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A complete, valid application for a new person (override any part). */
export function applicationFor(person: Person): RegistrationInput {
  return {
    email: person.email,
    password: person.password,
    confirmPassword: person.password,
    personalInfo: {
      firstName: person.firstName,
      lastName: person.lastName,
      dateOfBirth: '1990-04-12',
      nationality: 'American',
      maritalStatus: 'Single',
      address: {
        street: '7 Wharf Street',
        city: 'Portland',
        state: 'ME',
        country: 'United States',
        postalCode: '04101',
      },
    },
    contactDetails: {
      phoneNumber: '(207) 555-0142',
      alternativeEmail: '',
      emergencyContact: { name: 'Robin Example', relationship: 'Sibling', phone: '(207) 555-0143' },
    },
    documents: { idCardType: 'Passport', idCardNumber: 'P1234567' },
  };
}

/** A new person with a unique e-mail, not yet known to the server. */
export function newPerson(tag: string, firstName = 'Avery'): Person {
  return { email: uniqueEmail(tag), password: newPassword(), firstName, lastName: `Tester${randomUUID().slice(0, 4)}` };
}

/** Applies for membership the way the sign-up form does: one multipart request with a PNG ID. */
export async function applyViaApi(tag: string, firstName?: string): Promise<Person> {
  const person = newPerson(tag, firstName);
  const form = new FormData();
  form.append('application', JSON.stringify(applicationFor(person)));
  form.append('document', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'id-card.png');
  const response = await fetch(new URL('/api/registrations', e2e.baseUrl), {
    method: 'POST',
    headers: { origin: e2e.baseUrl },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`POST /api/registrations answered ${response.status}: ${await response.text()}`);
  return person;
}

/** A new approved member (applied through the API, approved by staff through the API). */
export async function createMember(tag: string, firstName?: string): Promise<Person> {
  const person = await applyViaApi(tag, firstName);
  await staffApi.approve(person.email);
  return person;
}

// ---------------------------------------------------------------- the sign-in screens

export const loginField = {
  email: (page: Page) => page.getByLabel('Email', { exact: true }),
  password: (page: Page) => page.getByLabel('Password', { exact: true }),
  /** Step 2's one box: "6-digit one-time password (OTP)", or "Backup code" after "Use a backup code". */
  code: (page: Page) => page.getByLabel(/^(6-digit one-time password \(OTP\)|Backup code)$/),
  signIn: (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true }),
  verify: (page: Page) => page.getByRole('button', { name: 'Verify & Sign in' }),
};

/**
 * Step 1 on /login: fills the e-mail and password and submits; resolves with the moment just
 * before submitting (for the mailbox) once step 2's code box shows.
 */
export async function submitCredentials(page: Page, email: string, password: string): Promise<number> {
  if (pathname(page) !== '/login') await visit(page, '/login');
  await loginField.email(page).fill(email);
  await loginField.password(page).fill(password);
  const since = Date.now();
  await loginField.signIn(page).click();
  await loginField.code(page).waitFor({ state: 'visible' });
  return since;
}

/** Step 2: types a code and presses "Verify & Sign in". */
export async function submitCode(page: Page, code: string) {
  await loginField.code(page).fill(code);
  await loginField.verify(page).click();
}

/** Waits until the person's home page (/dashboard, /admin or /pending-approval) has loaded. */
export async function waitForHome(page: Page) {
  await page.waitForURL((url) => (HOME_PATHS as readonly string[]).includes(url.pathname));
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
}

/**
 * Signs in through the real two-step UI with the e-mailed code (or the code `code` gives, e.g.
 * from an authenticator) and returns once the home page has loaded.
 */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  code?: () => string | Promise<string>,
) {
  const since = await submitCredentials(page, email, password);
  await submitCode(page, code ? await code() : await readSignInCode(email, since));
  await waitForHome(page);
}

/**
 * A fresh browser in which `person` signs in through the sign-in screens (the e-mailed code) and
 * lands on their home page.
 */
export async function signInAs(
  browser: BrowserPages,
  person: { email: string; password: string },
  viewport: Viewport = DESKTOP,
): Promise<OpenedPage> {
  const opened = await browser.open(viewport);
  await signIn(opened.page, person.email, person.password);
  return opened;
}

/** A fresh browser in which the seeded staff member signs in through the sign-in screens (on /admin). */
export const signInAsStaff = (browser: BrowserPages, viewport: Viewport = DESKTOP) =>
  signInAs(browser, { email: STAFF_EMAIL, password: DEMO_PASSWORD }, viewport);

/** Opens the avatar menu (desktop) or the phone menu and picks an item. */
export async function openAccountMenuItem(page: Page, item: 'Profile Settings' | 'Account Settings' | 'Sign out') {
  const trigger = page.getByTestId('user-menu-trigger');
  const phoneMenu = page.getByRole('button', { name: 'Open menu' });
  await expect
    .poll(async () => (await trigger.isVisible()) || (await phoneMenu.isVisible()), {
      message: 'an account menu is shown',
    })
    .toBe(true);
  if (await trigger.isVisible()) {
    await trigger.click();
    await page.getByRole('menuitem', { name: item }).click();
  } else {
    await phoneMenu.click();
    await page.getByRole('button', { name: item }).click();
  }
}

/** Opens Profile Settings or Account Settings from the account menu, once its content has loaded (GET /api/me). */
export async function openMemberDialog(page: Page, which: 'Profile Settings' | 'Account Settings') {
  await openAccountMenuItem(page, which);
  const dialog = page.getByRole('dialog', { name: which });
  await dialog.waitFor({ state: 'visible' });
  await dialog
    .getByRole('status')
    .filter({ hasText: /^Loading/ })
    .waitFor({ state: 'detached' });
  return dialog;
}

// ---------------------------------------------------------------- forms and console

/** The error text tied to a control (it must be marked aria-invalid and describe the error). */
export async function fieldError(page: Page, control: Locator): Promise<string> {
  await expect.poll(() => control.getAttribute('aria-invalid'), { message: 'control marked invalid' }).toBe('true');
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' | ');
}

/**
 * Console errors minus Chromium's "Failed to load resource" lines for the HTTP statuses a test
 * provokes on purpose (a wrong password is a 401), which the app handles on screen.
 */
export function unexpectedErrors(errors: string[], ...expectedStatuses: number[]): string[] {
  return errors.filter(
    (line) =>
      !expectedStatuses.some((status) =>
        line.includes(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );
}
