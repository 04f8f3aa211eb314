import { type AccountSummary, type ApplicationStatus, messages, type UserDetail } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditActions,
  type Browser,
  createPerson,
  latestMail,
  multipart,
  pdfDocument,
  signIn,
  signUp,
  textFile,
  userByEmail,
  validApplication,
} from '../../test/identity';
import { expectRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.tables';
import { cards } from '../cards/cards.tables';
import { notifications } from '../notifications/notifications.tables';

const a = messages.admin;
const checklist = { identityVerified: true, addressVerified: true, employmentVerified: false, incomeVerified: true };

describe('[REVIEW]: staff decide applications', () => {
  let staff: Browser;
  let staffEmail: string;

  const t = useTestApp();
  beforeAll(async () => {
    const admin = await createPerson(t, { role: 'admin', name: 'Dana Reviewer' });
    staffEmail = admin.email;
    staff = await signIn(t, admin.email);
  });

  /** A new applicant, signed in; returns their id, e-mail and browser. */
  async function applicant() {
    const application = validApplication();
    expect((await signUp(t, application)).statusCode).toBe(201);
    const user = await userByEmail(t, application.email);
    return { id: user.id, email: application.email, browser: await signIn(t, application.email, application.password) };
  }
  const approve = (id: string, body: unknown = { checklist }) => staff.post(`/api/admin/users/${id}/approve`, body);
  const reject = (id: string, body: unknown) => staff.post(`/api/admin/users/${id}/reject`, body);
  const requestInfo = (id: string, body: unknown) => staff.post(`/api/admin/users/${id}/request-info`, body);
  const bell = async (userId: string) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);

  it('approves: member role, Checking and Savings at zero, a review record, an e-mail and an audit entry', async () => {
    const person = await applicant();
    expect((await approve(person.id, {})).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { checklist: expect.any(String) },
    });

    const response = await approve(person.id);
    expect(response.statusCode).toBe(200);
    const detail = response.json<UserDetail>();
    expect(detail).toMatchObject({
      id: person.id,
      role: 'user',
      status: 'approved',
      verificationStatus: 'verified',
      rejectionReason: null,
    });
    expect(detail.approvedAt).not.toBeNull();
    expect(detail.accounts.map((account) => account.type)).toEqual(['Checking', 'Savings']);
    // The debit card is issued with the approval, on Checking (the Cards panel only reads it).
    const issued = await t.db.select().from(cards).where(eq(cards.userId, person.id));
    expect(issued.map((card) => [card.kind, card.status, card.accountId])).toEqual([
      ['debit', 'active', detail.accounts[0]?.id],
    ]);
    for (const account of detail.accounts) {
      expect(account.accountNumber).toMatch(/^[1-9]\d{9}$/);
      expect(account).toMatchObject({ routingNumber: t.config.routingNumber, balance: '0.00', available: '0.00' });
    }
    expect(detail.reviews).toEqual([
      expect.objectContaining({ decision: 'approved', reason: null, checklist, reviewedBy: staffEmail }),
    ]);

    expect((await latestMail(t, person.email, 'application-approved')).subject).toContain(
      'your membership is approved',
    );
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, person.id), eq(auditLog.action, 'registration.approved')));
    expect(entry).toMatchObject({
      actorEmail: staffEmail,
      before: expect.objectContaining({ role: 'pending', status: 'pending' }),
    });
    expect(entry?.after).toMatchObject({ role: 'user', status: 'approved', verificationStatus: 'verified', checklist });
    expect(await bell(person.id)).toContain('Membership approved');

    // The member's own session now sees the accounts; the applicant-only page is closed to them.
    const own = (await person.browser.get('/api/me/accounts')).json<{ accounts: AccountSummary[] }>();
    expect(own.accounts.map((x) => x.accountNumber)).toEqual(detail.accounts.map((x) => x.accountNumber));
    expect((await person.browser.get('/api/me/application')).statusCode).toBe(403);
  });

  it('gives every member unique account numbers, and lets only one of two racing approvals through', async () => {
    const [one, two] = [await applicant(), await applicant()];
    const results = await Promise.all([approve(one.id), approve(one.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await approve(two.id);
    const numbers = [
      ...(await staff.get(`/api/admin/users/${one.id}`)).json<UserDetail>().accounts,
      ...(await staff.get(`/api/admin/users/${two.id}`)).json<UserDetail>().accounts,
    ].map((x) => x.accountNumber);
    expect(numbers).toHaveLength(4);
    expect(new Set(numbers).size).toBe(4);
  });

  it('rejects with a reason: kept with the time, sessions ended, applicant e-mailed', async () => {
    const person = await applicant();
    for (const body of [{}, { reason: '   ' }]) {
      const missing = await reject(person.id, body);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { reason: a.reasonRequired } });
    }
    const reason = 'The name on the document does not match the application.';
    const response = await reject(person.id, { reason, checklist });
    expect(response.statusCode).toBe(200);
    const detail = response.json<UserDetail>();
    expect(detail).toMatchObject({
      role: 'pending',
      status: 'rejected',
      verificationStatus: 'rejected',
      rejectionReason: reason,
    });
    expect(detail.rejectedAt).not.toBeNull();
    expect(detail.accounts).toEqual([]);
    expect(detail.reviews[0]).toMatchObject({ decision: 'rejected', reason });

    expect((await person.browser.get('/api/me/application')).statusCode).toBe(401);
    expect((await latestMail(t, person.email, 'application-rejected')).textBody).toContain(`Reason: ${reason}`);
    expect(await auditActions(t, person.id)).toContain('registration.rejected');

    // Signing in again shows the decision.
    const again = await signIn(t, person.email, validApplication().password);
    const status = (await again.get('/api/me/application')).json<ApplicationStatus>();
    expect(status).toMatchObject({ status: 'rejected', verificationStatus: 'rejected', rejectionReason: reason });
    expect(status.rejectedAt).toBe(detail.rejectedAt);
    expect((await again.get('/api/me/accounts')).statusCode).toBe(403);
  });

  it('refuses to decide an application twice', async () => {
    const approved = await applicant();
    await approve(approved.id);
    const rejected = await applicant();
    await reject(rejected.id, { reason: 'Incomplete' });
    for (const id of [approved.id, rejected.id]) {
      for (const response of [
        await approve(id),
        await reject(id, { reason: 'Again' }),
        await requestInfo(id, { details: 'More?' }),
      ]) {
        expectRefusal(response, 409, { code: 'CONFLICT', message: a.notPending });
      }
    }
    expect((await staff.get(`/api/admin/users/${approved.id}`)).json<UserDetail>().reviews).toHaveLength(1);
  });

  it('asks for more information; the applicant answers with a document', async () => {
    const person = await applicant();
    expect((await requestInfo(person.id, { details: '' })).json()).toMatchObject({
      fields: { details: a.infoRequired },
    });

    const details = 'Please send a recent utility bill showing your address.';
    const response = await requestInfo(person.id, { details });
    expect(response.statusCode).toBe(200);
    const detail = response.json<UserDetail>();
    expect(detail).toMatchObject({ status: 'pending', role: 'pending', verificationStatus: 'info_requested' });
    expect(detail.documents).toMatchObject({ verificationStatus: 'info_requested', infoRequest: details });
    expect(detail.infoRequests).toEqual([
      expect.objectContaining({ requestDetails: details, status: 'pending', response: null, hasDocument: false }),
    ]);
    expect((await latestMail(t, person.email, 'info-requested')).textBody).toContain(details);
    expect(await bell(person.id)).toContain('Information requested');

    const mine = (await person.browser.get('/api/me/application')).json<ApplicationStatus>();
    expect(mine).toMatchObject({
      status: 'pending',
      verificationStatus: 'info_requested',
      infoRequests: [{ requestDetails: details, status: 'pending' }],
    });

    const answer = (value: unknown, document?: Parameters<typeof multipart>[0]['files']) =>
      multipart({ json: { name: 'application', value }, files: document }).then((form) =>
        person.browser.request('POST', '/api/me/application/info-responses', { form }),
      );
    expect((await answer({ response: '  ' })).json()).toMatchObject({
      fields: { response: messages.application.responseRequired },
    });
    expect((await answer({ response: 'Here it is' }, { document: textFile() })).json()).toMatchObject({
      fields: { document: messages.registration.documentType },
    });

    const answered = await answer(
      { response: 'Attached is my electricity bill.' },
      { document: { bytes: pdfDocument(), type: 'application/pdf', filename: 'bill.pdf' } },
    );
    expect(answered.statusCode).toBe(200);
    expect(answered.json<ApplicationStatus>()).toMatchObject({
      verificationStatus: 'pending',
      infoRequests: [{ status: 'answered', response: 'Attached is my electricity bill.', hasDocument: true }],
    });
    expect((await answer({ response: 'Once more' })).statusCode).toBe(409);

    const seen = (await staff.get(`/api/admin/users/${person.id}`)).json<UserDetail>();
    const document = seen.infoRequests[0]?.document;
    expect(document).toMatchObject({ contentType: 'application/pdf', size: pdfDocument().length });
    const file = await staff.get(document?.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdfDocument())).toBe(true);
    expect((await person.browser.get(document?.url ?? '')).statusCode).toBe(404);
    expect(await auditActions(t, person.id)).toEqual(
      expect.arrayContaining(['registration.info_requested', 'registration.info_answered']),
    );

    // A second request can be answered without a document; then the application can be approved.
    await requestInfo(person.id, { details: 'And your employer?' });
    const plain = await answer({ response: 'Harbor Boatworks' });
    expect(plain.json<ApplicationStatus>().infoRequests[0]).toMatchObject({ status: 'answered', hasDocument: false });
    expect((await approve(person.id)).statusCode).toBe(200);
  });

  it('a request still open when the application is decided is closed: nothing is left to answer', async () => {
    const statuses = async (id: string) =>
      (await staff.get(`/api/admin/users/${id}`)).json<UserDetail>().infoRequests.map((r) => r.status);
    const approved = await applicant();
    await requestInfo(approved.id, { details: 'Your employer, please.' });
    expect((await approve(approved.id)).statusCode).toBe(200);
    expect(await statuses(approved.id)).toEqual(['closed']);

    const declined = await applicant();
    await requestInfo(declined.id, { details: 'A utility bill, please.' });
    await requestInfo(declined.id, { details: 'And a second document.' });
    expect((await reject(declined.id, { reason: 'We could not verify your identity.' })).statusCode).toBe(200);
    expect(await statuses(declined.id)).toEqual(['closed', 'closed']);
  });

  it('answers unknown and malformed ids without deciding anything', async () => {
    const unknown = await approve('00000000-0000-4000-8000-000000000000');
    expectRefusal(unknown, 404, { code: 'NOT_FOUND', message: a.userNotFound });
    expect((await approve('not-a-uuid')).statusCode).toBe(400);
  });
});
