import { messages, type TransferChallenge } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardOf, cardPath, latestCardCode } from '../../test/cards';
import { auditActions, mailsTo, signIn, signInStaff, wrongCode } from '../../test/identity';
import { balances, type Member, memberWithMoney, sendTransfer } from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { challenge, externalForm, ordersOf, transferCode } from '../../test/transfer-forms';
import { memberHolds } from '../holds/holds.tables';

const m = messages.transfers;
const THRESHOLD = 7;
const blocked = { code: 'TRANSACTION_BLOCKED', message: m.blocked } as const;
const invalid = fieldRefusal('otp', m.otpInvalid);

describe('[TRANSFERS]: wrong confirmation codes add up across codes', () => {
  const t = useLedgerTestApp({
    env: { CONFIRMATION_BLOCK_THRESHOLD: String(THRESHOLD), AUTH_RATE_LIMIT: '1000', RATE_LIMIT_PER_MINUTE: '100000' },
  });

  const form = externalForm({ amount: '25.00' });
  const confirm = (member: Member, issued: TransferChallenge, otp: string) =>
    sendTransfer(member.browser, '/api/transfers/external', { transfer: form, challengeId: issued.challengeId, otp });
  const holdsOf = (userId: string) => t.db.select().from(memberHolds).where(eq(memberHolds.userId, userId));

  /** Asks for a code and enters it wrong `tries` times, each answered "Invalid OTP". */
  async function wrongTries(member: Member, tries: number) {
    const issued = await challenge(member.browser, form);
    const otp = await transferCode(t, member.email);
    for (let i = 0; i < tries; i += 1) expectRefusal(await confirm(member, issued, wrongCode(otp)), 400, invalid);
    return { issued, otp };
  }

  it(
    'blocks the transaction at the threshold ("Transaction Blocked"): a hold in the portal’s name, ' +
      'every session ended, the member e-mailed, nothing moved',
    async () => {
      const member = await memberWithMoney(t, 100_00n);
      await wrongTries(member, 5); // the first code's five tries
      const { issued, otp } = await wrongTries(member, THRESHOLD - 6);

      expectRefusal(await confirm(member, issued, wrongCode(otp)), 403, blocked);

      expect((await member.browser.get('/api/me/accounts')).statusCode).toBe(401);
      expect(await holdsOf(member.id)).toEqual([
        expect.objectContaining({
          placedBy: null,
          liftedAt: null,
          reason: messages.holds.securityReason(THRESHOLD, 24),
        }),
      ]);
      expect(await auditActions(t, member.id)).toContain('hold.placed');
      const [mail] = await mailsTo(t, member.email, 'transactions-blocked');
      expect(mail?.textBody).toContain(`entered wrongly ${THRESHOLD} times in 24 hours`);
      expect(await ordersOf(t, member.id)).toEqual([]);

      // Staff see who placed it and why.
      const staff = await signInStaff(t);
      const detail = (await staff.get(`/api/admin/users/${member.id}`)).json<{ hold: unknown }>();
      expect(detail.hold).toMatchObject({ placedBy: null, reason: messages.holds.securityReason(THRESHOLD, 24) });
    },
  );

  it('refuses even the right code once over the threshold, until staff lift the hold: then a fresh start', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const card = await cardOf(member.browser);
    await wrongTries(member, 5);
    const { issued, otp } = await wrongTries(member, THRESHOLD - 6);
    expectRefusal(await confirm(member, issued, wrongCode(otp)), 403, blocked);

    // Signed in again (the password and the sign-in code still work), a card code is refused: right or not.
    const again: Member = { ...member, browser: await signIn(t, member.email) };
    const askCard = () => again.browser.post(cardPath(card.id, 'codes'), { action: 'details' });
    const verifyCard = (challengeId: string, code: string) =>
      again.browser.post(cardPath(card.id, 'codes/verify'), { action: 'details', challengeId, otp: code });
    const cardCode = (await askCard()).json<TransferChallenge>();
    expectRefusal(await verifyCard(cardCode.challengeId, await latestCardCode(t, member.email)), 403, blocked);
    expect(await holdsOf(member.id)).toHaveLength(1);

    const staff = await signInStaff(t);
    const lifted = await staff.post(`/api/admin/users/${member.id}/hold/lift`, { reason: 'Spoke to the member' });
    expect(lifted.statusCode, lifted.body).toBe(200);

    const fresh = (await askCard()).json<TransferChallenge>();
    expect((await verifyCard(fresh.challengeId, await latestCardCode(t, member.email))).statusCode).toBe(200);
    // Codes asked for before the lift no longer count: one wrong code is only "Invalid OTP".
    const next = (await askCard()).json<TransferChallenge>();
    expectRefusal(await verifyCard(next.challengeId, '000000'), 400, fieldRefusal('otp', messages.cards.otpWrong));
    expect(await balances(again.browser)).toMatchObject({ Checking: { balance: '100.00', available: '100.00' } });
  });

  it('ends the sessions of a member staff already hold, and keeps the staff’s hold and its reason', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const card = await cardOf(member.browser);
    const staff = await signInStaff(t);
    const placed = await staff.post(`/api/admin/users/${member.id}/hold`, { reason: 'Card reported stolen' });
    expect(placed.statusCode, placed.body).toBe(200);
    const again: Member = { ...member, browser: await signIn(t, member.email) };
    let issued = { challengeId: '', wrong: '' };
    for (let tries = 1; tries <= THRESHOLD; tries += 1) {
      if (tries % 5 === 1) {
        const asked = await again.browser.post(cardPath(card.id, 'codes'), { action: 'details' });
        const wrong = wrongCode(await latestCardCode(t, member.email));
        issued = { challengeId: asked.json<TransferChallenge>().challengeId, wrong };
      }
      const answer = await again.browser.post(cardPath(card.id, 'codes/verify'), {
        action: 'details',
        challengeId: issued.challengeId,
        otp: issued.wrong,
      });
      expect(answer.statusCode, `try ${tries}`).toBe(tries < THRESHOLD ? 400 : 403);
    }
    expect((await again.browser.get('/api/me/accounts')).statusCode).toBe(401);
    expect(await holdsOf(member.id)).toEqual([expect.objectContaining({ reason: 'Card reported stolen' })]);
    expect(await mailsTo(t, member.email, 'transactions-blocked')).toHaveLength(1);
  });

  it('does not count right codes, nor other members’ wrong ones', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const other = await memberWithMoney(t, 100_00n);
    await wrongTries(other, 5);
    await wrongTries(other, 1);
    // THRESHOLD - 1 wrong codes and a right one each time: the member never reaches the threshold.
    for (const tries of [3, THRESHOLD - 4]) {
      const { issued, otp } = await wrongTries(member, tries);
      expect((await confirm(member, issued, otp)).statusCode).toBe(201);
    }
    expect(await holdsOf(member.id)).toEqual([]);
    expect(await ordersOf(t, member.id)).toHaveLength(2);
  });

  it('counts parallel wrong codes one after another: one hold, and only as many "Invalid OTP" as allowed', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const codes = [await challenge(member.browser, form), await challenge(member.browser, form)];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => confirm(member, codes[i % 2] as TransferChallenge, '000000')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // Codes from the mail are random: a lucky '000000' is one in a million, and would show as a 201.
    expect(statuses.filter((status) => status === 400)).toHaveLength(THRESHOLD - 1);
    for (const status of statuses.filter((s) => s !== 400)) expect([401, 403]).toContain(status);
    expect(await holdsOf(member.id)).toHaveLength(1);
    expect(await mailsTo(t, member.email, 'transactions-blocked')).toHaveLength(1);
  });
});
