import { messages, type Recipient, type TransferResult } from '@mutual/shared';
import { describe, expect, it } from 'vitest';
import {
  auditActions,
  createPerson,
  deps,
  mailsTo,
  signIn,
  signUp,
  userByEmail,
  validApplication,
} from '../../test/identity';
import {
  balances,
  deposit,
  type Member,
  memberWithMoney,
  postedBalances,
  sendTransfer,
  settledBalances,
} from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { errorOf, history, notificationsOf, userForm } from '../../test/transfer-forms';
import { systemActor } from '../audit/record-audit';
import { reviewApplication } from '../onboarding/review-application';

const m = messages.transfers;
const USER = '/api/transfers/user';
const VERIFY = '/api/transfers/recipient';
const LOOKUPS_PER_MINUTE = 5;

describe('[TRANSFERS]: to another member', () => {
  const t = useLedgerTestApp({ env: { RECIPIENT_LOOKUP_RATE_LIMIT: String(LOOKUPS_PER_MINUTE) } });

  const verify = (member: Member, email: unknown) => member.browser.post(VERIFY, { email });

  /** An applicant (signed up, not reviewed) and a rejected applicant. */
  async function applicants() {
    const pending = validApplication();
    const rejected = validApplication();
    expect((await signUp(t, pending)).statusCode).toBe(201);
    expect((await signUp(t, rejected)).statusCode).toBe(201);
    const rejectedId = (await userByEmail(t, rejected.email)).id;
    await reviewApplication(
      deps(t),
      rejectedId,
      { decision: 'rejected', reason: 'Documents did not match' },
      systemActor,
      { ipAddress: null, userAgent: 'test' },
    );
    return { pending: pending.email, rejected: rejected.email };
  }

  it('verifies a recipient by e-mail, in any case, and answers "Recipient found: {name}"', async () => {
    const sender = await memberWithMoney(t, 0n);
    const recipient = await createPerson(t, { name: 'Morgan Reyes' });
    const response = await verify(sender, recipient.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json<Recipient>()).toEqual({
      name: 'Morgan Reyes',
      email: recipient.email,
      message: 'Recipient found: Morgan Reyes',
    });
  });

  it('finds approved members too, but not applicants, rejected applicants, staff or unknown addresses', async () => {
    const sender = await memberWithMoney(t, 0n);
    const application = validApplication();
    expect((await signUp(t, application)).statusCode).toBe(201);
    const applicantId = (await userByEmail(t, application.email)).id;
    await reviewApplication(
      deps(t),
      applicantId,
      {
        decision: 'approved',
        checklist: { identityVerified: true, addressVerified: true, employmentVerified: true, incomeVerified: true },
      },
      systemActor,
      { ipAddress: null, userAgent: 'test' },
    );
    expect((await verify(sender, application.email)).json<Recipient>().message).toBe('Recipient found: Dana Whitfield');

    const other = await memberWithMoney(t, 0n);
    const { pending, rejected } = await applicants();
    const staff = await createPerson(t, { role: 'admin' });
    for (const [who, member] of [
      ['nobody@example.com', sender],
      [pending, sender],
      [rejected, sender],
      [staff.email, other],
    ] as const) {
      const notFound = {
        code: 'NOT_FOUND',
        message: m.recipientNotFound,
        fields: { email: m.recipientNotFound },
      } as const;
      expectRefusal(await verify(member, who), 404, notFound, who);
    }
  });

  it('refuses my own address and an address that is not one', async () => {
    const sender = await memberWithMoney(t, 0n);
    const refusedEmail = (message: string) => fieldRefusal('email', message);
    expectRefusal(await verify(sender, ` ${sender.email.toUpperCase()} `), 400, refusedEmail(m.ownAccount));
    for (const email of ['not-an-email', 'a@b', '@example.com']) {
      expectRefusal(await verify(sender, email), 400, refusedEmail(m.emailInvalid), email);
    }
  });

  it('limits look-ups per member, across sign-ins: the next one gets 429, another member is unaffected', async () => {
    const sender = await memberWithMoney(t, 0n);
    const other = await memberWithMoney(t, 0n);
    const recipient = await createPerson(t);
    for (let i = 0; i < LOOKUPS_PER_MINUTE; i += 1) {
      expect((await verify(sender, i % 2 ? recipient.email : `guess${i}@example.com`)).statusCode).not.toBe(429);
    }
    const limited = await verify(sender, recipient.email);
    expectRefusal(limited, 429, { code: 'RATE_LIMITED', message: messages.generic.rateLimited });
    // Per member, not per session: signing in again does not start the count over.
    const signedInAgain = await signIn(t, sender.email);
    expectRefusal(await signedInAgain.post(VERIFY, { email: recipient.email }), 429, {
      code: 'RATE_LIMITED',
      message: messages.generic.rateLimited,
    });
    expect((await verify(other, recipient.email)).statusCode).toBe(200);
  });

  it("sends money into the recipient's Checking, notifies them and e-mails them", async () => {
    const sender = await memberWithMoney(t, 500_00n, 'Avery Quinn');
    const recipient = await memberWithMoney(t, 10_00n, 'Morgan Reyes');
    const response = await sendTransfer(
      sender.browser,
      USER,
      userForm(recipient.email.toUpperCase(), {
        amount: '123.45',
        reference: 'Concert tickets',
        recipientName: 'Whoever I typed',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TransferResult>()).toMatchObject({
      transferType: 'user',
      status: 'Completed',
      amount: '123.45',
      fromAccount: 'Checking',
      paymentOrderId: null,
      message: m.userDone('$123.45', 'Morgan Reyes'),
    });

    expect(await balances(sender.browser)).toEqual(settledBalances('376.55', '0.00'));
    expect(await balances(recipient.browser)).toEqual(settledBalances('133.45', '0.00'));

    expect(await notificationsOf(recipient.browser)).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        title: 'Money received',
        body: 'Avery Quinn sent you $123.45: Concert tickets',
      }),
    ]);
    // The sender's receipt (sender-notice.test.ts).
    expect(await notificationsOf(sender.browser)).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        title: 'Money sent',
        body: `${m.userDone('$123.45', recipient.name)} Reference: Concert tickets`,
      }),
    ]);
    const mails = await mailsTo(t, recipient.email, 'transfer-received');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('You received $123.45 from Avery Quinn');
    expect(mails[0]?.textBody).toContain('Concert tickets');
    expect(await mailsTo(t, sender.email, 'transfer-received')).toHaveLength(0);

    /** The one Checking row this transfer leaves in a member's history. */
    const transferRow = (type: 'debit' | 'credit', description: string) =>
      expect.objectContaining({
        accountType: 'Checking',
        type,
        amount: '123.45',
        description,
        status: 'Completed',
        reference: 'Concert tickets',
      });
    const sent = (await history(sender.browser, 'category=Transfer')).items;
    expect(sent).toEqual([transferRow('debit', 'Transfer to Morgan Reyes')]);
    const received = (await history(recipient.browser, 'category=Transfer')).items;
    expect(received).toEqual([transferRow('credit', 'Transfer from Avery Quinn')]);
    expect(await auditActions(t, sender.id)).toContain('transfer.member');
  });

  it(
    'sends no e-mail to a recipient who turned e-mail ' + 'notifications off (the notification still arrives)',
    async () => {
      const sender = await memberWithMoney(t, 50_00n);
      const recipient = await memberWithMoney(t, 0n);
      const settings = await recipient.browser.patch('/api/me/settings', {
        notifications: { email: false, sms: false, push: true },
        security: { loginAlerts: true },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      expect((await sendTransfer(sender.browser, USER, userForm(recipient.email, { amount: '5.00' }))).statusCode).toBe(
        201,
      );
      expect(await mailsTo(t, recipient.email, 'transfer-received')).toHaveLength(0);
      expect(await notificationsOf(recipient.browser)).toHaveLength(1);
      expect((await balances(recipient.browser)).Checking.balance).toBe('5.00');
    },
  );

  it("sends from Savings too, always into the recipient's Checking", async () => {
    const sender = await memberWithMoney(t, 0n);
    const recipient = await memberWithMoney(t, 0n);
    await deposit(t, sender.id, 20_00n, 'Savings');
    expect(
      (await sendTransfer(sender.browser, USER, userForm(recipient.email, { fromAccount: 'Savings', amount: '20.00' })))
        .statusCode,
    ).toBe(201);
    expect(await balances(sender.browser)).toMatchObject(postedBalances('0.00', '0.00'));
    expect(await balances(recipient.browser)).toMatchObject(postedBalances('20.00', '0.00'));
  });

  it(
    'refuses, changing nothing: no reference, an unknown or ineligible recipient, ' +
      'my own address, a bad address, too little money',
    async () => {
      const sender = await memberWithMoney(t, 100_00n);
      const recipient = await memberWithMoney(t, 0n);
      const { pending, rejected } = await applicants();
      const staff = await createPerson(t, { role: 'admin' });
      const cases: Array<[unknown, number, string, string, string]> = [
        [userForm(recipient.email, { reference: '' }), 400, 'VALIDATION_FAILED', 'reference', m.fillAllFields],
        [userForm(recipient.email, { reference: '   ' }), 400, 'VALIDATION_FAILED', 'reference', m.fillAllFields],
        [userForm(''), 400, 'VALIDATION_FAILED', 'recipientEmail', m.fillAllFields],
        [userForm('nobody@example.com'), 400, 'VALIDATION_FAILED', 'recipientEmail', m.invalidRecipient],
        [userForm(pending), 400, 'VALIDATION_FAILED', 'recipientEmail', m.invalidRecipient],
        [userForm(rejected), 400, 'VALIDATION_FAILED', 'recipientEmail', m.invalidRecipient],
        [userForm(staff.email), 400, 'VALIDATION_FAILED', 'recipientEmail', m.invalidRecipient],
        [userForm(sender.email.toUpperCase()), 400, 'VALIDATION_FAILED', 'recipientEmail', m.ownAccount],
        [userForm('not-an-email'), 400, 'VALIDATION_FAILED', 'recipientEmail', m.emailInvalid],
        [userForm(recipient.email, { amount: '0' }), 400, 'VALIDATION_FAILED', 'amount', m.invalidAmount],
        [userForm(recipient.email, { amount: '100.01' }), 422, 'INSUFFICIENT_FUNDS', 'amount', m.insufficientFunds],
      ];
      for (const [body, status, code, field, message] of cases) {
        const response = await sendTransfer(sender.browser, USER, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(errorOf(response), JSON.stringify(body)).toMatchObject({ code, message, fields: { [field]: message } });
      }
      expect(await balances(sender.browser)).toMatchObject({ Checking: { balance: '100.00', available: '100.00' } });
      expect(await balances(recipient.browser)).toMatchObject({ Checking: { balance: '0.00' } });
      expect(await notificationsOf(recipient.browser)).toEqual([]);
      expect(await mailsTo(t, recipient.email, 'transfer-received')).toHaveLength(0);
      expect((await history(sender.browser, 'category=Transfer')).items.length).toBe(0);
    },
  );

  it('is refused to staff', async () => {
    const staff = await createPerson(t, { role: 'admin' });
    const browser = await signIn(t, staff.email);
    const recipient = await createPerson(t);
    expect((await browser.post(VERIFY, { email: recipient.email })).statusCode).toBe(403);
    expect((await sendTransfer(browser, USER, userForm(recipient.email))).statusCode).toBe(403);
  });
});
