import { randomUUID } from 'node:crypto';
import type { AuditActions, AuditEntry, AuditPage, TransferChallenge } from '@mutual/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolAuthenticator } from '../../test/authenticator';
import { addPayee, payeeCode, requestPayeeCode } from '../../test/bill-pay';
import { cardPath, cardTestEnv, latestCardCode, memberWithCard } from '../../test/cards';
import { type Browser, CHROME_UA, mailsTo, signInStaff } from '../../test/identity';
import { accountId, memberWithMoney, type Member } from '../../test/money';
import { useTestApp } from '../../test/test-app';
import { challenge, externalForm, transferCode, userTransfer } from '../../test/transfer-forms';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { transferChallenges } from '../transfers/transfers.tables';
import { auditLog } from './audit.tables';
import { recordAudit, systemActor } from './record-audit';

const ISSUED = 'challenge.code_issued';

describe('[AUDIT]: a confirmation code issued is audited; ids read as names', () => {
  const t = useTestApp({ env: cardTestEnv });

  /** The member's `challenge.code_issued` rows as stored, oldest first. */
  const issuedRows = (userId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, userId), eq(auditLog.action, ISSUED)))
      .orderBy(asc(auditLog.id));

  /** What must never be in the row: the code, its hash, the payload hash, a full account number. */
  async function expectNoSecrets(row: unknown, challengeId: string, code: string, accountNumber: string) {
    const [stored] = await t.db.select().from(transferChallenges).where(eq(transferChallenges.id, challengeId));
    const text = JSON.stringify(row);
    expect(stored?.codeHash).toBeTruthy();
    for (const secret of [code, stored?.codeHash ?? '', stored?.payloadHash ?? '', accountNumber, challengeId])
      expect(text).not.toContain(secret);
  }

  /** The row's who, from where and when: the member acted on their own record, from this browser. */
  function expectOwnRow(row: typeof auditLog.$inferSelect | undefined, member: Member) {
    expect(row).toMatchObject({
      action: ISSUED,
      actorUserId: member.id,
      actorEmail: member.email,
      targetUserId: member.id,
      ipAddress: member.browser.ip,
      userAgent: CHROME_UA,
    });
  }

  async function staffPage(staff: Browser, query: Record<string, string>): Promise<AuditPage> {
    const response = await staff.get(`/api/admin/audit?${new URLSearchParams(query).toString()}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>();
  }

  it('a US-bank transfer code writes one row: the member, the request, what it is for, no code', async () => {
    const member = await memberWithMoney(t, 500_00n, 'Uma Bank');
    const form = externalForm({ amount: '250.00', accountNumber: '987654321', accountName: 'Casey Jones' });
    const { challengeId } = await challenge(member.browser, form);
    const rows = await issuedRows(member.id);
    expect(rows).toHaveLength(1);
    expectOwnRow(rows[0], member);
    expect(rows[0]?.before).toBeNull();
    expect(rows[0]?.after).toEqual({
      purpose: 'Transfer to a US bank',
      amount: '250.00',
      recipient: 'Casey Jones',
      bank: 'Bank of America',
      accountNumber: '••4321',
      from: 'Checking',
      method: 'email',
    });
    await expectNoSecrets(rows[0], challengeId, await transferCode(t, member.email), '987654321');
  });

  it('a code to add a payee writes one row naming the biller and the masked account', async () => {
    const member = await memberWithMoney(t, 0n, 'Pat Payee');
    const body = { billerId: 'demo-electric', accountNumber: '5599887766', nickname: 'Power' };
    const { challengeId } = await requestPayeeCode(member, body);
    const rows = await issuedRows(member.id);
    expect(rows).toHaveLength(1);
    expectOwnRow(rows[0], member);
    expect(rows[0]?.after).toEqual({
      purpose: 'New payee',
      biller: 'Riverside Electric Co.',
      nickname: 'Power',
      accountNumber: '••••7766',
      method: 'email',
    });
    await expectNoSecrets(rows[0], challengeId, await payeeCode(t, member.email), '5599887766');
  });

  it('a card code writes one row (last 4, action); the code sent before, answered again, writes none', async () => {
    const { member, card } = await memberWithCard(t);
    const ask = (body: Record<string, unknown>) => member.browser.post(cardPath(card.id, 'codes'), body);

    const first = await ask({ action: 'details' });
    expect(first.statusCode, first.body).toBe(201);
    const { challengeId } = first.json<TransferChallenge>();
    let rows = await issuedRows(member.id);
    expect(rows).toHaveLength(1);
    expectOwnRow(rows[0], member);
    expect(rows[0]?.after).toEqual({
      purpose: 'Card code',
      card: card.last4,
      cardAction: 'View Card Details',
      method: 'email',
    });
    await expectNoSecrets(rows[0], challengeId, await latestCardCode(t, member.email), card.id);

    // Opening the modal again answers the code already sent: nothing issued, nothing audited.
    const again = await ask({ action: 'details' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<TransferChallenge>().challengeId).toBe(challengeId);
    expect(await issuedRows(member.id)).toHaveLength(1);

    // "Send a new code", and a code for another action, are issued: one row each.
    expect((await ask({ action: 'details', fresh: true })).statusCode).toBe(201);
    expect((await ask({ action: 'limits' })).statusCode).toBe(201);
    rows = await issuedRows(member.id);
    expect(rows.map((row) => (row.after as { cardAction: string }).cardAction)).toEqual([
      'View Card Details',
      'View Card Details',
      'Set Transaction Limits',
    ]);
  });

  it('a member with an authenticator app: the code asked for is audited with that method, nothing mailed', async () => {
    const member = await memberWithMoney(t, 0n, 'Tia Totp');
    await enrolAuthenticator(member.browser, t.clock);
    await requestPayeeCode(member, { billerId: 'demo-water', accountNumber: '7711220000', nickname: '' });
    const rows = await issuedRows(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.after).toMatchObject({ purpose: 'New payee', method: 'totp' });
    expect(await mailsTo(t, member.email, 'payee-code')).toEqual([]);
  });

  it('staff find the rows under their own label and action filter; a member cannot read them', async () => {
    const member = await memberWithMoney(t, 500_00n, 'Fay Filter');
    await challenge(member.browser, externalForm());
    await requestPayeeCode(member, { billerId: 'demo-water', accountNumber: '7711223344', nickname: '' });

    const staff = await signInStaff(t);
    const actions = (await staff.get('/api/admin/audit/actions')).json<AuditActions>();
    expect(actions.actions).toContainEqual({ action: ISSUED, label: 'Confirmation code issued', family: 'challenge' });
    expect(actions.families).toContainEqual({ prefix: 'challenge.', label: 'Confirmation codes' });

    const page = await staffPage(staff, { action: ISSUED, member: member.email });
    expect(page.entries.map((entry) => [entry.label, (entry.after as { purpose: string }).purpose])).toEqual([
      ['Confirmation code issued', 'New payee'],
      ['Confirmation code issued', 'Transfer to a US bank'],
    ]);
    expect((await staffPage(staff, { action: 'challenge.', member: member.email })).total).toBe(2);

    for (const url of [
      `/api/admin/audit?action=${ISSUED}`,
      '/api/admin/audit/actions',
      `/api/admin/audit/export?action=${ISSUED}`,
      `/api/admin/users/${member.id}/audit`,
    ]) {
      const response = await member.browser.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.body).not.toContain(ISSUED);
    }
  });

  it('staff read the ids an entry holds as names, resolved when listed; the record stays as written', async () => {
    const member = await memberWithMoney(t, 100_00n, 'Nia Names');
    const recipient = await memberWithMoney(t, 0n, 'Rory Recipient');
    const payee = await addPayee(t, member, { nickname: 'House power', accountNumber: '5512340001' });
    expect((await userTransfer(member, recipient, { amount: '5.00' })).statusCode).toBe(201);
    const gone = randomUUID();
    const transferId = randomUUID();
    await recordAudit(t.db, {
      action: 'bill_pay.payee_removed',
      actor: systemActor,
      targetUserId: member.id,
      before: { payeeId: gone, transferId, nickname: 'Old' },
      at: new Date(),
    });

    const staff = await signInStaff(t);
    const { entries } = await staffPage(staff, { member: member.email });
    const byAction = (action: string): AuditEntry => {
      const entry = entries.find((e) => e.action === action);
      if (!entry) throw new Error(`no ${action}`);
      return entry;
    };
    const added = byAction('bill_pay.payee_added');
    expect(added.after).toMatchObject({ payeeId: payee.id });
    expect(added.names).toEqual({
      [payee.id]: 'House power (Riverside Electric Co.)',
      'demo-electric': 'Riverside Electric Co.',
    });

    const sent = byAction('transfer.member');
    expect(sent.after).toMatchObject({ recipientUserId: recipient.id });
    expect(sent.names).toEqual({ [recipient.id]: `Rory Recipient (${recipient.email})` });

    // A payee no longer there is null (the screen says "removed"); a transfer's id is not a kind the log names.
    expect(byAction('bill_pay.payee_removed').names).toEqual({ [gone]: null });

    // The staff member's own trail names the same way (the member detail's activity section).
    const trail = await staff.get(`/api/admin/users/${member.id}/audit?action=transfer.member`);
    expect(trail.json<AuditPage>().entries[0]?.names).toEqual({
      [recipient.id]: `Rory Recipient (${recipient.email})`,
    });
  });

  it('names an account by its type and last four digits, and a card by its kind and last four', async () => {
    const { member, card } = await memberWithCard(t);
    const checking = await accountId(t, member.id, 'Checking');
    const [account] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, checking));
    await recordAudit(t.db, {
      action: 'account.updated',
      actor: systemActor,
      targetUserId: member.id,
      before: { accountId: checking, cardId: card.id },
      after: { accountId: checking, cardId: card.id, routingNumber: '011000015' },
      at: new Date(),
    });
    const staff = await signInStaff(t);
    const { entries } = await staffPage(staff, { member: member.email, action: 'account.updated' });
    expect(entries[0]?.names).toEqual({
      [checking]: `Checking ••${account?.accountNumber?.slice(-4)}`,
      [card.id]: `Debit card ending ${card.last4}`,
    });
  });
});
