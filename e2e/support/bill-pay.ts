import { randomUUID } from 'node:crypto';
import {
  type BillPaymentInput,
  type BillPaymentPage,
  type BillPaymentResult,
  type BillPaymentView,
  type BillPayOverview,
  IDEMPOTENCY_HEADER,
  type NewPayeeInput,
  type PayeeResult,
  type TransferChallenge,
  payDateProblem,
} from '@mutual/shared';
import type { Locator, Page } from 'playwright-core';
import { type ApiSession, apiSignIn, waitForMail } from './identity';

/**
 * Quick Actions and Bill Pay as a member uses them on /dashboard, and the few API calls that set
 * a test up (a payee, a scheduled payment) or read what it needs (the dates a payment may take).
 */

export const ALEX_EMAIL = 'alex.morgan@mutual-demo.example';

export const quickActions = (page: Page) => page.getByRole('region', { name: 'Quick Actions', exact: true });

/** A tile: its name is all its text ("Cards Coming soon"), so it is found by how the name starts. */
export const tile = (page: Page, label: string) =>
  quickActions(page).getByRole('button', { name: new RegExp(`^${label} `) });

/** The open panel: its id is the dashboard anchor (`quick-actions-billpay`). */
export const quickPanel = (page: Page, id: string) => page.locator(`#quick-actions-${id}`);

export const billPayPanel = (page: Page) => quickPanel(page, 'billpay');
export const billPayForm = (page: Page) => billPayPanel(page).getByRole('form', { name: 'Pay a bill' });

/** Opens the Bill Pay tile and waits for its form (the payees and dates have loaded). */
export async function openBillPay(page: Page): Promise<Locator> {
  await tile(page, 'Bill Pay').click();
  await billPayForm(page).waitFor({ state: 'visible' });
  return billPayPanel(page);
}

/** One of the panel's sections: "Upcoming Bills", "Payment History", "Your payees", "Recurring payments". */
export const billSection = (page: Page, name: string) => billPayPanel(page).getByRole('region', { name, exact: true });

/** The visible entry (a table row, or a card in a narrow box) of a payments list holding all of `texts`. */
export function paymentEntry(section: Locator, ...texts: string[]): Locator {
  let rows = section.locator('tbody tr, li').filter({ visible: true });
  for (const text of texts) rows = rows.filter({ hasText: text });
  return rows;
}

/** `GET /api/bill-pay`: billers, payees, series and the dates a payment may take. */
export const overviewOf = (session: ApiSession) => session.request<BillPayOverview>('GET', '/api/bill-pay');

/** The first day on or after `from` a payment may be dated (a Fed business day in the window). */
export function payableDay(rules: BillPayOverview, from = rules.earliestDate): string {
  for (let day = from; day <= rules.latestDate; day = addDays(day, 1)) {
    if (payDateProblem(day, rules) === null) return day;
  }
  throw new Error(`no payable day from ${from} to ${rules.latestDate}`);
}

/** The first Saturday on or after the earliest date. */
export function firstSaturday(rules: BillPayOverview): string {
  let day = rules.earliestDate;
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 6) day = addDays(day, 1);
  return day;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The 6-digit code of the newest "payee-code" mail to `email` since `since`. */
export async function readPayeeCode(email: string, since: number): Promise<{ code: string; text: string }> {
  const mail = await waitForMail(email, { template: 'payee-code', since });
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no 6-digit code in "${mail.subject}"`);
  return { code, text: `${mail.subject}\n${mail.text}\n${mail.html}` };
}

/** Both steps of Add Payee through the API, with the e-mailed code. */
export async function addPayeeViaApi(session: ApiSession, payee: NewPayeeInput): Promise<PayeeResult> {
  const since = Date.now();
  const { challengeId } = await session.request<TransferChallenge>('POST', '/api/bill-pay/payees/challenge', payee);
  const { code } = await readPayeeCode(session.email, since);
  return session.request<PayeeResult>('POST', '/api/bill-pay/payees', { payee, challengeId, otp: code });
}

/** Schedules a payment through the API (one Idempotency-Key). */
export function scheduleViaApi(session: ApiSession, payment: BillPaymentInput): Promise<BillPaymentResult> {
  return session.request<BillPaymentResult>('POST', '/api/bill-pay/payments', payment, {
    [IDEMPOTENCY_HEADER]: randomUUID(),
  });
}

/** The API's refusal of a call that must fail: its status and `{ code, message, fields }`. */
export async function refusalOf(
  call: Promise<unknown>,
): Promise<{ status: number; body: { code: string; message: string; fields?: Record<string, string> } }> {
  try {
    await call;
  } catch (error) {
    const match = /answered (\d+): ([\s\S]*)$/.exec(error instanceof Error ? error.message : String(error));
    if (match) return { status: Number(match[1]), body: JSON.parse(match[2] ?? '{}') as never };
    throw error;
  }
  throw new Error('the call was accepted');
}

/** The member's newest Sent bill payment (their Payment History through the API), to `billerName` when given. */
export async function newestSentPayment(email: string, billerName?: string): Promise<BillPaymentView> {
  const session = await apiSignIn(email);
  const { payments } = await session.request<BillPaymentPage>('GET', '/api/bill-pay/payments?view=history');
  const [newest] = payments
    .filter(
      (payment) => payment.status === 'sent' && (billerName === undefined || payment.payee.billerName === billerName),
    )
    .sort((a, b) => (a.payOn < b.payOn ? 1 : -1));
  if (!newest) throw new Error(`${email} has no sent bill payment${billerName ? ` to ${billerName}` : ''}`);
  return newest;
}

/** Every text a person could read on the page, input values included (to prove a number is not there). */
export const everythingShown = (page: Page) =>
  page.evaluate(() =>
    [
      document.body.innerText,
      ...Array.from(document.querySelectorAll('input, select, textarea')).map(
        (control) => (control as HTMLInputElement).value,
      ),
    ].join('\n'),
  );
