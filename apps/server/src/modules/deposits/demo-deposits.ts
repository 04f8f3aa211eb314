import { centsToDecimal, formatMoney } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppDeps } from '../../deps';
import type { Actor, RequestMeta } from '../audit/record-audit';
import { type UserRow, users } from '../people/people.tables';
import { releaseDueHolds } from './release-holds';
import { approveDeposit, rejectDeposit } from './review-deposit';
import { submitDeposit } from './submit-deposit';

/**
 * The demo's check deposits, made through the product's own services at past times: Alex has
 * one accepted three weeks ago (its holds released) and one waiting for review; Sam has one
 * rejected months ago — so the member's history and the staff queue both have something.
 */

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock' | 'storage' | 'logger'>;
const DAY = 86_400_000;
const meta: RequestMeta = { ipAddress: null, userAgent: 'demo seed' };

/** A check as a phone would photograph it: payer, payee, amount in figures, memo line, MICR line. */
async function checkPicture(
  check: { payer: string; payee: string; cents: bigint; number: string; tint: string },
  back = false,
) {
  const width = 1400;
  const height = 620;
  const text = (x: number, y: number, size: number, value: string, extra = 'font-family="DejaVu Sans, sans-serif"') =>
    `<text x="${x}" y="${y}" font-size="${size}" ${extra}>${value}</text>`;
  const face = [
    text(60, 90, 34, check.payer, 'font-family="DejaVu Sans, sans-serif" font-weight="bold"'),
    text(60, 130, 22, '12 Harbor Street, Portland, ME 04101'),
    text(1180, 90, 30, check.number),
    text(60, 280, 26, 'PAY TO THE ORDER OF'),
    text(420, 280, 34, check.payee),
    `<rect x="1050" y="235" width="280" height="64" fill="none" stroke="#333" stroke-width="3"/>`,
    text(1070, 280, 34, formatMoney(check.cents)),
    text(60, 470, 24, 'MEMO'),
    `<line x1="150" y1="470" x2="700" y2="470" stroke="#333" stroke-width="2"/>`,
    `<line x1="760" y1="470" x2="1330" y2="470" stroke="#333" stroke-width="2"/>`,
    // The MICR line, with its transit and on-us symbols written as the plain-text forms ":" and "«".
    text(60, 570, 34, `:011000138: 4410023356« ${check.number}`, 'font-family="DejaVu Sans Mono, monospace"'),
    text(780, 458, 36, check.payer.split(' ')[0] ?? '', 'font-family="DejaVu Serif, serif" font-style="italic"'),
  ].join('');
  const reverse = [
    `<line x1="60" y1="120" x2="620" y2="120" stroke="#333" stroke-width="2"/>`,
    text(60, 110, 40, check.payee, 'font-family="DejaVu Serif, serif" font-style="italic"'),
    text(60, 170, 26, 'For mobile deposit only at Mutual Demo Credit Union'),
    text(60, 240, 20, 'DO NOT WRITE, STAMP OR SIGN BELOW THIS LINE'),
  ].join('');
  // Each bank's checks have their own background: a pattern drawn from the check number.
  let state = Number(check.number);
  const random = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  const pattern = Array.from({ length: 9 }, () => {
    const [w, h] = [Math.round(120 + random() * 420), Math.round(40 + random() * 160)];
    const [x, y] = [Math.round(30 + random() * (width - 60 - w)), Math.round(30 + random() * (height - 60 - h))];
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${check.tint}" opacity="0.55"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${back ? '#f7f5ef' : '#eef2f4'}"/>${back ? '' : pattern}
    <rect x="20" y="20" width="${width - 40}" height="${height - 40}" fill="none" stroke="#8aa" stroke-width="4"/>
    ${back ? reverse : face}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

export async function seedDeposits(deps: Deps, ids: { alex: string; sam: string }, staff: Actor): Promise<void> {
  const now = deps.clock();
  const at =
    (daysAgo: number, hoursAgo = 0) =>
    () =>
      new Date(now.getTime() - daysAgo * DAY - hoursAgo * 3_600_000);
  const memberOf = async (id: string): Promise<UserRow> => {
    const [row] = await deps.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error('demo member missing');
    return row;
  };
  const [alex, sam] = [await memberOf(ids.alex), await memberOf(ids.sam)];
  const send = async (
    member: UserRow,
    when: () => Date,
    check: { payer: string; cents: bigint; number: string; tint: string },
    toAccount: 'Checking' | 'Savings' = 'Checking',
  ) => {
    const payee = `${member.firstName} ${member.lastName}`;
    const answer = await submitDeposit(
      { ...deps, clock: when },
      { member, key: `demo-deposit-${check.number}`, meta },
      { toAccount, amount: centsToDecimal(check.cents), checkNumber: check.number },
      {
        front: await checkPicture({ ...check, payee }),
        back: await checkPicture({ ...check, payee }, true),
      },
    );
    return (answer.body as { deposit: { id: string } }).deposit.id;
  };

  // In the order they were sent, so each one's flags compare it with the ones before it.
  const refund = await send(alex, at(21, 3), {
    payer: 'Casco Bay Insurance Co.',
    cents: 1_250_00n,
    number: '8841',
    tint: '#bcd9ea',
  });
  await approveDeposit({ ...deps, clock: at(21, 1) }, refund, staff, meta);
  // Sam's is months back, so the newest page of Sam's history (which the browser tests read) is as before.
  const blurry = await send(sam, at(150, 4), {
    payer: 'Portland Youth Soccer',
    cents: 75_00n,
    number: '1187',
    tint: '#d8c8ec',
  });
  await rejectDeposit(
    { ...deps, clock: at(150, 2) },
    blurry,
    'The photo of the check is not clear enough to read',
    staff,
    meta,
  );
  await send(alex, at(0, 2), { payer: 'Jordan Ellis', cents: 240_00n, number: '2291', tint: '#f0d9b5' });
  // The job releases holds whose day has come; the seed leaves no such work behind.
  await releaseDueHolds(deps, now);
}
