import { type ApiError, type ExternalTransferInput, messages, type TransferResult } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolAuthenticator, stepStartClock, TOTP_STEP } from '../../test/authenticator';
import { auditActions, Browser, mailsTo, MINUTE, wrongCode } from '../../test/identity';
import { balances, expectCheckingFigures, type Member, memberWithMoney, sendTransfer } from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import {
  challenge,
  errorOf,
  externalForm,
  externalTransfer,
  history,
  internalTransfer,
  ordersOf,
  storedOrdersOf,
  transferCode,
} from '../../test/transfer-forms';
import { transferChallenges } from './transfers.tables';

const m = messages.transfers;
const CHALLENGE = '/api/transfers/external/challenge';
const CONFIRM = '/api/transfers/external';
/** The answer to a code that no longer confirms this transfer (used, changed, or out of tries). */
const codeExpired: ApiError = { code: 'CONFIRMATION_EXPIRED', message: m.otpExpired };

describe('[TRANSFERS]: to a US bank, confirmed with a code', () => {
  // At the start of a 30-second step, so "the same authenticator code" means the same step.
  const time = stepStartClock();
  const t = useLedgerTestApp({ clock: time.clock, env: { AUTH_RATE_LIMIT: '100' } });

  const confirm = (member: Member, body: unknown, key?: string) => sendTransfer(member.browser, CONFIRM, body, key);
  const requestCode = (member: Member, change: Partial<ExternalTransferInput>) =>
    member.browser.post(CHALLENGE, externalForm(change));
  const challengeRows = (userId: string) =>
    t.db.select().from(transferChallenges).where(eq(transferChallenges.userId, userId));

  it('offers only the 20 listed banks, each with its own routing number', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const chooseBank = fieldRefusal('toBank', m.chooseBank);
    for (const bank of [
      { toBank: 'Bank of America', routingNumber: '021000021' },
      { toBank: 'Bank of America', routingNumber: '011000015' },
      { toBank: 'First Bank of Nowhere', routingNumber: '026009593' },
    ]) {
      expectRefusal(await requestCode(member, bank), 400, chooseBank, JSON.stringify(bank));
    }
    for (const bank of [
      { toBank: 'JPMorgan Chase Bank', routingNumber: '021000021' },
      { toBank: 'Golden 1 Credit Union', routingNumber: '321175261' },
    ]) {
      expect((await requestCode(member, bank)).statusCode).toBe(201);
    }
    expect(await mailsTo(t, member.email, 'transfer-code')).toHaveLength(2);
  });

  it('takes an account number of 8 to 17 digits only ("Please enter a valid account number")', async () => {
    const member = await memberWithMoney(t, 100_00n);
    for (const accountNumber of ['1234567', '123456789012345678', '12345abc9', '1234-5678', '12 345 678']) {
      const response = await requestCode(member, { accountNumber });
      expect(response.statusCode, accountNumber).toBe(400);
      expect(errorOf(response).fields, accountNumber).toEqual({ accountNumber: m.invalidAccountNumber });
    }
    const blank = await requestCode(member, { accountNumber: '', accountName: '', reference: ' ' });
    expect(errorOf(blank).fields).toEqual({
      accountNumber: m.fillAllFields,
      accountName: m.fillAllFields,
      reference: m.fillAllFields,
    });
    expect(await mailsTo(t, member.email, 'transfer-code')).toHaveLength(0);
    expect(await challengeRows(member.id)).toHaveLength(0);
    for (const accountNumber of ['12345678', '12345678901234567']) {
      expect((await requestCode(member, { accountNumber })).statusCode, accountNumber).toBe(201);
    }
  });

  it('e-mails a code for exactly this transfer; confirmed, it holds the funds in a pending ACH order', async () => {
    const member = await memberWithMoney(t, 1_000_00n);
    const form = externalForm({ amount: '250.10', accountNumber: '000123456789', reference: 'March rent' });
    const issued = await challenge(member.browser, form);
    expect(issued).toMatchObject({
      method: 'email',
      message: m.otpSent,
      expiresAt: new Date(time.now().getTime() + 10 * MINUTE).toISOString(),
    });
    const [mail] = await mailsTo(t, member.email, 'transfer-code');
    expect(mail?.textBody).toContain('$250.10');
    expect(mail?.textBody).toContain('••6789');
    expect(mail?.textBody).not.toContain('000123456789');

    const response = await confirm(member, {
      transfer: form,
      challengeId: issued.challengeId,
      otp: await transferCode(t, member.email),
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<TransferResult>();
    expect(result).toMatchObject({
      transferType: 'external',
      status: 'Pending',
      amount: '250.10',
      fromAccount: 'Checking',
      message: m.externalDone('$250.10', 'Bank of America'),
      paymentOrderId: expect.any(String),
    });

    await expectCheckingFigures(member.browser, { balance: '1000.00', available: '749.90', pending: '250.10' });
    const orders = await ordersOf(t, member.id);
    expect(orders).toEqual([
      expect.objectContaining({
        id: result.paymentOrderId,
        rail: 'ach',
        status: 'pending',
        amount: 250_10n,
        pendingTransferId: result.transferId,
        beneficiaryName: 'Casey Jones',
        bankName: 'Bank of America',
        routingNumber: '026009593',
        accountNumber: '000123456789',
        reference: 'March rent',
      }),
    ]);
    // Stored sealed: a copy of the database does not say where the member sends money.
    const [stored] = await storedOrdersOf(t, member.id);
    expect(stored?.accountNumber).toMatch(/^v1:/);
    expect(stored?.accountNumber).not.toContain('123456789');
    expect((await history(member.browser, 'status=Pending')).items).toEqual([
      expect.objectContaining({
        transferId: result.transferId,
        type: 'debit',
        amount: '250.10',
        status: 'Pending',
        description: 'Transfer to Casey Jones, Bank of America ••6789',
      }),
    ]);
    expect(await auditActions(t, member.id)).toContain('transfer.external');

    // The code works once: a second request (a new key) with it confirms nothing.
    const again = await confirm(member, {
      transfer: form,
      challengeId: issued.challengeId,
      otp: await transferCode(t, member.email),
    });
    expectRefusal(again, 400, codeExpired);
    expect(await ordersOf(t, member.id)).toHaveLength(1);
    expect(await balances(member.browser)).toMatchObject({ Checking: { available: '749.90' } });
  });

  it('refuses the code for any other transfer: a changed amount, account number or sender', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const form = externalForm({ amount: '40.00' });
    const { challengeId } = await challenge(member.browser, form);
    const otp = await transferCode(t, member.email);
    for (const changed of [
      { amount: '40.01' },
      { amount: '4000' },
      { accountNumber: '987654321' },
      { accountName: 'Mallory' },
    ]) {
      const response = await confirm(member, { transfer: { ...form, ...changed }, challengeId, otp });
      expectRefusal(response, 400, codeExpired, JSON.stringify(changed));
    }
    const other = await memberWithMoney(t, 100_00n);
    expect(errorOf(await confirm(other, { transfer: form, challengeId, otp })).code).toBe('CONFIRMATION_EXPIRED');
    expect(await ordersOf(t, member.id)).toHaveLength(0);
    expect(await ordersOf(t, other.id)).toHaveLength(0);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '100.00' } });

    expect((await confirm(member, { transfer: form, challengeId, otp })).statusCode).toBe(201);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '60.00' } });
  });

  it('counts wrong codes ("Invalid OTP"); after the last try even the right code no longer works', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const form = externalForm();
    const { challengeId } = await challenge(member.browser, form);
    const otp = await transferCode(t, member.email);
    for (let tries = 1; tries <= t.config.security.otpMaxAttempts; tries += 1) {
      const response = await confirm(member, { transfer: form, challengeId, otp: wrongCode(otp) });
      expectRefusal(response, 400, fieldRefusal('otp', m.otpInvalid));
      expect((await challengeRows(member.id))[0]?.attempts).toBe(tries);
    }
    expectRefusal(await confirm(member, { transfer: form, challengeId, otp }), 400, codeExpired);
    expect((await challengeRows(member.id))[0]).toMatchObject({ attempts: 5, verifiedAt: null, usedAt: null });
    expect(await ordersOf(t, member.id)).toHaveLength(0);
    expect(await balances(member.browser)).toMatchObject({ Checking: { available: '100.00' } });
  });

  it('asks for the code ("Please enter OTP") and a 6-digit one', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const form = externalForm();
    const { challengeId } = await challenge(member.browser, form);
    for (const body of [
      { transfer: form, challengeId },
      { transfer: form, challengeId, otp: '' },
      { transfer: form, otp: '123456' },
    ]) {
      const response = await confirm(member, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message, JSON.stringify(body)).toBe(m.otpRequired);
    }
    for (const otp of ['12345', '1234567', 'abcdef']) {
      expect(errorOf(await confirm(member, { transfer: form, challengeId, otp })), otp).toMatchObject({
        message: m.otpInvalid,
        fields: { otp: m.otpInvalid },
      });
    }
    expect((await challengeRows(member.id))[0]?.attempts).toBe(0);
  });

  it('lets the code expire after OTP_TTL_MINUTES', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const first = externalForm({ amount: '1.00' });
    const second = externalForm({ amount: '2.00' });
    const a = await challenge(member.browser, first);
    const codeA = await transferCode(t, member.email);
    const b = await challenge(member.browser, second);
    const codeB = await transferCode(t, member.email);
    time.advance(10 * MINUTE - 1_000);
    expect((await confirm(member, { transfer: first, challengeId: a.challengeId, otp: codeA })).statusCode).toBe(201);
    time.advance(1_000);
    const late = await confirm(member, { transfer: second, challengeId: b.challengeId, otp: codeB });
    expectRefusal(late, 400, codeExpired);
    expect((await ordersOf(t, member.id)).map((order) => order.amount)).toEqual([1_00n]);
  });

  it('uses the authenticator app of a member who has one, and never accepts its code twice', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const totp = await enrolAuthenticator(member.browser, time.now);
    time.advance(TOTP_STEP);

    const form = externalForm({ amount: '5.00' });
    const issued = await challenge(member.browser, form);
    expect(issued).toMatchObject({ method: 'totp', message: m.otpAuthenticator });
    expect(await mailsTo(t, member.email, 'transfer-code')).toHaveLength(0);
    const code = totp();
    expect((await confirm(member, { transfer: form, challengeId: issued.challengeId, otp: code })).statusCode).toBe(
      201,
    );

    const next = await challenge(member.browser, form);
    const replayed = await confirm(member, { transfer: form, challengeId: next.challengeId, otp: code });
    expect(replayed.statusCode).toBe(400);
    expect(errorOf(replayed)).toMatchObject({ code: 'VALIDATION_FAILED', message: m.otpInvalid });
    time.advance(TOTP_STEP);
    expect((await confirm(member, { transfer: form, challengeId: next.challengeId, otp: totp() })).statusCode).toBe(
      201,
    );
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '90.00' } });
    expect(await mailsTo(t, member.email, 'transfer-code')).toHaveLength(0);
  });

  it('sends no code for a transfer the money does not cover (held money counts)', async () => {
    const member = await memberWithMoney(t, 100_00n);
    expectRefusal(await requestCode(member, { amount: '100.01' }), 422, {
      code: 'INSUFFICIENT_FUNDS',
      message: m.insufficientFunds,
      fields: { amount: m.insufficientFunds },
    });
    expect(await mailsTo(t, member.email, 'transfer-code')).toHaveLength(0);
    expect(await challengeRows(member.id)).toHaveLength(0);

    expect(
      (await externalTransfer(t, member.browser, member.email, externalForm({ amount: '60.00' }))).statusCode,
    ).toBe(201);
    expect((await requestCode(member, { amount: '40.01' })).statusCode).toBe(422);
    expect((await requestCode(member, { amount: '40.00' })).statusCode).toBe(201);
  });

  it('refuses at confirmation when the money left after the code was sent, changing nothing', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const form = externalForm({ amount: '80.00' });
    const { challengeId } = await challenge(member.browser, form);
    const otp = await transferCode(t, member.email);
    expect((await internalTransfer(member, { amount: '50.00' })).statusCode).toBe(201);
    const response = await confirm(member, { transfer: form, challengeId, otp });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).code).toBe('INSUFFICIENT_FUNDS');
    expect(await ordersOf(t, member.id)).toHaveLength(0);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '50.00', available: '50.00' } });
  });

  it('is for signed-in members only', async () => {
    expect((await new Browser(t).post(CHALLENGE, externalForm())).statusCode).toBe(401);
  });
});
