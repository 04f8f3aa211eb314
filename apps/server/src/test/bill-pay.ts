import {
  type BillPaymentInput,
  type BillPaymentPage,
  type BillPaymentResult,
  type BillPayOverview,
  type Payee,
  type PayeeResult,
  type TransferChallenge,
} from '@mutual/shared';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { expect } from 'vitest';
import { queryRows } from '../db/client';
import { sendDueBillPayments } from '../modules/bill-pay/send-bill-payments';
import { mailedCode, type TestApp } from './identity';
import { type Member, sendTransfer } from './money';

/** Shared steps for the Bill Pay tests: payees added with their code, payments through the API, the send job. */

export const BILL_PAY = '/api/bill-pay';
export const PAYMENTS = '/api/bill-pay/payments';

/** The code of the newest add-payee e-mail to `email`. */
export const payeeCode = (t: TestApp, email: string) => mailedCode(t, email, 'payee-code');

export async function requestPayeeCode(member: Member, payee: Record<string, unknown>): Promise<TransferChallenge> {
  const response = await member.browser.post(`${BILL_PAY}/payees/challenge`, payee);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransferChallenge>();
}

/** Adds a payee through both steps, with the e-mailed code. */
export async function addPayee(
  t: TestApp,
  member: Member,
  payee: { billerId?: string; accountNumber?: string; nickname?: string } = {},
): Promise<Payee> {
  const body = { billerId: 'demo-electric', accountNumber: '5512345678', nickname: 'Electric', ...payee };
  const { challengeId } = await requestPayeeCode(member, body);
  const otp = await payeeCode(t, member.email);
  const response = await member.browser.post(`${BILL_PAY}/payees`, { payee: body, challengeId, otp });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PayeeResult>().payee;
}

export const paymentForm = (payeeId: string, payOn: string, change: Partial<BillPaymentInput> = {}) => ({
  fromAccount: 'Checking' as const,
  payeeId,
  amount: '25.00',
  payOn,
  memo: '',
  ...change,
});

export function schedule(member: Member, body: unknown, key?: string) {
  return sendTransfer(member.browser, PAYMENTS, body, key);
}

export async function scheduled(member: Member, body: unknown): Promise<BillPaymentResult> {
  const response = await schedule(member, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillPaymentResult>();
}

export async function billPayOverview(member: Member): Promise<BillPayOverview> {
  const response = await member.browser.get(BILL_PAY);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BillPayOverview>();
}

export async function paymentsOf(member: Member, view: 'upcoming' | 'history', page = 1): Promise<BillPaymentPage> {
  const response = await member.browser.get(`${PAYMENTS}?view=${view}&page=${page}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BillPaymentPage>();
}

/** Runs the send job's work as an instance would at `now`. */
export function runSendJob(t: TestApp, now: Date) {
  return sendDueBillPayments({ ...t, clock: () => now, logger: pino({ level: 'silent' }) }, now);
}

/** 14:00 in New York on `day` (EST in winter, EDT in summer): the default cut-off. */
export const cutOffAt = (day: string, offsetHours = 5) => new Date(`${day}T${String(14 + offsetHours)}:00:00Z`);

/**
 * Resolves once `count` statements of this test's database wait on a lock (`someoneWaitsOnALock`
 * for more than one): e.g. the send job and a member's request both stopped behind a held row.
 * PostgreSQL only.
 */
export async function lockWaiters(t: TestApp, count: number): Promise<void> {
  for (;;) {
    const [row] = await queryRows<{ waiting: number }>(
      t.db,
      sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
