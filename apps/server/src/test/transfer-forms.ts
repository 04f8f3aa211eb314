import {
  type ApiError,
  type ExternalTransferInput,
  type InternalTransferInput,
  type InternationalTransferInput,
  messages,
  type TransactionPage,
  type TransferChallenge,
  type UserTransferInput,
} from '@mutual/shared';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentOrders } from '../modules/payments/payments.tables';
import { openOrderNumbers } from '../modules/payments/sealed-numbers';
import { type Browser, mailedCode, type TestApp } from './identity';
import { type Member, sendTransfer } from './money';

/**
 * Valid bodies for the four transfer forms (each test changes what it is about), and the reads
 * the transfer tests share: the e-mailed transfer code, payment orders, history.
 */

export const internalForm = (overrides: Partial<InternalTransferInput> = {}): InternalTransferInput => ({
  transferType: 'internal',
  fromAccount: 'Checking',
  toAccount: 'Savings',
  amount: '10.00',
  reference: 'Savings top-up',
  ...overrides,
});

export const userForm = (recipientEmail: string, overrides: Partial<UserTransferInput> = {}): UserTransferInput => ({
  transferType: 'user',
  fromAccount: 'Checking',
  recipientEmail,
  recipientName: '',
  amount: '10.00',
  reference: 'Dinner',
  ...overrides,
});

export const externalForm = (overrides: Partial<ExternalTransferInput> = {}): ExternalTransferInput => ({
  transferType: 'external',
  fromAccount: 'Checking',
  toBank: 'Bank of America',
  routingNumber: '026009593',
  accountNumber: '123456789',
  accountName: 'Casey Jones',
  amount: '10.00',
  reference: 'Rent',
  ...overrides,
});

export const internationalForm = (overrides: Partial<InternationalTransferInput> = {}): InternationalTransferInput => ({
  transferType: 'international',
  fromAccount: 'Checking',
  recipientName: 'Lena Vogel',
  bankName: 'Deutsche Bank',
  swiftCode: 'DEUTDEFF',
  accountNumber: '12345678',
  iban: '',
  country: 'DE',
  currency: 'EUR',
  amount: '10.00',
  reference: 'Invoice 7',
  ...overrides,
});

/** A transfer between the member's own accounts through the API (Checking to Savings unless told). */
export const internalTransfer = (member: Member, overrides: Partial<InternalTransferInput> = {}) =>
  sendTransfer(member.browser, '/api/transfers/internal', internalForm(overrides));

/** `from` sends money to member `to` through the API. */
export const userTransfer = (from: Member, to: { email: string }, overrides: Partial<UserTransferInput> = {}) =>
  sendTransfer(from.browser, '/api/transfers/user', userForm(to.email, overrides));

/** The code of the newest transfer-code e-mail to `email` (the subject's last six digits). */
export const transferCode = (t: TestApp, email: string) => mailedCode(t, email, 'transfer-code', /(\d{6})$/);

/** Step 1 of an external transfer; fails the test unless the challenge is issued. */
export async function challenge(browser: Browser, form: ExternalTransferInput): Promise<TransferChallenge> {
  const response = await browser.post('/api/transfers/external/challenge', form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransferChallenge>();
}

/** Both steps of an external transfer with the e-mailed code. */
export async function externalTransfer(
  t: TestApp,
  browser: Browser,
  email: string,
  form: ExternalTransferInput,
  key?: string,
) {
  const { challengeId } = await challenge(browser, form);
  return sendTransfer(
    browser,
    '/api/transfers/external',
    { transfer: form, challengeId, otp: await transferCode(t, email) },
    key,
  );
}

/** The member's payment orders as stored: the account number and IBAN sealed. */
export const storedOrdersOf = (t: TestApp, userId: string) =>
  t.db.select().from(paymentOrders).where(eq(paymentOrders.userId, userId)).orderBy(asc(paymentOrders.createdAt));

/** The member's payment orders, the account number and IBAN opened with the app's key. */
export const ordersOf = async (t: TestApp, userId: string) =>
  (await storedOrdersOf(t, userId)).map((row) => openOrderNumbers(t.secrets, row));

export async function history(browser: Browser, query = ''): Promise<TransactionPage> {
  const response = await browser.get(`/api/me/transactions${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionPage>();
}

export async function notificationsOf(browser: Browser) {
  const response = await browser.get('/api/me/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ notifications: Array<{ kind: string; title: string; body: string }>; unread: number }>()
    .notifications;
}

export const errorOf = (response: { json: <T>() => T }) => response.json<ApiError>();

/** An outgoing-transfer limit: `count` transfers per member in each `windowHours`. */
export interface TransferLimit {
  count: number;
  windowHours: number;
}

/** The limit the limit tests run under, small enough to reach: 2 outgoing transfers in each 2 hours. */
export const SMALL_LIMIT: TransferLimit = { count: 2, windowHours: 2 };

/** The settings for `limit`. */
export const transferLimitEnv = ({ count, windowHours }: TransferLimit) => ({
  TRANSFER_LIMIT_COUNT: String(count),
  TRANSFER_LIMIT_WINDOW_HOURS: String(windowHours),
});

/** The refusal of an outgoing transfer past `limit`. */
export const limitReachedError = ({ count, windowHours }: TransferLimit): ApiError => ({
  code: 'TRANSFER_LIMIT_REACHED',
  message: messages.transfers.limitReached(count, windowHours),
});
