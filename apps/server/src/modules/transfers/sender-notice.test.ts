import { messages } from '@mutual/shared';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../test/identity';
import { type Member, memberWithMoney, newKey, sendTransfer } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import {
  externalForm,
  externalTransfer,
  internalTransfer,
  internationalForm,
  userForm,
  userTransfer,
} from '../../test/transfer-forms';

const m = messages.transfers;

interface Bell {
  notifications: Array<{ kind: string; title: string; body: string; read: boolean }>;
  unread: number;
}

async function bell(browser: Browser): Promise<Bell> {
  const response = await browser.get('/api/me/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Bell>();
}

async function setPush(member: Member, push: boolean) {
  const response = await member.browser.patch('/api/me/settings', {
    notifications: { email: true, sms: false, push },
    security: { loginAlerts: true },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('[TRANSFERS]: the member who sends money is told too', () => {
  const t = useLedgerTestApp();

  it('to another member: "Money sent" with the recipient’s name, beside the recipient’s "Money received"', async () => {
    const sender = await memberWithMoney(t, 100_00n, 'Avery Quinn');
    const recipient = await memberWithMoney(t, 0n, 'Jamie Morgan');
    const response = await userTransfer(sender, recipient, { amount: '12.50', reference: 'Dinner' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await bell(sender.browser)).toEqual({
      notifications: [
        expect.objectContaining({
          kind: 'transfer',
          title: 'Money sent',
          body: `${m.userDone('$12.50', 'Jamie Morgan')} Reference: Dinner`,
          read: false,
        }),
      ],
      unread: 1,
    });
    expect((await bell(recipient.browser)).notifications).toEqual([
      expect.objectContaining({ title: 'Money received', body: 'Avery Quinn sent you $12.50: Dinner' }),
    ]);
  });

  it('after four transfers the sender’s bell lists four notices, newest first', async () => {
    const sender = await memberWithMoney(t, 100_00n);
    const recipient = await memberWithMoney(t, 0n, 'Jamie Morgan');
    for (const amount of ['1.00', '2.00', '3.00', '4.00']) {
      expect((await userTransfer(sender, recipient, { amount })).statusCode).toBe(201);
    }
    const { notifications, unread } = await bell(sender.browser);
    expect(unread).toBe(4);
    expect(notifications.map((n) => n.body)).toEqual(
      ['4.00', '3.00', '2.00', '1.00'].map((amount) => `${m.userDone(`$${amount}`, 'Jamie Morgan')} Reference: Dinner`),
    );
  });

  it('to a US bank: "Transfer to a US bank submitted" with the money held', async () => {
    const sender = await memberWithMoney(t, 100_00n);
    const form = externalForm({ amount: '25.00', reference: 'Rent' });
    const response = await externalTransfer(t, sender.browser, sender.email, form);
    expect(response.statusCode, response.body).toBe(201);
    expect((await bell(sender.browser)).notifications).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        title: 'Transfer to a US bank submitted',
        body: `${m.externalDone('$25.00', 'Bank of America')} Reference: Rent`,
      }),
    ]);
  });

  it('abroad: "International transfer submitted"', async () => {
    const sender = await memberWithMoney(t, 100_00n);
    const response = await sendTransfer(
      sender.browser,
      '/api/transfers/international',
      internationalForm({ amount: '30.00' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect((await bell(sender.browser)).notifications).toEqual([
      expect.objectContaining({
        title: 'International transfer submitted',
        body: `${m.internationalDone('$30.00', 'Deutsche Bank')} Reference: Invoice 7`,
      }),
    ]);
  });

  it('between the member’s own accounts: no notice (the screen and both histories show it)', async () => {
    const member = await memberWithMoney(t, 50_00n);
    expect((await internalTransfer(member, { amount: '5.00' })).statusCode).toBe(201);
    expect(await bell(member.browser)).toEqual({ notifications: [], unread: 0 });
  });

  it('once per transfer: a replayed key adds nothing, a refused transfer adds nothing', async () => {
    const sender = await memberWithMoney(t, 20_00n);
    const recipient = await memberWithMoney(t, 0n);
    const key = newKey();
    const form = userForm(recipient.email, { amount: '5.00' });
    expect((await sendTransfer(sender.browser, '/api/transfers/user', form, key)).statusCode).toBe(201);
    expect((await sendTransfer(sender.browser, '/api/transfers/user', form, key)).statusCode).toBe(201);
    const tooMuch = await userTransfer(sender, recipient, { amount: '500.00' });
    expect(tooMuch.json<{ code: string }>().code).toBe('INSUFFICIENT_FUNDS');
    expect((await bell(sender.browser)).notifications).toHaveLength(1);
    expect((await bell(recipient.browser)).notifications).toHaveLength(1);
  });

  it('with Push off, the notices are still listed but raise no unread count, for sender and recipient', async () => {
    const sender = await memberWithMoney(t, 20_00n);
    const recipient = await memberWithMoney(t, 0n);
    await setPush(sender, false);
    await setPush(recipient, false);
    expect((await userTransfer(sender, recipient, { amount: '5.00' })).statusCode).toBe(201);
    for (const member of [sender, recipient]) {
      const { notifications, unread } = await bell(member.browser);
      expect(unread).toBe(0);
      expect(notifications).toEqual([expect.objectContaining({ kind: 'transfer', read: true })]);
    }
  });
});
