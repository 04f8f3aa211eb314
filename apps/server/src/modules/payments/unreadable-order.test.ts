import { randomBytes } from 'node:crypto';
import { messages, type PaymentOrderResult } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../crypto/secret-box';
import { deps, latestMail, manualClock, MINUTE } from '../../test/identity';
import { balances, type Member, memberWithMoney } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { notificationsOf } from '../../test/transfer-forms';
import { achOrder, ORDERS, orderIn, returnOrder, settle, staffBrowser, wireOrder } from './payment-ops.fixtures';
import { paymentOrders } from './payments.tables';
import { expireDueOrders } from './resolve-payment-order';
import { orderAccountContext } from './sealed-numbers';

const m = messages.paymentOps;
const HOUR = 60 * MINUTE;

/**
 * A payment order whose account number or IBAN cannot be opened — damaged, or sealed under another
 * instance's newer key during a rotation — still gives the member their money back: staff return it
 * and the expiry sweep expires it without the number, and the member's notices and e-mails leave its
 * last four out. Only settling, which says the money went out to that account, is refused for an
 * order that never went out in a file.
 */
describe('[PAYMENT_OPS]: an order whose numbers cannot be opened can still be paid back', () => {
  const time = manualClock(new Date('2026-11-02T14:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, secrets: new SecretBox(randomBytes(32)) });

  const stored = async (id: string) => (await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0];
  /** One character of the stored ciphertext changed, so its tag no longer checks. */
  const damage = async (id: string, column: 'accountNumber' | 'iban') => {
    const value = (await stored(id))?.[column] ?? '';
    const flipped = `${value.slice(0, -2)}${value.at(-2) === 'A' ? 'B' : 'A'}${value.at(-1)}`;
    await t.db
      .update(paymentOrders)
      .set({ [column]: flipped })
      .where(eq(paymentOrders.id, id));
  };
  /** The number sealed under a key this instance does not hold (another instance's newer key). */
  const sealUnderNewerKey = (id: string, number: string) =>
    t.db
      .update(paymentOrders)
      .set({ accountNumber: SecretBox.withNewKey().seal(number, orderAccountContext(id)) })
      .where(eq(paymentOrders.id, id));
  const noticeOf = async (member: Member, title: string) =>
    (await notificationsOf(member.browser)).filter((notice) => notice.title === title).map((notice) => notice.body);

  it('staff return it and the expiry sweep expires it: money back, member told without the number', async () => {
    const member = await memberWithMoney(t, 500_00n, 'Nia Numberless');
    const damaged = await achOrder(t, member, {
      amount: '30.00',
      accountName: 'Jamie Payee',
      accountNumber: '55501234',
    });
    const wire = await wireOrder(member, { amount: '40.00', iban: 'DE89370400440532013000' });
    const rotated = await achOrder(t, member, {
      amount: '50.00',
      accountName: 'Ray Rotated',
      accountNumber: '55509999',
    });
    await damage(damaged, 'accountNumber');
    await damage(wire, 'iban');
    await sealUnderNewerKey(rotated, '55509999');
    expect((await balances(member.browser)).Checking).toEqual({ balance: '500.00', available: '380.00' });

    const staff = await staffBrowser(t);
    const returned = await returnOrder(staff, damaged, { code: 'R03', note: '' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json<PaymentOrderResult>()).toMatchObject({
      message: m.returned('$30.00', 'Jamie Payee', 'No account / unable to locate account'),
      order: { status: 'returned', beneficiary: { accountNumberMasked: '(unreadable)' } },
    });
    const wireBack = await returnOrder(staff, wire, { code: 'INVALID_ACCOUNT', note: '' });
    expect(wireBack.statusCode, wireBack.body).toBe(200);
    expect(wireBack.json<PaymentOrderResult>().order).toMatchObject({
      status: 'returned',
      beneficiary: { ibanMasked: null },
    });
    expect((await balances(member.browser)).Checking).toEqual({ balance: '500.00', available: '450.00' });
    expect(await noticeOf(member, 'Payment returned')).toEqual(
      expect.arrayContaining([
        'Your payment of $30.00 to Jamie Payee at Bank of America was returned: ' +
          'No account / unable to locate account. The money is back in your Checking account.',
      ]),
    );
    const mail = await latestMail(t, member.email, 'payment-returned');
    expect(mail.textBody).toContain('The money is back in your Checking account');
    expect(mail.textBody).not.toMatch(/Account:|••/);

    // The sweep: the order under another instance's key expires like any other, the member told.
    expect(await expireDueOrders(deps(t), new Date(time.now().getTime() + 121 * HOUR))).toEqual({
      expired: 1,
      errors: 0,
    });
    expect((await stored(rotated))?.status).toBe('expired');
    expect((await balances(member.browser)).Checking).toEqual({ balance: '500.00', available: '500.00' });
    expect(await noticeOf(member, 'Payment expired')).toEqual([
      'Your payment of $50.00 to Ray Rotated at Bank of America could not be sent within 120 hours ' +
        'and has expired. The money is back in your Checking account.',
    ]);
    expect((await latestMail(t, member.email, 'payment-expired')).textBody).not.toMatch(/Account:|••/);
  });

  it('settling is refused while it never went out in a file; one already in a file settles', async () => {
    const member = await memberWithMoney(t, 500_00n, 'Sol Settle');
    const staff = await staffBrowser(t);
    const exported = await achOrder(t, member, { amount: '60.00', accountName: 'Eli Exported' });
    expect((await staff.post(`${ORDERS}/ach-export`, {})).statusCode).toBe(201);
    const waiting = await achOrder(t, member, { amount: '70.00', accountName: 'Wes Waiting' });
    await damage(exported, 'accountNumber');
    await damage(waiting, 'accountNumber');

    expectRefusal(await settle(staff, waiting), 409, { code: 'CONFLICT', message: m.settleUnreadable });
    expect((await stored(waiting))?.status).toBe('pending');
    expect((await balances(member.browser)).Checking).toEqual({ balance: '500.00', available: '370.00' });

    // The exported one went out with the file while its number could be read: it settles.
    const settled = await settle(staff, exported);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await noticeOf(member, 'Payment sent')).toEqual([
      'Your payment of $60.00 to Eli Exported at Bank of America has been sent.',
    ]);
    // The refused one is returned: the member has the money back.
    expect((await returnOrder(staff, waiting, { code: 'R03', note: '' })).statusCode).toBe(200);
    expect(await orderIn(staff, 'returned', waiting)).toMatchObject({
      beneficiary: { accountNumberMasked: '(unreadable)' },
    });
    expect((await balances(member.browser)).Checking).toEqual({ balance: '440.00', available: '440.00' });
  });
});
