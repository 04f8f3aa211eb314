import {
  type ApiError,
  type DepositResult,
  IDEMPOTENCY_HEADER,
  messages,
  type StaffDepositDetail,
  type StaffDepositPage,
} from '@mutual/shared';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkPhoto,
  DEPOSITS,
  deposited,
  depositOverview,
  depositTestEnv,
  longStandingMember,
  retakenPhoto,
  review,
  sendDeposit,
} from '../../test/deposits';
import {
  auditActions,
  type Browser,
  createPerson,
  manualClock,
  signIn,
  signInStaff,
  uniqueEmail,
} from '../../test/identity';
import { giveCreditCard } from '../../test/cards';
import { balances, memberWithMoney, newKey, overview, sendTransfer } from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useLedgerTestApp, useTestApp } from '../../test/test-app';
import { history, internationalForm } from '../../test/transfer-forms';
import { placeHold } from '../holds/holds';
import { users } from '../people/people.tables';
import { serverRoot } from '../../paths';
import { mobileDeposits } from './deposits.tables';

const m = messages.deposits;
const env = depositTestEnv;

describe('[DEPOSITS]: the member sends a check', () => {
  // Wednesday 25 November 2026, 10:00 AM in New York (the day before Thanksgiving).
  const time = manualClock(new Date('2026-11-25T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env });

  const member = (cents = 50_00n) => longStandingMember(t, cents);
  let staff: Browser;
  beforeAll(async () => {
    staff = await signInStaff(t, { email: uniqueEmail('staff') });
  });

  it('shows the limits, what is left of them, the endorsement and the funds policy before they start', async () => {
    const robin = await member();
    const facts = await depositOverview(robin.browser);
    expect(facts.endorsement).toBe(m.endorsement(t.config.brand.name));
    expect(facts.endorsement).toMatch(/^For mobile deposit only at /);
    expect(facts.limits).toEqual({
      perCheck: '10000.00',
      daily: { amount: '10000.00', count: 5, amountLeft: '10000.00', countLeft: 5 },
      thirtyDays: { amount: '25000.00', count: 20, amountLeft: '25000.00', countLeft: 20 },
      newMember: false,
      newMemberUntil: null,
    });
    expect(facts.policy).toContain('the first $275.00 is available on the next business day');
    expect(facts.policy).toContain('the rest on the second business day');
    expect(facts.accounts.map((a) => a.type)).toEqual(['Checking', 'Savings']);
    expect(facts.imageMaxBytes).toBe(10 * 1024 * 1024);
    expect(facts.deposits).toEqual([]);

    await deposited(robin.browser, { deposit: { amount: '600.00' } });
    const after = await depositOverview(robin.browser);
    expect(after.limits.daily).toEqual({ amount: '10000.00', count: 5, amountLeft: '9400.00', countLeft: 4 });
    expect(after.limits.thirtyDays.amountLeft).toBe('24400.00');
  });

  it('offers a checking or savings account to deposit to, never the credit card line', async () => {
    const holder = await member();
    await giveCreditCard(t, holder);
    const facts = await depositOverview(holder.browser);
    expect(facts.accounts.map((a) => a.type)).toEqual(['Checking', 'Savings']);
    expect(facts.accounts.every((a) => /^\d{4}$/.test(a.accountNumberLast4))).toBe(true);
  });

  it('gives a member of fewer than 30 days the lower limits, until the day they end', async () => {
    const newcomer = await memberWithMoney(t, 0n);
    await t.db
      .update(users)
      .set({ approvedAt: new Date('2026-11-20T15:00:00Z') })
      .where(eq(users.id, newcomer.id));
    const { limits } = await depositOverview(newcomer.browser);
    expect(limits).toMatchObject({
      perCheck: '2500.00',
      daily: { amount: '2500.00', count: 2 },
      thirtyDays: { amount: '5000.00', count: 5 },
      newMember: true,
      newMemberUntil: '2026-12-20',
    });
    expectRefusal(
      await sendDeposit(newcomer.browser, { deposit: { amount: '2500.01' } }),
      400,
      fieldRefusal('amount', m.overCheckLimit('$2,500.00')),
    );
    const { deposit } = await deposited(newcomer.browser, { deposit: { amount: '2500.00' } });
    const [row] = await t.db.select().from(mobileDeposits).where(eq(mobileDeposits.id, deposit.id));
    expect(row?.flags.map((f) => f.kind)).toContain('new_member');
  });

  it('splits the pending total into money held going out and money on its way in', async () => {
    const robin = await member(500_00n);
    await deposited(robin.browser, { deposit: { amount: '240.00' } });
    const sent = await sendTransfer(
      robin.browser,
      '/api/transfers/international',
      internationalForm({ amount: '100.00' }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    // The payment is held out of Checking; the check's credit waits for review. Neither is netted.
    expect(await overview(robin.browser)).toMatchObject({
      availableBalance: '400.00',
      pendingTotal: '340.00',
      pendingOut: '100.00',
      pendingIn: '240.00',
    });
  });

  it('makes it Pending Review with a pending credit the available balance does not include', async () => {
    const robin = await member(50_00n);
    const before = await balances(robin.browser);
    const result = await deposited(robin.browser, { deposit: { amount: '1234.56', checkNumber: '1001' } });
    expect(result.message).toBe(
      'Check deposit submitted successfully! Your funds will be available according to our standard deposit policy.',
    );
    expect(result.deposit).toMatchObject({
      toAccount: 'Checking',
      amount: '1234.56',
      checkNumber: '1001',
      status: 'pending_review',
      reviewedAt: null,
      availableOn: null,
      availability: [],
      rejectReason: null,
    });
    expect(result.deposit.frontImageUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    // Neither the balance nor the available balance has the money yet; the pending total does.
    expect(await balances(robin.browser)).toEqual(before);
    const summary = await overview(robin.browser);
    expect(summary.pendingTotal).toBe('1234.56');
    expect(summary).toMatchObject({ pendingOut: '0.00', pendingIn: '1234.56' });
    const row = (await history(robin.browser)).items.find(
      (item) => item.transferId !== undefined && item.amount === '1234.56',
    );
    expect(row).toMatchObject({
      type: 'credit',
      amount: '1234.56',
      category: 'Deposit',
      status: 'Pending',
      description: 'Mobile check deposit (check 1001)',
    });
    expect(await auditActions(t, robin.id)).toContain('deposit.submitted');
    const mine = await depositOverview(robin.browser);
    expect(mine.deposits.map((d) => d.id)).toEqual([result.deposit.id]);
  });

  it('deposits once per Idempotency-Key: a retry gets the same answer, no second deposit', async () => {
    const robin = await member();
    const key = newKey();
    const photos = { front: await checkPhoto(20), back: await checkPhoto(21) };
    const first = await sendDeposit(robin.browser, { deposit: { amount: '75.00' }, ...photos }, key);
    const again = await sendDeposit(robin.browser, { deposit: { amount: '75.00' }, ...photos }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json<DepositResult>().deposit.id).toBe(first.json<DepositResult>().deposit.id);
    expect((await depositOverview(robin.browser)).total).toBe(1);
  });

  it('refuses a form without what the spec requires, each in its own words, and stores nothing', async () => {
    const robin = await member();
    const refused = async (parts: Parameters<typeof sendDeposit>[1], field: string, message: string) => {
      const response = await sendDeposit(robin.browser, parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ApiError>().fields?.[field], field).toBe(message);
    };
    await refused({ front: null }, 'front', m.frontRequired);
    await refused({ back: null }, 'back', m.backRequired);
    const onePicture = await checkPhoto(4);
    await refused({ front: onePicture, back: onePicture }, 'back', m.backSameAsFront);
    await refused({ deposit: { amount: '' } }, 'amount', m.fillAllFields);
    await refused({ deposit: { amount: '0' } }, 'amount', m.invalidAmount);
    await refused({ deposit: { amount: '-5.00' } }, 'amount', m.invalidAmount);
    await refused({ deposit: { amount: '10.001' } }, 'amount', m.invalidAmount);
    await refused({ deposit: { toAccount: 'Brokerage' as 'Checking' } }, 'toAccount', m.chooseAccount);
    await refused({ deposit: { checkNumber: '12a' } }, 'checkNumber', m.checkNumberInvalid);
    // Not an image, whatever it is called: checked by content.
    await refused({ front: Buffer.from('%PDF-1.4 not a check') }, 'front', m.imageType);
    await refused({ back: await checkPhoto(3, { width: 300 }) }, 'back', m.imageTooSmall);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    await refused({ front: gif }, 'front', m.imageType);
    // A NUL in the form is refused before anything is read.
    const nul = await sendDeposit(robin.browser, { deposit: { amount: '5.00', checkNumber: '1\u0000' } });
    expect(nul.statusCode).toBe(400);
    // Two "deposit" parts: which amount counted would be the parser's choice, not the member's.
    const form = new FormData();
    for (const amount of ['1.00', '9999.00']) form.append('deposit', JSON.stringify({ toAccount: 'Checking', amount }));
    const body = new Response(form);
    const twice = await robin.browser.request('POST', DEPOSITS, {
      form: { payload: Buffer.from(await body.arrayBuffer()), contentType: body.headers.get('content-type') ?? '' },
      headers: { [IDEMPOTENCY_HEADER]: newKey() },
    });
    expectRefusal(twice, 400, { code: 'VALIDATION_FAILED', message: 'The "deposit" part is sent more than once.' });
    expect((await depositOverview(robin.browser)).total).toBe(0);
  });

  it('takes JPEG, PNG and WebP photos and stores them re-encoded as JPEG', async () => {
    const robin = await member();
    const { deposit } = await deposited(robin.browser, {
      front: await checkPhoto(10, { format: 'png' }),
      back: await checkPhoto(11, { format: 'webp' }),
    });
    for (const url of [deposit.frontImageUrl, deposit.backImageUrl]) {
      const image = await robin.browser.get(url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    }
  });

  it('enforces the per-check limit at its edge: 10,000.00 passes, 10,000.01 does not', async () => {
    const robin = await member();
    expectRefusal(
      await sendDeposit(robin.browser, { deposit: { amount: '10000.01' } }),
      400,
      fieldRefusal('amount', m.overCheckLimit('$10,000.00')),
    );
    await deposited(robin.browser, { deposit: { amount: '10000.00' } });
  });

  it('enforces the daily amount and count at their edges; a rejected deposit gives its share back', async () => {
    const robin = await member();
    const photos = async (n: number) => ({ front: await checkPhoto(100 + n), back: await checkPhoto(200 + n) });
    await deposited(robin.browser, { deposit: { amount: '6000.00' }, ...(await photos(1)) });
    expectRefusal(await sendDeposit(robin.browser, { deposit: { amount: '4000.01' }, ...(await photos(2)) }), 422, {
      code: 'DEPOSIT_LIMIT_REACHED',
      message: m.overDailyAmount('$10,000.00', '$4,000.00'),
      fields: { amount: m.overDailyAmount('$10,000.00', '$4,000.00') },
    });
    await deposited(robin.browser, { deposit: { amount: '3999.97' }, ...(await photos(3)) });
    let last = '';
    for (const n of [4, 5, 6])
      last = (await deposited(robin.browser, { deposit: { amount: '0.01' }, ...(await photos(n)) })).deposit.id;
    // Five deposits, $10,000.00 in all: the sixth is refused for the count.
    const sixth = await sendDeposit(robin.browser, { deposit: { amount: '0.01' }, ...(await photos(7)) });
    expectRefusal(sixth, 422, { code: 'DEPOSIT_LIMIT_REACHED', message: m.overDailyCount(5) });
    // A rejected deposit no longer counts.
    expect((await review.reject(staff, last, 'The amount entered does not match the check')).statusCode).toBe(200);
    await deposited(robin.browser, { deposit: { amount: '0.01' }, ...(await photos(8)) });

    // Tomorrow (Thanksgiving: the limits' days are calendar days) the day's limits start again.
    time.advance(24 * 3_600_000);
    await deposited(robin.browser, { deposit: { amount: '5.00' }, ...(await photos(9)) });
    time.advance(-24 * 3_600_000);
  });

  it('counts 30 days for the monthly limit', async () => {
    const robin = await member();
    const photos = async (n: number) => ({ front: await checkPhoto(300 + n), back: await checkPhoto(400 + n) });
    for (const [n, amount] of [
      [1, '9000.00'],
      [2, '9000.00'],
    ] as const) {
      await deposited(robin.browser, { deposit: { amount }, ...(await photos(n)) });
      time.advance(24 * 3_600_000);
    }
    expectRefusal(await sendDeposit(robin.browser, { deposit: { amount: '7000.01' }, ...(await photos(3)) }), 422, {
      code: 'DEPOSIT_LIMIT_REACHED',
      message: m.overMonthlyAmount('$25,000.00', '$7,000.00'),
      fields: { amount: m.overMonthlyAmount('$25,000.00', '$7,000.00') },
    });
    // 30 days after the first, its amount no longer counts.
    time.advance(28 * 24 * 3_600_000);
    await deposited(robin.browser, { deposit: { amount: '9000.00' }, ...(await photos(4)) });
    time.advance(-30 * 24 * 3_600_000);
  });

  it('lets exactly the deposits within the daily limit through when they race', async () => {
    const robin = await member();
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, n) =>
        sendDeposit(robin.browser, {
          deposit: { amount: '3000.00' },
          front: await checkPhoto(500 + n),
          back: await checkPhoto(600 + n),
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    // $10,000 a day: three of $3,000 fit, the other three are refused.
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422]);
    expect((await depositOverview(robin.browser)).limits.daily.amountLeft).toBe('1000.00');
  });

  it('refuses a member on a staff hold', async () => {
    const robin = await member();
    const staff = await createPerson(t, { role: 'admin', email: uniqueEmail('staff') });
    await t.db.transaction((tx) =>
      placeHold(tx, {
        userId: robin.id,
        reason: 'Review',
        actor: { userId: staff.id, email: staff.email },
        meta: { ipAddress: null, userAgent: null },
        now: t.clock(),
      }),
    );
    const browser = await signIn(t, robin.email);
    expectRefusal(await sendDeposit(browser), 403, { code: 'ACCOUNT_LOCKED', message: messages.transfers.onHold });
  });
});

describe('[DEPOSITS]: duplicates', () => {
  const time = manualClock(new Date('2026-11-25T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env });
  let staff: Browser;
  beforeAll(async () => {
    staff = await signInStaff(t, { email: uniqueEmail('staff') });
  });

  const flagsOf = async (id: string) =>
    (await t.db.select().from(mobileDeposits).where(eq(mobileDeposits.id, id)))[0]?.flags ?? [];

  it('flags the same photo, a near-identical photo, and the same amount, account and check number', async () => {
    const robin = await longStandingMember(t);
    const front = await checkPhoto(700);
    const first = await deposited(robin.browser, { front, deposit: { amount: '250.00', checkNumber: '4411' } });
    expect((await flagsOf(first.deposit.id)).map((f) => f.kind)).not.toContain('duplicate_image');

    const same = await deposited(robin.browser, { front, deposit: { amount: '250.00' } });
    expect(await flagsOf(same.deposit.id)).toContainEqual(
      expect.objectContaining({ kind: 'duplicate_image', depositId: first.deposit.id }),
    );

    const retaken = await deposited(robin.browser, { front: await retakenPhoto(front), deposit: { amount: '25.00' } });
    expect(await flagsOf(retaken.deposit.id)).toContainEqual(
      expect.objectContaining({ kind: 'similar_image', label: expect.stringMatching(/^Looks like the check in /) }),
    );

    const number = await deposited(robin.browser, {
      front: await checkPhoto(701),
      deposit: { amount: '250.00', checkNumber: '4411' },
    });
    expect(await flagsOf(number.deposit.id)).toContainEqual(
      expect.objectContaining({ kind: 'same_check', depositId: expect.any(String) }),
    );
    // A different check is flagged with none of these.
    const other = await deposited(robin.browser, { front: await checkPhoto(702), deposit: { amount: '10.00' } });
    const kinds = (await flagsOf(other.deposit.id)).map((f) => f.kind);
    expect(kinds).toEqual([]);
  });

  it("flags another member's photo of the same check", async () => {
    const [ann, ben] = [await longStandingMember(t), await longStandingMember(t)];
    const front = await checkPhoto(710);
    await deposited(ann.browser, { front });
    const { deposit } = await deposited(ben.browser, { front });
    const [flag] = (await flagsOf(deposit.id)).filter((f) => f.kind === 'duplicate_image');
    expect(flag?.label).toContain('by another member');
  });

  it("tells staff the flagged deposit's status as it is now, not when the flag was raised", async () => {
    const robin = await longStandingMember(t);
    const front = await checkPhoto(730);
    const first = await deposited(robin.browser, { front, deposit: { amount: '60.00' } });
    const again = await deposited(robin.browser, { front, deposit: { amount: '60.00' } });
    const sameLabel = async () => {
      const detail = await staff.get(`/api/admin/deposits/${again.deposit.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      // The queue is oldest first: the deposit is on its last page.
      const first = (await staff.get('/api/admin/deposits?status=pending_review')).json() as StaffDepositPage;
      const last = Math.ceil(first.total / first.pageSize);
      const listed = await staff.get(`/api/admin/deposits?status=pending_review&page=${last}`);
      const inList = (listed.json() as StaffDepositPage).deposits.find((d) => d.id === again.deposit.id);
      const labels = [detail.json() as StaffDepositDetail, { deposit: inList }].map(
        ({ deposit }) => deposit?.flags.find((flag) => flag.kind === 'duplicate_image')?.label,
      );
      expect(labels[1]).toBe(labels[0]);
      return labels[0];
    };
    expect(await sameLabel()).toMatch(/^Same photo as the deposit of \$60\.00 on .* \(Pending Review\)$/);

    const ok = await staff.post(`/api/admin/deposits/${first.deposit.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await sameLabel()).toMatch(/^Same photo as the deposit of \$60\.00 on .* \(Accepted\)$/);

    // Stored without a status: the words name the deposit, the status is read with them.
    const stored = (await flagsOf(again.deposit.id)).find((flag) => flag.kind === 'duplicate_image');
    expect(stored?.label).toMatch(/^Same photo as the deposit of \$60\.00 on [^()]*$/);
    // A flag stored before (its status of that moment in brackets) loses them to migration 0021 and
    // reads as every other: the status now, once.
    const current = await flagsOf(again.deposit.id);
    const old = current.map((flag) => (flag.depositId ? { ...flag, label: `${flag.label} (Pending Review)` } : flag));
    await t.db.update(mobileDeposits).set({ flags: old }).where(eq(mobileDeposits.id, again.deposit.id));
    await t.database.executeSql(fs.readFileSync(path.join(serverRoot, 'drizzle/0021_deposit_flag_labels.sql'), 'utf8'));
    expect(await flagsOf(again.deposit.id)).toEqual(current);
    expect(await sameLabel()).toMatch(/^Same photo as the deposit of \$60\.00 on [^()]* \(Accepted\)$/);
  });

  it('refuses an exact duplicate of an accepted deposit, saying when it was deposited', async () => {
    const robin = await longStandingMember(t);
    const front = await checkPhoto(720);
    const first = await deposited(robin.browser, { front, deposit: { amount: '80.00' } });
    const ok = await staff.post(`/api/admin/deposits/${first.deposit.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    const message = m.alreadyDeposited('Wednesday, November 25, 2026');
    expectRefusal(
      await sendDeposit(robin.browser, { front, deposit: { amount: '80.00' } }),
      400,
      fieldRefusal('front', message),
    );
  });
});

describe('[DEPOSITS]: the photo size limit', () => {
  const t = useTestApp({ env: { ...env, MOBILE_DEPOSIT_IMAGE_MAX_BYTES: String(2 * 1024 * 1024) } });

  it('refuses a photo at or over the limit with the size message, and takes one under it', async () => {
    const robin = await memberWithMoney(t, 0n);
    const big = Buffer.concat([await checkPhoto(800), Buffer.alloc(2 * 1024 * 1024)]);
    const response = await sendDeposit(robin.browser, { front: big });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ApiError>().fields).toEqual({ front: m.imageTooLarge(2) });
    expect((await depositOverview(robin.browser)).imageMaxBytes).toBe(2 * 1024 * 1024);
    await deposited(robin.browser);
  });
});
