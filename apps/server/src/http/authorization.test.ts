import { randomUUID } from 'node:crypto';
import {
  type AccountSummary,
  type BillPaymentPage,
  type BillPayOverview,
  type CardsOverview,
  type DepositOverview,
  type DepositResult,
  IDEMPOTENCY_HEADER,
  type Me,
  type StaffDepositPage,
  messages,
  type TransactionPage,
  type UserDetail,
} from '@mutual/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  DEMO,
  multipart,
  pngImage,
  registrationForm,
  type RequestOptions,
  seedDemoPeople,
  signIn,
  signInStaff,
  signUp,
  type TestApp,
  uniqueEmail,
  userByEmail,
  validApplication,
} from '../test/identity';
import { tenDollarLimits } from '../test/cards';
import { checkPhoto } from '../test/deposits';
import { accountId, deposit } from '../test/money';
import { expectRefusal } from '../test/responses';
import { createTestApp, useTestApp } from '../test/test-app';
import { localDay } from '../time';
import { lastClosedPeriod } from '../modules/statements/statement-periods';
import { statements } from '../modules/statements/statements.tables';
import { storedFiles } from '../modules/files/files.tables';
import { eq } from 'drizzle-orm';

/**
 * Every /api route, and what each kind of caller gets from it. Member B and staff act on member
 * A's ids; the pending applicant is Priya (who has an open information request). A route
 * without a row here fails the coverage test at the bottom.
 */
type Role = 'anonymous' | 'pending' | 'memberA' | 'memberB' | 'staff';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
// Member A goes last: A's own row on A's second session signs that session out.
const roles: Role[] = ['anonymous', 'pending', 'memberB', 'staff', 'memberA'];

interface Ctx {
  t: TestApp;
  browsers: Record<Role, Browser>;
  ids: Record<Exclude<Role, 'anonymous'>, string>;
  alexImage: string;
  priyaDocument: string;
  alexSecondSession: { id: string; browser: Browser };
  alexAccounts: string[];
  contactMessage: string;
  alexTransferId: string;
  alexSavingsId: string;
  baseUrl: string;
  bill: { payee: string; payment: string; series: string; sent: string; exportDay: string; earliest: string };
  /** Alex's Savings statement for the last closed month (issued in setup). */
  statement: { period: string; id: string };
  /** Alex's check deposits: two waiting for review, one accepted; and the front photo of one. */
  deposits: { forApproval: string; forRejection: string; accepted: string; photo: string };
  /** Alex's seeded cards. */
  cards: { debit: string; credit: string };
}
type Statuses = Record<Role, number>;
interface Row {
  method: Method;
  path: string;
  url?: (c: Ctx) => string;
  body?: (c: Ctx) => RequestOptions | Promise<RequestOptions>;
  expect: Statuses;
  check?: (c: Ctx, role: Role, body: unknown) => void | Promise<void>;
  /** For a response that never ends (an event stream): how to read just its status. */
  send?: (c: Ctx, role: Role) => Promise<number>;
}

const everyone = (s: number): Statuses => ({ anonymous: s, pending: s, memberA: s, memberB: s, staff: s });
const signedIn = (s: number): Statuses => ({ ...everyone(s), anonymous: 401 });
const applicantOnly = (s: number): Statuses => ({ anonymous: 401, pending: s, memberA: 403, memberB: 403, staff: 403 });
/** Members with accounts; staff sign-ins hold none, so money routes refuse them. */
const accountHolders = (s: number): Statuses => ({ ...signedIn(s), pending: 403, staff: 403 });
const membersOnly = (s: number): Statuses => ({ ...signedIn(s), pending: 403 });
const staffOnly = (s: number): Statuses => ({ anonymous: 401, pending: 403, memberA: 403, memberB: 403, staff: s });
/** Alex's card: member B finds no such card; staff and applicants hold no cards. */
const alexCard = (s: number): Statuses => ({ anonymous: 401, pending: 403, memberB: 404, staff: 403, memberA: s });
const debitCard =
  (suffix: string) =>
  (c: Ctx): string =>
    `/api/cards/${c.cards.debit}/${suffix}`;

const json = (value: unknown) => (): RequestOptions => ({ json: value });
const transfer = (value: unknown) => (): RequestOptions => ({
  json: value,
  headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
});
const externalTransfer = {
  transferType: 'external',
  fromAccount: 'Checking',
  toBank: 'Citibank',
  routingNumber: '021000089',
  accountNumber: '123456789',
  accountName: 'Pat Doe',
  amount: '1.00',
  reference: 'Rent',
};
const imageForm = async () =>
  multipart({ files: { image: { bytes: await pngImage(), type: 'image/png', filename: 'p.png' } } });
const image = async (): Promise<RequestOptions> => ({ form: await imageForm() });
const alex =
  (suffix = '') =>
  (c: Ctx) =>
    `/api/admin/users/${c.ids.memberA}${suffix}`;
const profile = {
  name: 'Some Body',
  phone: '(207) 555-0100',
  address: { street: '1 Main St', city: 'Portland', state: 'ME', postalCode: '04101', country: 'United States' },
};
const ownIdIn = (c: Ctx, role: Role, id: string | undefined) =>
  expect(id).toBe(role === 'anonymous' ? undefined : c.ids[role]);

const rows: Row[] = [
  // Earlier issues: public.
  { method: 'GET', path: '/api/site', expect: everyone(200) },
  {
    method: 'POST',
    path: '/api/contact-messages',
    body: json({ name: 'A', email: 'a@example.com', subject: 'loan', message: 'Hello there' }),
    expect: everyone(201),
  },
  // Served to loopback only (modules/dev/dev-mailbox-access.ts); these browsers come from 10.x.x.x.
  { method: 'GET', path: '/api/dev/mailbox', expect: everyone(404) },
  // Sign-in and sign-up: public.
  {
    method: 'GET',
    path: '/api/auth/session',
    expect: everyone(200),
    check: (c, role, body) => ownIdIn(c, role, (body as { user: { id: string } | null }).user?.id),
  },
  { method: 'POST', path: '/api/auth/session/refresh', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/auth/sign-in',
    body: json({ email: 'nobody@example.com', password: 'whatever-it-is' }),
    expect: everyone(401),
  },
  { method: 'POST', path: '/api/auth/verify', body: json({ code: '123456' }), expect: everyone(401) },
  { method: 'POST', path: '/api/auth/resend-code', expect: everyone(401) },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    body: json({ email: 'nobody@example.com' }),
    expect: everyone(202),
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    body: json({ token: 'x'.repeat(43), password: 'a-long-passphrase', confirmPassword: 'a-long-passphrase' }),
    expect: everyone(400),
  },
  {
    method: 'POST',
    path: '/api/registrations',
    body: async () => ({ form: await registrationForm(validApplication()) }),
    expect: everyone(201),
  },
  // The signed-in person's own things.
  {
    method: 'GET',
    path: '/api/me',
    expect: signedIn(200),
    check: (c, role, body) => ownIdIn(c, role, (body as Me).id),
  },
  {
    method: 'PATCH',
    path: '/api/me/profile',
    body: json(profile),
    expect: signedIn(200),
    check: (c, role, body) => ownIdIn(c, role, (body as { me: Me }).me.id),
  },
  {
    method: 'PATCH',
    path: '/api/me/settings',
    body: json({ notifications: { email: true, sms: false, push: true }, security: { loginAlerts: true } }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/me/password',
    body: json({
      currentPassword: 'not-the-password',
      newPassword: 'a-long-passphrase',
      confirmPassword: 'a-long-passphrase',
    }),
    expect: signedIn(400),
  },
  { method: 'POST', path: '/api/me/totp/setup', expect: signedIn(200) },
  { method: 'POST', path: '/api/me/totp/confirm', body: json({ code: '000000' }), expect: signedIn(400) },
  { method: 'POST', path: '/api/me/totp/disable', body: json({ password: 'not-the-password' }), expect: signedIn(400) },
  { method: 'POST', path: '/api/me/backup-codes', body: json({ password: 'not-the-password' }), expect: signedIn(400) },
  {
    method: 'GET',
    path: '/api/me/sessions',
    expect: signedIn(200),
    check: (c, role, body) => {
      const ids = (body as { sessions: Array<{ id: string }> }).sessions.map((s) => s.id);
      if (role !== 'memberA') expect(ids).not.toContain(c.alexSecondSession.id);
    },
  },
  {
    method: 'DELETE',
    path: '/api/me/sessions/:id',
    url: (c) => `/api/me/sessions/${c.alexSecondSession.id}`,
    expect: { anonymous: 401, pending: 404, memberB: 404, staff: 404, memberA: 204 },
    check: async (c, role) =>
      expect((await c.alexSecondSession.browser.get('/api/me')).statusCode).toBe(role === 'memberA' ? 401 : 200),
  },
  { method: 'DELETE', path: '/api/me/profile-image', expect: signedIn(200) },
  {
    method: 'PUT',
    path: '/api/me/profile-image',
    body: image,
    expect: signedIn(200),
    // A replaced picture is deleted: member A's new one is the one the file rows below read.
    check: (c, role, body) => {
      if (role === 'memberA') c.alexImage = (body as { me: Me }).me.profileImageUrl ?? '';
    },
  },
  { method: 'GET', path: '/api/me/notifications', expect: signedIn(200) },
  { method: 'POST', path: '/api/me/notifications/read', expect: signedIn(204) },
  { method: 'GET', path: '/api/me/application', expect: applicantOnly(200) },
  {
    method: 'POST',
    path: '/api/me/application/info-responses',
    body: async () => ({
      form: await multipart({ json: { name: 'application', value: { response: 'My utility bill is attached.' } } }),
    }),
    expect: applicantOnly(200),
  },
  {
    method: 'GET',
    path: '/api/me/accounts',
    expect: membersOnly(200),
    check: (c, role, body) => {
      const numbers = (body as { accounts: AccountSummary[] }).accounts.map((a) => a.accountNumber);
      if (role === 'memberA') expect(numbers).toEqual(c.alexAccounts);
      else expect(numbers.filter((n) => c.alexAccounts.includes(n))).toEqual([]);
    },
  },
  // Money: every route reads and moves only the caller's own accounts.
  { method: 'GET', path: '/api/me/summary', expect: accountHolders(200) },
  {
    method: 'GET',
    path: '/api/me/transactions',
    expect: accountHolders(200),
    check: (c, role, body) => {
      const ids = (body as TransactionPage).items.map((item) => item.transferId);
      if (role === 'memberA') expect(ids).toContain(c.alexTransferId);
      else expect(ids).not.toContain(c.alexTransferId);
    },
  },
  {
    method: 'GET',
    path: '/api/me/transactions/export',
    expect: accountHolders(200),
    check: (_c, role, body) => expect(String(body).includes('Matrix deposit')).toBe(role === 'memberA'),
  },
  {
    method: 'GET',
    path: '/api/me/transactions/export.ofx',
    expect: accountHolders(200),
    check: (_c, role, body) => expect(String(body).includes('Matrix deposit')).toBe(role === 'memberA'),
  },
  {
    method: 'GET',
    path: '/api/me/transactions/export.qif',
    expect: accountHolders(200),
    check: (_c, role, body) => expect(String(body).includes('Matrix deposit')).toBe(role === 'memberA'),
  },
  {
    method: 'GET',
    path: '/api/me/events',
    expect: signedIn(200),
    send: async (c, role) => {
      const cookie = [...c.browsers[role].cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const abort = new AbortController();
      const response = await fetch(`${c.baseUrl}/api/me/events`, { headers: { cookie }, signal: abort.signal });
      abort.abort();
      return response.status;
    },
  },
  // Bill Pay: the demo members have payees and payments (seed); Sam acts on Alex's.
  {
    method: 'GET',
    path: '/api/bill-pay',
    expect: accountHolders(200),
    check: (c, role, body) => {
      const payees = (body as BillPayOverview).payees.map((p) => p.id);
      if (role === 'memberA') expect(payees).toContain(c.bill.payee);
      else expect(payees).not.toContain(c.bill.payee);
    },
  },
  {
    method: 'POST',
    path: '/api/bill-pay/payees/challenge',
    body: json({ billerId: 'demo-streaming', accountNumber: 'SB99887766' }),
    expect: accountHolders(201),
  },
  {
    method: 'POST',
    path: '/api/bill-pay/payees',
    body: json({
      payee: { billerId: 'demo-streaming', accountNumber: 'SB99887766' },
      challengeId: '00000000-0000-4000-8000-00000000abcd',
      otp: '123456',
    }),
    expect: accountHolders(400),
  },
  {
    method: 'DELETE',
    path: '/api/bill-pay/payees/:id',
    url: (c) => `/api/bill-pay/payees/${c.bill.payee}`,
    // Alex's own payee still has a scheduled payment: refused, not removed.
    expect: { anonymous: 401, pending: 403, staff: 403, memberB: 404, memberA: 409 },
  },
  {
    method: 'GET',
    path: '/api/bill-pay/payments',
    expect: accountHolders(200),
    check: (c, role, body) => {
      const ids = (body as BillPaymentPage).payments.map((p) => p.id);
      if (role === 'memberA') expect(ids).toContain(c.bill.payment);
      else expect(ids).not.toContain(c.bill.payment);
    },
  },
  {
    method: 'POST',
    path: '/api/bill-pay/payments',
    body: (c) => ({
      json: { fromAccount: 'Checking', payeeId: c.bill.payee, amount: '1.00', payOn: c.bill.earliest },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    }),
    expect: { anonymous: 401, pending: 403, staff: 403, memberB: 404, memberA: 201 },
  },
  {
    method: 'POST',
    path: '/api/bill-pay/payments/:id/cancel',
    url: (c) => `/api/bill-pay/payments/${c.bill.payment}/cancel`,
    expect: { anonymous: 401, pending: 403, staff: 403, memberB: 404, memberA: 200 },
  },
  {
    method: 'POST',
    path: '/api/bill-pay/series/:id/stop',
    url: (c) => `/api/bill-pay/series/${c.bill.series}/stop`,
    expect: { anonymous: 401, pending: 403, staff: 403, memberB: 404, memberA: 200 },
  },
  { method: 'GET', path: '/api/admin/bill-pay/payments', expect: staffOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/bill-pay/payments/:id/return',
    url: (c) => `/api/admin/bill-pay/payments/${c.bill.sent}/return`,
    body: json({ code: 'ACCOUNT_NOT_FOUND', note: '' }),
    expect: staffOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/bill-pay/export.csv',
    url: (c) => `/api/admin/bill-pay/export.csv?date=${c.bill.exportDay}`,
    expect: staffOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/bill-pay/export.ach',
    url: (c) => `/api/admin/bill-pay/export.ach?date=${c.bill.exportDay}`,
    expect: staffOnly(200),
  },
  // Statements: Alex's Savings statement for the last closed month; Sam asks for it by Alex's ids.
  { method: 'GET', path: '/api/me/statements', expect: accountHolders(200) },
  {
    method: 'GET',
    path: '/api/me/statements/:accountId/:period',
    url: (c) => `/api/me/statements/${c.alexSavingsId}/${c.statement.period}`,
    expect: { anonymous: 401, pending: 403, staff: 403, memberB: 404, memberA: 200 },
  },
  {
    method: 'POST',
    path: '/api/me/statements/:accountId/:period/email',
    url: (c) => `/api/me/statements/${c.alexSavingsId}/${c.statement.period}/email`,
    body: json({}),
    expect: { anonymous: 401, pending: 403, staff: 403, memberB: 404, memberA: 202 },
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id/statements',
    url: (c) => `/api/admin/users/${c.ids.memberA}/statements`,
    expect: staffOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id/statements/:statementId',
    url: (c) => `/api/admin/users/${c.ids.memberA}/statements/${c.statement.id}`,
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/statements/:statementId/notice',
    url: (c) => `/api/admin/users/${c.ids.memberA}/statements/${c.statement.id}/notice`,
    body: json({}),
    expect: staffOnly(200),
  },
  { method: 'GET', path: '/api/admin/statement-runs', expect: staffOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/statement-runs',
    body: (c) => ({ json: { period: c.statement.period } }),
    // Jobs are off in tests: staff are told scheduled work is switched off.
    expect: staffOnly(409),
  },
  // Mobile deposit: Alex's deposits; Sam asks by their ids; staff decide each once.
  {
    method: 'GET',
    path: '/api/deposits',
    expect: accountHolders(200),
    check: (c, role, body) => {
      const ids = (body as DepositOverview).deposits.map((d) => d.id);
      if (role === 'memberA') expect(ids).toContain(c.deposits.forApproval);
      else expect(ids).not.toContain(c.deposits.forApproval);
    },
  },
  {
    method: 'POST',
    path: '/api/deposits',
    body: async () => ({
      form: await depositForm(),
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    }),
    expect: accountHolders(201),
  },
  {
    method: 'GET',
    path: '/api/files/:id',
    url: (c) => c.deposits.photo,
    expect: { anonymous: 401, pending: 404, memberB: 404, staff: 200, memberA: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/deposits',
    expect: staffOnly(200),
    check: (c, _role, body) =>
      expect((body as StaffDepositPage).deposits.map((d) => d.id)).toContain(c.deposits.forApproval),
  },
  {
    method: 'GET',
    path: '/api/admin/deposits/:id',
    url: (c) => `/api/admin/deposits/${c.deposits.forApproval}`,
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/deposits/:id/approve',
    url: (c) => `/api/admin/deposits/${c.deposits.forApproval}/approve`,
    body: json({}),
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/deposits/:id/reject',
    url: (c) => `/api/admin/deposits/${c.deposits.forRejection}/reject`,
    body: json({ reason: 'The photo of the check is not clear enough to read' }),
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/deposits/:id/return',
    url: (c) => `/api/admin/deposits/${c.deposits.accepted}/return`,
    body: json({ reason: 'The check writer’s account is closed' }),
    expect: staffOnly(200),
  },
  // Cards: Alex's. A made-up card code is refused once the card is found (400); the lost card is
  // the credit card, last, so the debit card's rows still reach it.
  {
    method: 'GET',
    path: '/api/cards',
    expect: accountHolders(200),
    check: (c, role, body) => {
      const ids = (body as CardsOverview).cards.map((card) => card.id);
      if (role === 'memberA') expect(ids).toContain(c.cards.debit);
      else expect(ids).not.toContain(c.cards.debit);
    },
  },
  { method: 'GET', path: '/api/cards/:cardId/statements', url: debitCard('statements'), expect: alexCard(200) },
  { method: 'POST', path: '/api/cards/:cardId/lock', url: debitCard('lock'), expect: alexCard(200) },
  { method: 'POST', path: '/api/cards/:cardId/unlock', url: debitCard('unlock'), expect: alexCard(200) },
  {
    method: 'POST',
    path: '/api/cards/:cardId/codes',
    url: debitCard('codes'),
    body: json({ action: 'details' }),
    expect: alexCard(201),
  },
  {
    method: 'POST',
    path: '/api/cards/:cardId/codes/verify',
    url: debitCard('codes/verify'),
    body: json({ challengeId: randomUUID(), action: 'details', otp: '123456' }),
    expect: alexCard(400),
  },
  {
    method: 'POST',
    path: '/api/cards/:cardId/pin',
    url: debitCard('pin'),
    body: json({ challengeId: randomUUID(), pin: '4821', confirmPin: '4821' }),
    expect: alexCard(400),
  },
  {
    method: 'PUT',
    path: '/api/cards/:cardId/limits',
    url: debitCard('limits'),
    body: json({ challengeId: randomUUID(), ...tenDollarLimits }),
    expect: alexCard(400),
  },
  {
    method: 'POST',
    path: '/api/cards/:cardId/details',
    url: debitCard('details'),
    body: json({ challengeId: randomUUID() }),
    expect: alexCard(400),
  },
  // The debit card is active: found, and "already active".
  {
    method: 'POST',
    path: '/api/cards/:cardId/activate',
    url: debitCard('activate'),
    body: json({ last4: '4242', expiry: '01/30' }),
    expect: alexCard(409),
  },
  {
    method: 'POST',
    path: '/api/cards/:cardId/report-lost',
    url: (c) => `/api/cards/${c.cards.credit}/report-lost`,
    body: json({ reason: 'lost' }),
    expect: alexCard(200),
  },
  // The card processor's interface: a signature, never a session (cards/processor.test.ts signs).
  { method: 'POST', path: '/api/processor/authorizations', body: json({ id: 'x' }), expect: everyone(401) },
  { method: 'POST', path: '/api/processor/clearings', body: json({ id: 'x' }), expect: everyone(401) },
  { method: 'POST', path: '/api/processor/reversals', body: json({ id: 'x' }), expect: everyone(401) },
  { method: 'POST', path: '/api/processor/refunds', body: json({ id: 'x' }), expect: everyone(401) },
  // The demo's card terminal: loopback only, like the mailbox; these browsers come from 10.x.x.x.
  { method: 'GET', path: '/api/dev/terminal', expect: everyone(404) },
  { method: 'POST', path: '/api/dev/terminal/purchase', body: json({}), expect: everyone(404) },
  { method: 'POST', path: '/api/dev/terminal/settle', body: json({}), expect: everyone(404) },
  // The demo members have money (seeded history), so their own transfers go through.
  {
    method: 'POST',
    path: '/api/transfers/internal',
    body: transfer({
      transferType: 'internal',
      fromAccount: 'Checking',
      toAccount: 'Savings',
      amount: '1.00',
      reference: 'Savings top-up',
    }),
    expect: accountHolders(201),
  },
  {
    method: 'POST',
    path: '/api/transfers/recipient',
    body: json({ email: DEMO.alex }),
    expect: { anonymous: 401, pending: 403, staff: 403, memberB: 200, memberA: 400 },
  },
  {
    method: 'POST',
    path: '/api/transfers/user',
    body: transfer({
      transferType: 'user',
      fromAccount: 'Checking',
      recipientEmail: DEMO.sam,
      amount: '1.00',
      reference: 'Lunch',
    }),
    // Sam cannot send to himself.
    expect: { anonymous: 401, pending: 403, staff: 403, memberB: 400, memberA: 201 },
  },
  {
    method: 'POST',
    path: '/api/transfers/external/challenge',
    body: json(externalTransfer),
    expect: accountHolders(201),
  },
  {
    method: 'POST',
    path: '/api/transfers/external',
    body: transfer({ transfer: externalTransfer, challengeId: '00000000-0000-4000-8000-00000000abcd', otp: '123456' }),
    expect: accountHolders(400),
  },
  {
    method: 'POST',
    path: '/api/transfers/international',
    body: transfer({
      transferType: 'international',
      fromAccount: 'Checking',
      recipientName: 'Ana Silva',
      bankName: 'Banco Exemplo',
      swiftCode: 'BEXAPTPL',
      accountNumber: 'PT50000201231234567890154',
      country: 'PT',
      currency: 'EUR',
      amount: '1.00',
      reference: 'Family support',
    }),
    expect: accountHolders(201),
  },
  // Files: a profile picture for its owner and staff; an ID document for staff only.
  {
    method: 'GET',
    path: '/api/files/:id',
    url: (c) => c.alexImage,
    expect: { anonymous: 401, pending: 404, memberA: 200, memberB: 404, staff: 200 },
  },
  {
    method: 'GET',
    path: '/api/files/:id',
    url: (c) => c.priyaDocument,
    expect: { ...staffOnly(200), pending: 404, memberA: 404, memberB: 404 },
  },
  // The staff console, on member A.
  { method: 'GET', path: '/api/admin/users', expect: staffOnly(200) },
  {
    method: 'GET',
    path: '/api/admin/users/lookup',
    url: () => `/api/admin/users/lookup?email=${encodeURIComponent(DEMO.alex)}`,
    expect: staffOnly(200),
  },
  { method: 'GET', path: '/api/admin/users/:id', url: alex(), expect: staffOnly(200) },
  {
    method: 'PUT',
    path: '/api/admin/users/:id/accounts/:accountId/balance',
    url: (c) => `/api/admin/users/${c.ids.memberA}/accounts/${c.alexSavingsId}/balance`,
    body: json({ balance: '50.00', reason: 'Authorisation matrix' }),
    expect: staffOnly(200),
  },
  // Staff money (issue 5): account editing, added transactions, reversals — on member A, or on ids that do not exist.
  {
    method: 'PATCH',
    path: '/api/admin/users/:id/accounts/:accountId',
    // An account that is not member A's: staff get 404 (the member's own numbers stay as other rows expect them).
    url: (c) => `/api/admin/users/${c.ids.memberA}/accounts/${randomUUID()}`,
    body: json({ accountNumber: '7000000001', routingNumber: '011000015' }),
    expect: staffOnly(404),
  },
  {
    method: 'GET',
    path: '/api/admin/users/:id/transactions',
    url: alex('/transactions?corrections=true'),
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/transactions/preview',
    url: alex('/transactions/preview'),
    body: json({ rows: [{ account: 'Checking' }] }),
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/transactions',
    url: alex('/transactions'),
    body: transfer({
      rows: [
        {
          account: 'Savings',
          type: 'credit',
          amount: '1.00',
          description: 'Matrix',
          category: 'Other',
          // Two days ago: staff date rows from the account's opening (the demo's history) to today.
          date: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
          time: '10:00',
          status: 'Completed',
        },
      ],
    }),
    expect: staffOnly(201),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/transactions/:transferId/reverse',
    url: alex(`/transactions/${randomUUID()}/reverse`),
    body: json({ reason: 'Matrix' }),
    expect: staffOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/transactions/:transferId/complete',
    url: alex(`/transactions/${randomUUID()}/complete`),
    expect: staffOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/transactions/reverse-all',
    url: () => `/api/admin/users/${randomUUID()}/transactions/reverse-all`,
    body: json({ reason: 'Matrix' }),
    expect: staffOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/users',
    body: () => ({
      json: {
        name: 'New Person',
        email: uniqueEmail('matrix'),
        phone: '(207) 555-0100',
        password: 'a-long-passphrase',
        role: 'admin',
        address: { street: '1 Main St', city: 'Portland', state: 'ME', zipCode: '04101' },
      },
    }),
    expect: staffOnly(201),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/approve',
    url: alex('/approve'),
    body: json({
      checklist: { identityVerified: true, addressVerified: true, employmentVerified: true, incomeVerified: true },
    }),
    expect: staffOnly(409),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/reject',
    url: alex('/reject'),
    body: json({ reason: 'No' }),
    expect: staffOnly(409),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/request-info',
    url: alex('/request-info'),
    body: json({ details: 'More please' }),
    expect: staffOnly(409),
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:id/profile-image',
    url: alex('/profile-image'),
    body: image,
    expect: staffOnly(200),
  },
  { method: 'GET', path: '/api/admin/users/:id/backup-codes', url: alex('/backup-codes'), expect: staffOnly(200) },
  { method: 'POST', path: '/api/admin/users/:id/backup-codes', url: alex('/backup-codes'), expect: staffOnly(200) },
  { method: 'DELETE', path: '/api/admin/users/:id/backup-codes', url: alex('/backup-codes'), expect: staffOnly(200) },
  { method: 'DELETE', path: '/api/admin/users/:id/totp', url: alex('/totp'), expect: staffOnly(200) },
  { method: 'GET', path: '/api/admin/users/:id/audit', url: alex('/audit'), expect: staffOnly(200) },
  // The audit log (issue 5): staff only; members, applicants and visitors never see a line of it.
  {
    method: 'GET',
    path: '/api/admin/users/:id/audit',
    url: (c) => `/api/admin/users/${c.ids.memberA}/audit?action=auth.&from=2020-01-01&pageSize=20`,
    expect: staffOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/audit',
    url: (c) => `/api/admin/audit?member=${c.ids.memberA}`,
    expect: staffOnly(200),
    check: (c, _role, body) =>
      expect(
        (body as { entries: Array<{ target: { id: string } | null }> }).entries.map((e) => e.target?.id),
      ).toContain(c.ids.memberA),
  },
  { method: 'GET', path: '/api/admin/audit/actions', expect: staffOnly(200) },
  {
    method: 'GET',
    path: '/api/admin/audit/export',
    url: () => `/api/admin/audit/export?member=${encodeURIComponent(DEMO.alex)}`,
    expect: staffOnly(200),
    check: (_c, _role, body) => expect(String(body)).toContain(DEMO.alex),
  },
  // The staff inbox for the contact form.
  {
    method: 'GET',
    path: '/api/admin/contact-messages',
    url: () => '/api/admin/contact-messages?status=all',
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/contact-messages/:id/handled',
    url: (c) => `/api/admin/contact-messages/${c.contactMessage}/handled`,
    expect: staffOnly(200),
  },
  // Reset Transfer Counts and staff holds. The hold is on member B, whose own rows have all run by
  // the staff pass (placing it ends B's sessions); the next row lifts it again.
  { method: 'GET', path: '/api/admin/transfer-counts', expect: staffOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/transfer-counts/:userId/reset',
    url: (c) => `/api/admin/transfer-counts/${c.ids.memberA}/reset`,
    expect: staffOnly(200),
  },
  { method: 'POST', path: '/api/admin/transfer-counts/reset-all', expect: staffOnly(200) },
  // Scheduled work (the job queue is off in API tests: staff reach "Run now" and hear 409 CONFLICT).
  { method: 'GET', path: '/api/admin/scheduled-work', expect: staffOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/scheduled-work/:name/run',
    url: () => '/api/admin/scheduled-work/mail.deliver/run',
    expect: staffOnly(409),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/hold',
    url: (c) => `/api/admin/users/${c.ids.memberB}/hold`,
    body: json({ reason: 'Authorisation matrix' }),
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/users/:id/hold/lift',
    url: (c) => `/api/admin/users/${c.ids.memberB}/hold/lift`,
    body: json({ reason: 'Authorisation matrix' }),
    expect: staffOnly(200),
  },
  // Payment Operations. The export writes Alex's seeded pending ACH order to a file; the
  // id-specific rows use an id that does not exist (staff get past the guard, to a 404).
  {
    method: 'GET',
    path: '/api/admin/payment-orders',
    url: () => '/api/admin/payment-orders?status=pending',
    expect: staffOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/payment-orders/:id/settle',
    url: () => `/api/admin/payment-orders/${randomUUID()}/settle`,
    expect: staffOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/payment-orders/:id/return',
    url: () => `/api/admin/payment-orders/${randomUUID()}/return`,
    body: json({ code: 'R01' }),
    expect: staffOnly(404),
  },
  { method: 'POST', path: '/api/admin/payment-orders/ach-export', body: json({}), expect: staffOnly(201) },
  { method: 'GET', path: '/api/admin/payment-orders/ach-exports', expect: staffOnly(200) },
  {
    method: 'GET',
    path: '/api/admin/payment-orders/ach-exports/:id/file',
    url: () => `/api/admin/payment-orders/ach-exports/${randomUUID()}/file`,
    expect: staffOnly(404),
  },
  // Last: it ends the caller's session.
  { method: 'POST', path: '/api/auth/sign-out', expect: everyone(204) },
];

/** `METHOD /path` for every route fastify has, read from its route tree (HEAD twins left out). */
function registeredRoutes(t: TestApp): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.length = depth;
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD') continue;
      if (!path.includes('*'))
        expect(t.app.hasRoute({ method: method as Method, url: path }), `${method} ${path}`).toBe(true);
      found.push(`${method} ${path}`);
    }
  }
  return found;
}

/** A deposit form with photos of a check never sent before. */
let photoSeed = 5_000;
async function depositForm() {
  const photo = async () => ({ bytes: await checkPhoto((photoSeed += 1)), type: 'image/jpeg', filename: 'c.jpg' });
  return multipart({
    json: { name: 'deposit', value: { toAccount: 'Checking', amount: '12.00' } },
    files: { front: await photo(), back: await photo() },
  });
}

async function alexDeposits(t: TestApp, alex: Browser, staff: Browser): Promise<Ctx['deposits']> {
  const send = async () => {
    const response = await alex.request('POST', '/api/deposits', {
      form: await depositForm(),
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DepositResult>().deposit;
  };
  const [forApproval, forRejection, accepted] = [await send(), await send(), await send()];
  expect((await staff.post(`/api/admin/deposits/${accepted.id}/approve`)).statusCode).toBe(200);
  expect(t.config.deposits.ratePerMinute).toBeGreaterThan(3);
  return {
    forApproval: forApproval.id,
    forRejection: forRejection.id,
    accepted: accepted.id,
    photo: forApproval.frontImageUrl,
  };
}

describe('[AUTHZ]: who may call what', () => {
  const c = {} as Ctx;

  beforeAll(async () => {
    c.t = await createTestApp();
    const ids = await seedDemoPeople(c.t);
    c.ids = { pending: ids.priya, memberA: ids.alex, memberB: ids.sam, staff: ids.staff };
    c.browsers = {
      anonymous: new Browser(c.t),
      pending: await signIn(c.t, DEMO.priya),
      memberA: await signIn(c.t, DEMO.alex),
      memberB: await signIn(c.t, DEMO.sam),
      staff: await signIn(c.t, DEMO.staff),
    };
    const second = await signIn(c.t, DEMO.alex);
    const sessions = (await second.get('/api/me/sessions')).json<{
      sessions: Array<{ id: string; current: boolean }>;
    }>().sessions;
    c.alexSecondSession = { id: sessions.find((s) => s.current)?.id ?? '', browser: second };
    c.alexImage =
      (await c.browsers.memberA.put('/api/me/profile-image', await imageForm())).json<{ me: Me }>().me
        .profileImageUrl ?? '';
    c.priyaDocument =
      (await c.browsers.staff.get(`/api/admin/users/${ids.priya}`)).json<UserDetail>().documents.idDocument?.url ?? '';
    c.alexAccounts = (await c.browsers.memberA.get('/api/me/accounts'))
      .json<{ accounts: AccountSummary[] }>()
      .accounts.map((a) => a.accountNumber);
    expect(c.alexAccounts).toHaveLength(2);
    await deposit(c.t, ids.alex, 50_00n, 'Savings', 'Matrix deposit');
    c.alexTransferId =
      (await c.browsers.memberA.get('/api/me/transactions')).json<TransactionPage>().items[0]?.transferId ?? '';
    c.alexSavingsId = await accountId(c.t, ids.alex, 'Savings');
    c.bill = await alexBillPay(c.t, c.browsers.memberA);
    const period = lastClosedPeriod(new Date(), c.t.config.timeZone);
    const issued = await c.browsers.memberA.get(`/api/me/statements/${c.alexSavingsId}/${period}`);
    expect(issued.statusCode, issued.body).toBe(200);
    const [statement] = await c.t.db.select().from(statements).where(eq(statements.accountId, c.alexSavingsId));
    c.statement = { period, id: statement?.id ?? '' };
    c.deposits = await alexDeposits(c.t, c.browsers.memberA, c.browsers.staff);
    const alexCards = (await c.browsers.memberA.get('/api/cards')).json<CardsOverview>().cards;
    const cardId = (kind: string) => alexCards.find((card) => card.kind === kind && card.status === 'active')?.id ?? '';
    c.cards = { debit: cardId('debit'), credit: cardId('credit') };
    c.baseUrl = await c.t.app.listen({ port: 0, host: '127.0.0.1' });
    c.contactMessage = (
      await new Browser(c.t).post('/api/contact-messages', {
        name: 'Vi Sitor',
        email: 'visitor@example.com',
        subject: 'general',
        message: 'Hello',
      })
    ).json<{ id: string }>().id;
  });
  afterAll(() => c.t.close());

  describe.each(roles)('as %s', (role) => {
    it.each(
      rows.map((row) => [`${row.method} ${row.url ? `${row.path} (${row.expect[role]})` : row.path}`, row] as const),
    )('%s', async (_title, row) => {
      if (row.send) {
        expect(await row.send(c, role)).toBe(row.expect[role]);
        return;
      }
      const options = row.body ? await row.body(c) : {};
      const response = await c.browsers[role].request(row.method, row.url ? row.url(c) : row.path, options);
      expect(response.statusCode, response.body).toBe(row.expect[role]);
      if (role === 'anonymous' && response.statusCode === 401 && row.expect.staff !== 401) {
        expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: messages.auth.sessionExpired });
      }
      if (response.statusCode === 403) expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      const isJson = String(response.headers['content-type'] ?? '').includes('json');
      if (row.check && response.statusCode < 300)
        await row.check(c, role, response.body && isJson ? response.json() : response.body);
    });
  });

  it('has a row for every /api route the server registers', () => {
    const registered = registeredRoutes(c.t).filter(
      (route) => route.split(' ')[1]?.startsWith('/api/') && !route.includes('/api/docs'),
    );
    const covered = new Set(rows.map((row) => `${row.method} ${row.path}`));
    expect(registered.length).toBeGreaterThan(40);
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !registered.includes(route))).toEqual([]);
  });
});

/** Alex's seeded Bill Pay: a payee, a one-off scheduled payment, a series, and sent payments. */
async function alexBillPay(t: TestApp, alex: Browser): Promise<Ctx['bill']> {
  const overview = (await alex.get('/api/bill-pay')).json<BillPayOverview>();
  const upcoming = (await alex.get('/api/bill-pay/payments?view=upcoming')).json<BillPaymentPage>().payments;
  const sent = (await alex.get('/api/bill-pay/payments?view=history'))
    .json<BillPaymentPage>()
    .payments.filter((p) => p.status === 'sent');
  const oneOff = upcoming.find((p) => p.series === null && p.cancelUntil !== null);
  const series = overview.series[0];
  const newest = sent[0];
  const oldest = sent.at(-1);
  if (!oneOff || !series || !newest || !oldest || newest === oldest) throw new Error('the demo seed has no Bill Pay');
  return {
    payee: oneOff.payee.id,
    payment: oneOff.id,
    series: series.id,
    sent: newest.id,
    exportDay: localDay(new Date(oldest.sentAt ?? ''), t.config.timeZone),
    earliest: overview.earliestDate,
  };
}

describe('[AUTHZ]: sign-up cannot choose its own standing', () => {
  const t = useTestApp();

  it('refuses role, status and verification in the body, and makes every applicant pending', async () => {
    const application = validApplication();
    const forged = await signUp(t, { ...application, role: 'admin', status: 'active', verificationStatus: 'verified' });
    expect(forged.statusCode).toBe(400);
    expect(await signUp(t, application).then((r) => r.statusCode)).toBe(201);
    expect(await userByEmail(t, application.email)).toMatchObject({
      role: 'pending',
      status: 'pending',
      verificationStatus: 'pending',
    });
  });
});

describe('[AUTHZ]: staff without an authenticator when one is required', () => {
  it('keeps the console closed until they enrol', async () => {
    const t = await createTestApp({ env: { REQUIRE_STAFF_TOTP: 'true' } });
    try {
      const staff = await signInStaff(t);
      expect((await staff.get('/api/auth/session')).json()).toMatchObject({
        user: { role: 'admin', mustEnrolTotp: true },
      });
      const denied = await staff.get('/api/admin/users');
      expectRefusal(denied, 403, { code: 'FORBIDDEN', message: messages.auth.staffTotpRequired });
      expect((await staff.get('/api/me')).statusCode).toBe(200);
      // Nor the files only staff may open: an applicant's ID document is not there for them.
      const application = validApplication();
      expect((await signUp(t, application)).statusCode).toBe(201);
      const applicant = await userByEmail(t, application.email);
      const [idDocument] = await t.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, applicant.id));
      expect(idDocument?.purpose).toBe('id_document');
      expectRefusal(await staff.get(`/api/files/${idDocument?.id}`), 404, {
        code: 'NOT_FOUND',
        message: messages.generic.notFound,
      });
    } finally {
      await t.close();
    }
  });
});
