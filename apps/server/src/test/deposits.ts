import {
  type DepositInput,
  type DepositOverview,
  type DepositResult,
  IDEMPOTENCY_HEADER,
  type StaffDepositResult,
} from '@mutual/shared';
import sharp from 'sharp';
import { afterEach, beforeAll, expect } from 'vitest';
import { releaseDueHolds } from '../modules/deposits/release-holds';
import { checkPicture } from './check-picture';
import {
  Browser,
  createPerson,
  DEMO_PASSWORD,
  type FilePart,
  manualClock,
  multipart,
  signIn,
  type TestApp,
  uniqueEmail,
} from './identity';
import { type Member, memberWithMoney, newKey } from './money';
import { daysLongTestEnv, expectLedgerConsistent, useTestApp } from './test-app';
import { users } from '../modules/people/people.tables';
import { eq } from 'drizzle-orm';
import type { Env } from '../config';

export const DEPOSITS = '/api/deposits';

/** A photo of a "check" (`checkPicture`), encoded as a phone would send it. */
export async function checkPhoto(seed: number, options: { format?: 'jpeg' | 'png' | 'webp'; width?: number } = {}) {
  const svg = checkPicture(seed, options.width);
  const image = sharp(Buffer.from(svg));
  const format = options.format ?? 'jpeg';
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'webp'
      ? image.webp().toBuffer()
      : image.jpeg().toBuffer();
}

/** Another photo of the same check: re-encoded smaller and a little brighter — different bytes. */
export async function retakenPhoto(photo: Buffer): Promise<Buffer> {
  return sharp(photo).resize({ width: 1000 }).modulate({ brightness: 1.05 }).jpeg({ quality: 70 }).toBuffer();
}

const part = (bytes: Buffer, name: string): FilePart => ({ bytes, type: 'image/jpeg', filename: `${name}.jpg` });

export interface DepositParts {
  deposit?: Partial<DepositInput> | string;
  front?: Buffer | null;
  back?: Buffer | null;
}

let unusedSeed = 1_000_000;

/**
 * POSTs a deposit (multipart) with an idempotency key. Photos not given are of a check never
 * photographed before (a retry with the same key must pass the same photos).
 */
export async function sendDeposit(browser: Browser, parts: DepositParts = {}, key = newKey()) {
  const front = parts.front === undefined ? await checkPhoto((unusedSeed += 1)) : parts.front;
  const back = parts.back === undefined ? await checkPhoto((unusedSeed += 1)) : parts.back;
  const files: Record<string, FilePart> = {};
  if (front) files.front = part(front, 'front');
  if (back) files.back = part(back, 'back');
  const value =
    typeof parts.deposit === 'string' ? parts.deposit : { toAccount: 'Checking', amount: '100.00', ...parts.deposit };
  const form = await multipart({ json: { name: 'deposit', value }, files });
  return browser.request('POST', DEPOSITS, { form, headers: { [IDEMPOTENCY_HEADER]: key } });
}

/** A deposit that must succeed: its answer. */
export async function deposited(browser: Browser, parts: DepositParts = {}): Promise<DepositResult> {
  const response = await sendDeposit(browser, parts);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<DepositResult>();
}

export async function depositOverview(browser: Browser, page = 1): Promise<DepositOverview> {
  const response = await browser.get(`${DEPOSITS}?page=${page}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DepositOverview>();
}

/** Staff decide through the API: the answer, whatever its status. */
export const review = {
  approve: (staff: Browser, id: string) => staff.post(`/api/admin/deposits/${id}/approve`),
  reject: (staff: Browser, id: string, reason: string) => staff.post(`/api/admin/deposits/${id}/reject`, { reason }),
  returnItem: (staff: Browser, id: string, reason: string) =>
    staff.post(`/api/admin/deposits/${id}/return`, { reason }),
};

/** Approves, expecting success. */
export async function approved(staff: Browser, id: string): Promise<StaffDepositResult> {
  const response = await review.approve(staff, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffDepositResult>();
}

export const releaseHolds = (t: TestApp) => releaseDueHolds({ db: t.db, logger: t.logger }, t.clock());

/** A member since January 2025: the standard limits (staff-created members are new by the real clock). */
export async function longStandingMember(t: TestApp, cents = 0n): Promise<Member> {
  const someone = await memberWithMoney(t, cents);
  await t.db
    .update(users)
    .set({ approvedAt: new Date('2025-01-02T15:00:00Z') })
    .where(eq(users.id, someone.id));
  return someone;
}

/** Settings for deposit tests: sessions outlive the days they move the clock by; no rate limits in the way. */
export const depositTestEnv = {
  ...daysLongTestEnv,
  MOBILE_DEPOSIT_RATE_LIMIT: '1000',
  // Races of several deposits from one browser (the limits' locks); the upload caps themselves are
  // tested in http/upload-caps.test.ts.
  UPLOADS_PER_SESSION: '10',
  UPLOADS_PER_MEMBER: '10',
};

/**
 * The deposit desk on Wednesday 25 November 2026, 10:00 AM in New York. Thursday is Thanksgiving
 * (the Fed is closed), then a weekend: the next business day is Friday the 27th, the second Monday
 * the 30th. The clock is manual (`time`; `at(iso)` moves it to an instant) and goes back to `start`
 * after each test, once the ledger is checked. `staff` is signed in before the first test.
 * `env` adds to `depositTestEnv`.
 */
export function useDepositDesk(env: Env = {}) {
  const start = new Date('2026-11-25T15:00:00Z');
  const time = manualClock(start);
  const t = useTestApp({ clock: time.clock, env: { ...depositTestEnv, ...env } });
  const staff = new Browser(t);
  /** The staff user's address, as Deposit Review names who acted. */
  const staffEmail = uniqueEmail('staff');
  const at = (iso: string) => {
    time.advance(new Date(iso).getTime() - time.now().getTime());
  };

  beforeAll(async () => {
    const person = await createPerson(t, { role: 'admin', email: staffEmail });
    await signIn(t, person.email, DEMO_PASSWORD, staff);
  });
  afterEach(async () => {
    await expectLedgerConsistent(t);
    at(start.toISOString());
  });
  return { t, time, start, at, staff, staffEmail };
}
