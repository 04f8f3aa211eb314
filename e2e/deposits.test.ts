import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type DepositOverview,
  type DepositResult,
  type DepositView,
  IDEMPOTENCY_HEADER,
  type PublicSite,
  type StaffDepositDetail,
  depositRejectReasons,
  formatMoney,
  formatWireMoney,
  longDay,
  messages,
  parseMoney,
} from '@mutual/shared';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { checkPicture } from '../apps/server/src/test/check-picture';
import { expectNoViolations } from './support/axe';
import { quickPanel, tile } from './support/bill-pay';
import {
  DESKTOP,
  MOBILE,
  type Viewport,
  browserSuite,
  e2e,
  hasHorizontalScroll,
  headingText,
  screenshot,
  visit,
  partScreenshot,
} from './support/browser';
import { expectFlash, openAsStaff, openConsole, openStaffScreen } from './support/console';
import { type ApiSession, apiSignIn, pathname, staffApi, unexpectedErrors } from './support/identity';
import {
  type Member,
  SETTLED,
  checkingCard,
  figures,
  fundedMember,
  headerFigures,
  openDashboard,
  recentTransactions,
} from './support/money';

/**
 * Mobile check deposit in the browser (spec §2 Mobile Deposit, §4, §5, §8; issue 17 item 6): a new
 * member deposits a check with photos of both sides; staff approve it in Deposit Review and reject
 * a second one; the member then sees both outcomes — the balance up by the first, its money held
 * as the funds-availability policy says, the second Failed with the reason, and both in the bell.
 *
 * The three tests tell one story, in order, about one member (`depositor()`): the second expects
 * the first's deposit (it sends it itself when run alone), the third the second's decisions.
 */

const m = messages.deposits;
const OPENING = '1000.00';
/** Over the $275 available the next business day, so its money becomes available in two parts. */
const APPROVED = { amount: '420.00', checkNumber: '1041' };
const REJECTED = { amount: '135.50', checkNumber: '1042' };
const REJECT_REASON = depositRejectReasons[2];

// ---------------------------------------------------------------- check photos and the API

/**
 * A photo of a check as a phone takes it: the test check's picture (`checkPicture`, as in the
 * server's deposit tests) with its number and amount written on it, drawn from `seed`, so every
 * deposit's photos are pictures of their own, far apart for the near-duplicate check too (an
 * exact duplicate of an accepted deposit is refused; a near one is flagged).
 */
async function checkPhoto(seed: number, side: 'front' | 'back', check: { amount: string; checkNumber: string }) {
  const text = (x: number, y: number, size: number, value: string) =>
    `<text x="${x}" y="${y}" font-size="${size}" font-family="DejaVu Sans, sans-serif">${value}</text>`;
  const words =
    side === 'front'
      ? [text(40, 60, 30, `Check ${check.checkNumber}`), text(880, 60, 30, formatWireMoney(check.amount))]
      : [text(40, 60, 26, 'For mobile deposit only')];
  const svg = checkPicture(seed, 1200, words.join(''));
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Both photos of a check, written to temporary files for the browser's file inputs. */
async function photoFiles(check: { amount: string; checkNumber: string }) {
  const dir = path.join(os.tmpdir(), 'mutual-e2e-uploads');
  fs.mkdirSync(dir, { recursive: true });
  const seed = randomInt(1, 1_000_000);
  const write = async (side: 'front' | 'back') => {
    // Named by check and side (a fixed folder, files overwritten run after run, never piling up).
    const file = path.join(dir, `check-${check.checkNumber}-${side}.jpg`);
    fs.writeFileSync(file, await checkPhoto(seed + (side === 'back' ? 7 : 0), side, check));
    return file;
  };
  return { front: await write('front'), back: await write('back') };
}

/** `GET /api/deposits`: the form's facts and the member's deposits, newest first. */
const overviewOf = (session: ApiSession) => session.request<DepositOverview>('GET', '/api/deposits');

/** The member's deposit with this check number, as the API reports it. */
async function depositOf(session: ApiSession, checkNumber: string): Promise<DepositView | undefined> {
  return (await overviewOf(session)).deposits.find((deposit) => deposit.checkNumber === checkNumber);
}

/** `POST /api/deposits` as the member's phone sends it: the JSON part and both photos (multipart). */
async function depositViaApi(session: ApiSession, check: { amount: string; checkNumber: string }) {
  const files = await photoFiles(check);
  const form = new FormData();
  form.append('deposit', JSON.stringify({ toAccount: 'Checking', ...check }));
  for (const side of ['front', 'back'] as const) {
    const bytes = new Uint8Array(fs.readFileSync(files[side]));
    form.append(side, new Blob([bytes], { type: 'image/jpeg' }), `${side}.jpg`);
  }
  const cookie = session
    .cookies()
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  const response = await fetch(new URL('/api/deposits', e2e.baseUrl), {
    method: 'POST',
    headers: { origin: e2e.baseUrl, cookie, [IDEMPOTENCY_HEADER]: randomUUID() },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`POST /api/deposits answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as DepositResult).deposit;
}

/** The deposit as staff see it: `GET /api/admin/deposits/:id`. */
async function staffViewOf(id: string): Promise<StaffDepositDetail['deposit']> {
  const session = await staffApi.session();
  return (await session.request<StaffDepositDetail>('GET', `/api/admin/deposits/${id}`)).deposit;
}

const siteFacts = async (): Promise<PublicSite> =>
  (await fetch(new URL('/api/site', e2e.baseUrl))).json() as Promise<PublicSite>;

/** Cents of a decimal string ("420.00" → 42000n). */
function cents(decimal: string): bigint {
  const parsed = parseMoney(decimal);
  if (!parsed.ok) throw new Error(`not money: ${decimal}`);
  return parsed.cents;
}

/** The member of this file's story: new (so the lower new-member limits), with $1,000.00 in Checking. */
let member: Promise<Member> | undefined;
const depositor = () => (member ??= fundedMember('deposit', { Checking: OPENING }, 'Dana'));

// ---------------------------------------------------------------- the member's panel

const depositPanel = (page: Page) => quickPanel(page, 'mobile-deposit');
const depositForm = (page: Page) => depositPanel(page).getByRole('form', { name: 'Deposit a check' });
const submitButton = (page: Page) => depositForm(page).getByRole('button', { name: 'Submit Deposit' });

/** Opens the Mobile Deposit tile and waits for its form (the limits and history have loaded). */
async function openMobileDeposit(page: Page): Promise<Locator> {
  await tile(page, 'Mobile Deposit').click();
  await depositForm(page).waitFor({ state: 'visible' });
  return depositPanel(page);
}

/** One of "Your deposits", by the amount and check number it shows. */
const depositItem = (page: Page, check: { amount: string; checkNumber: string }) =>
  depositPanel(page)
    .getByRole('region', { name: 'Your deposits', exact: true })
    .getByTestId('deposit-item')
    .filter({ hasText: formatWireMoney(check.amount) })
    .filter({ hasText: `Check #${check.checkNumber}` });

/** The visible Recent Transactions entry (a table row, or a card on a phone) with `text` in it. */
const transactionRow = (page: Page, text: string) =>
  recentTransactions(page)
    .locator('[data-testid="transaction-row"], [data-testid="transaction-card"]')
    .filter({ visible: true })
    .filter({ hasText: text });

/** A photo input's preview: shown, and the picture actually decoded. */
async function expectPreview(form: Locator, label: string) {
  const preview = form.getByRole('img', { name: `${label}, as you took it` });
  await preview.waitFor({ state: 'visible' });
  await expect
    .poll(() => preview.evaluate((image) => (image as HTMLImageElement).naturalWidth), {
      message: `the ${label} preview shows the photo`,
    })
    .toBeGreaterThan(0);
}

/** Amount, check number and both photos (nothing submitted). */
async function fillDeposit(page: Page, check: { amount: string; checkNumber: string }) {
  const form = depositForm(page);
  const files = await photoFiles(check);
  await form.getByLabel('Amount', { exact: true }).fill(check.amount);
  await form.getByLabel(/^Check number/).fill(check.checkNumber);
  await form.getByLabel('Front of check', { exact: true }).setInputFiles(files.front);
  await expectPreview(form, 'Front of check');
  await form.getByLabel('Back of check', { exact: true }).setInputFiles(files.back);
  await expectPreview(form, 'Back of check');
}

// ---------------------------------------------------------------- the staff page

/** The visible queue entry (a table row, or a card in a narrow column) of a deposit. */
const queueEntry = (page: Page, id: string) =>
  page.locator(`[data-testid="staff-deposit"][data-deposit-id="${id}"]`).filter({ visible: true });

const statusTab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label} `) });

/** Opens a deposit of the list: the member's name in a table row, the whole card on a phone. */
async function selectDeposit(page: Page, entry: Locator, id: string) {
  await entry.getByRole('button').first().click();
  await page.waitForURL((url) => url.searchParams.get('deposit') === id);
  // This deposit's detail, not the one shown before it while the new one loads.
  const detail = page.locator(`[data-testid="deposit-detail"][data-deposit-id="${id}"]`);
  await detail.waitFor({ state: 'visible' });
  return detail;
}

/** A check image of the detail: shown, decoded, and its CSS transform (zoom and rotation). */
async function checkImage(detail: Locator, side: 'Front' | 'Back') {
  const image = detail.getByRole('img', { name: `${side} of the check`, exact: true });
  await image.waitFor({ state: 'visible' });
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth), {
      ...SETTLED,
      message: `the ${side.toLowerCase()} of the check loads`,
    })
    .toBeGreaterThan(0);
  return image;
}

const transformOf = (image: Locator) => image.evaluate((element) => (element as HTMLElement).style.transform);

browserSuite('[DEPOSITS]: mobile check deposit in the browser', (browser) => {
  test(
    '[DEPOSITS]: a member opens Mobile Deposit, sees the endorsement and limits, submits both photos, ' +
      'gets the spec’s message; the deposit is Pending Review, in the pending total and Pending in the ' +
      'transactions; axe finds nothing at 1280 and 390 px',
    async () => {
      const dana = await depositor();
      const { page, errors, session } = await openDashboard(browser, dana);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const opening = formatWireMoney(OPENING);
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: opening, pending: '$0.00' });

      const panel = await openMobileDeposit(page);
      expect(await panel.getByRole('heading', { level: 3 }).innerText()).toBe('Mobile Deposit');
      const overview = await overviewOf(session);
      const { limits } = overview;

      // Before they start: what to write on the back, and the limits (lower for a new member).
      const site = await siteFacts();
      expect(await panel.getByTestId('deposit-endorsement').innerText()).toContain(m.endorsement(site.brand.name));
      expect(limits.newMember, 'a member of fewer than 30 days').toBe(true);
      const limitsList = panel.getByRole('definition').filter({ hasText: /^Up to / });
      expect(await limitsList.innerText()).toBe(`Up to ${formatWireMoney(limits.perCheck)}`);
      const daily = panel.getByTestId('deposit-limit-daily');
      expect(await daily.innerText()).toBe(
        `${formatWireMoney(limits.daily.amount)} left of ${formatWireMoney(limits.daily.amount)}\n` +
          `${limits.daily.count} checks left of ${limits.daily.count}`,
      );
      const thirtyDays = await panel.getByTestId('deposit-limit-30-days').innerText();
      expect(thirtyDays).toContain(`${formatWireMoney(limits.thirtyDays.amount)} left of`);
      expect(await panel.getByTestId('deposit-new-member').innerText()).toMatch(
        /^As a new member, your limits are lower until /,
      );
      expect(await panel.getByTestId('deposit-policy').innerText()).toContain(overview.policy);
      await panel.getByText('You have not deposited a check yet.').waitFor({ state: 'visible' });

      // "Submit Deposit" waits for the amount and both photos.
      const form = depositForm(page);
      const submit = submitButton(page);
      expect(await submit.isDisabled(), 'nothing entered').toBe(true);
      const files = await photoFiles(APPROVED);
      await form.getByLabel('Amount', { exact: true }).fill(APPROVED.amount);
      await form.getByLabel(/^Check number/).fill(APPROVED.checkNumber);
      expect(await submit.isDisabled(), 'the amount, no photos').toBe(true);
      await form.getByLabel('Front of check', { exact: true }).setInputFiles(files.front);
      await expectPreview(form, 'Front of check');
      expect(await submit.isDisabled(), 'the amount and the front only').toBe(true);
      await form.getByLabel('Back of check', { exact: true }).setInputFiles(files.back);
      await expectPreview(form, 'Back of check');
      expect(await submit.isEnabled(), 'the amount and both photos').toBe(true);
      await partScreenshot(page, panel, 'deposit-panel-ready');

      await submit.click();
      const answer = form.getByRole('status').filter({ hasText: m.submitted });
      await answer.waitFor({ state: 'visible', ...SETTLED });
      expect(await answer.innerText()).toBe(
        'Check deposit submitted successfully! Your funds will be available according to our standard deposit policy.',
      );
      // The form starts over: no amount, no photos, the button waiting again.
      expect(await form.getByLabel('Amount', { exact: true }).inputValue()).toBe('');
      expect(await form.getByRole('img').count(), 'the previews are gone').toBe(0);
      expect(await submit.isDisabled()).toBe(true);

      // "Your deposits": Pending Review; today's limit counts it.
      const item = depositItem(page, APPROVED);
      await item.waitFor({ state: 'visible', ...SETTLED });
      expect(await item.innerText()).toContain('Pending Review');
      const amountLeft = formatMoney(cents(limits.daily.amount) - cents(APPROVED.amount));
      await expect
        .poll(() => daily.innerText(), SETTLED)
        .toBe(
          `${amountLeft} left of ${formatWireMoney(limits.daily.amount)}\n` +
            `${limits.daily.count - 1} check${limits.daily.count - 1 === 1 ? '' : 's'} left of ${limits.daily.count}`,
        );

      // A pending credit: in the pending total, not in the available balance; Pending in the list.
      await expect
        .poll(() => headerFigures(page), SETTLED)
        .toEqual({ available: opening, pending: formatWireMoney(APPROVED.amount) });
      await expect
        .poll(() => figures(checkingCard(page)), SETTLED)
        .toMatchObject({ Balance: opening, Available: opening });
      const row = transactionRow(page, `Mobile check deposit (check ${APPROVED.checkNumber})`);
      await row.waitFor({ state: 'visible', ...SETTLED });
      const rowText = await row.innerText();
      for (const part of ['Pending', formatWireMoney(APPROVED.amount)]) expect(rowText).toContain(part);

      await expectNoViolations(page, 'the Mobile Deposit panel at 1280 px');
      expect(await hasHorizontalScroll(page), 'the panel fits 1280 px').toBe(false);
      await partScreenshot(page, panel, 'deposit-panel-submitted');
      await screenshot(page, 'deposit-dashboard');
      expect(unexpectedErrors(errors)).toEqual([]);

      // At 390 px: the panel with the pending deposit and a new check's photos chosen.
      const phone = await openDashboard(browser, dana, MOBILE);
      await phone.page.emulateMedia({ reducedMotion: 'reduce' });
      const phonePanel = await openMobileDeposit(phone.page);
      await depositItem(phone.page, APPROVED).waitFor({ state: 'visible' });
      await fillDeposit(phone.page, REJECTED);
      expect(await submitButton(phone.page).isEnabled()).toBe(true);
      await expectNoViolations(phone.page, 'the Mobile Deposit panel at 390 px');
      expect(await hasHorizontalScroll(phone.page), 'the panel fits 390 px').toBe(false);
      await partScreenshot(phone.page, phonePanel, 'deposit-panel-ready');
      await depositForm(phone.page).getByRole('button', { name: 'Clear form' }).click();
      expect(await submitButton(phone.page).isDisabled(), 'cleared').toBe(true);
      await partScreenshot(phone.page, phonePanel, 'deposit-panel-submitted');
      expect(unexpectedErrors(phone.errors)).toEqual([]);
    },
  );

  test(
    '[DEPOSITS]: staff open Deposit Review from the console, find the deposit in the Pending Review ' +
      'queue, zoom and rotate both sides, Approve it (Accepted) and Reject a second with a reason ' +
      '(Rejected); axe finds nothing at 1280 and 390 px',
    async () => {
      const dana = await depositor();
      const session = await apiSignIn(dana.email, dana.password);
      const first = (await depositOf(session, APPROVED.checkNumber)) ?? (await depositViaApi(session, APPROVED));
      expect(first.status).toBe('pending_review');
      // The second check, sent from the member's phone meanwhile.
      const second = (await depositOf(session, REJECTED.checkNumber)) ?? (await depositViaApi(session, REJECTED));
      const approvedAmount = formatWireMoney(APPROVED.amount);
      const rejectedAmount = formatWireMoney(REJECTED.amount);

      const { page, errors } = await openConsole(browser);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openStaffScreen(page, 'Deposit Review', '/admin/deposits');
      await expect.poll(() => headingText(page)).toBe('Deposit Review');
      expect(await page.title()).toContain('Deposit Review');
      const pendingTab = statusTab(page, 'Pending Review');
      expect(await pendingTab.getAttribute('aria-selected')).toBe('true');

      // The queue, oldest first: the first check before the second, each with the member and amount.
      const firstEntry = queueEntry(page, first.id);
      await firstEntry.waitFor({ state: 'visible', ...SETTLED });
      const entryText = await firstEntry.innerText();
      for (const part of [dana.name, dana.email, approvedAmount, 'New member: lower limits until'])
        expect(entryText).toContain(part);
      expect(await queueEntry(page, second.id).innerText()).toContain(rejectedAmount);
      const queue = await page
        .getByTestId('staff-deposit')
        .filter({ visible: true })
        .evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-deposit-id')));
      expect(queue.indexOf(first.id), 'oldest first').toBeLessThan(queue.indexOf(second.id));

      const detail = await selectDeposit(page, firstEntry, first.id);
      expect(await detail.getByRole('heading', { level: 2 }).innerText()).toBe(`${approvedAmount} from ${dana.name}`);
      const front = await checkImage(detail, 'Front');
      const back = await checkImage(detail, 'Back');
      expect(await transformOf(front)).toBe('rotate(0deg) scale(1)');

      // Zoom in / Rotate change the picture staff look at.
      await detail.getByRole('button', { name: 'Zoom in on front' }).click();
      await expect.poll(() => transformOf(front)).toBe('rotate(0deg) scale(1.5)');
      expect(await detail.getByRole('figure').first().innerText()).toContain('Front · 150%');
      await detail.getByRole('button', { name: 'Zoom out on front' }).click();
      await expect.poll(() => transformOf(front)).toBe('rotate(0deg) scale(1)');
      await detail.getByRole('button', { name: 'Rotate back' }).click();
      await expect.poll(() => transformOf(back)).toMatch(/^rotate\(90deg\) /);
      await detail.getByRole('button', { name: 'Rotate back' }).click();
      await expect.poll(() => transformOf(back)).toBe('rotate(180deg) scale(1)');
      const facts = detail.getByRole('region', { name: 'Deposit', exact: true });
      expect(await facts.innerText()).toContain(APPROVED.checkNumber);
      await expectNoViolations(page, 'Deposit Review with a deposit open at 1280 px');
      expect(await hasHorizontalScroll(page), 'the page fits 1280 px').toBe(false);
      await screenshot(page, 'deposit-review-pending');

      // Approve, confirmed in a dialog: the answer names the day the money is fully available.
      await detail.getByRole('button', { name: 'Approve', exact: true }).click();
      const approve = page.getByRole('dialog', { name: 'Approve deposit' });
      await approve.waitFor({ state: 'visible' });
      expect(await approve.innerText()).toContain(dana.email);
      await expectNoViolations(page, 'the Approve dialog', '[role="dialog"]');
      await approve.getByRole('button', { name: 'Approve deposit' }).click();
      await expectFlash(page, `Deposit of ${approvedAmount} approved.`);
      await approve.waitFor({ state: 'detached' });
      const accepted = await staffViewOf(first.id);
      expect(accepted.status).toBe('accepted');
      await expectFlash(page, m.approved(approvedAmount, longDay(accepted.availableOn ?? '?')));
      await expect
        .poll(() => facts.innerText(), { ...SETTLED, message: 'the detail says Accepted' })
        .toContain('Accepted');
      expect(await detail.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);

      // It left the queue and is under Accepted.
      await expect.poll(() => queueEntry(page, first.id).count(), SETTLED).toBe(0);
      await statusTab(page, 'Accepted').click();
      await page.waitForURL((url) => url.searchParams.get('status') === 'accepted');
      await queueEntry(page, first.id).waitFor({ state: 'visible', ...SETTLED });

      // The second check: Reject, with a reason the member will read.
      await pendingTab.click();
      const secondEntry = queueEntry(page, second.id);
      await secondEntry.waitFor({ state: 'visible', ...SETTLED });
      const secondDetail = await selectDeposit(page, secondEntry, second.id);
      expect(await secondDetail.getByRole('heading', { level: 2 }).innerText()).toBe(
        `${rejectedAmount} from ${dana.name}`,
      );
      await checkImage(secondDetail, 'Front');
      await checkImage(secondDetail, 'Back');
      await secondDetail.getByRole('button', { name: 'Reject', exact: true }).click();
      const reject = page.getByRole('dialog', { name: 'Reject deposit' });
      await reject.waitFor({ state: 'visible' });
      const rejectButton = reject.getByRole('button', { name: 'Reject deposit' });
      await rejectButton.click();
      await reject.getByText(m.reasonRequired).waitFor({ state: 'visible' });
      await reject.getByLabel('Reason', { exact: true }).selectOption(REJECT_REASON);
      await expectNoViolations(page, 'the Reject dialog', '[role="dialog"]');
      await screenshot(page, 'deposit-review-reject-dialog');
      await rejectButton.click();
      await expectFlash(page, m.rejected(rejectedAmount));
      await reject.waitFor({ state: 'detached' });
      const rejectedFacts = secondDetail.getByRole('region', { name: 'Deposit', exact: true });
      await expect.poll(() => rejectedFacts.innerText(), SETTLED).toContain(REJECT_REASON);
      expect(await rejectedFacts.innerText()).toContain('Rejected');
      await statusTab(page, 'Rejected').click();
      await page.waitForURL((url) => url.searchParams.get('status') === 'rejected');
      await queueEntry(page, second.id).waitFor({ state: 'visible', ...SETTLED });
      await screenshot(page, 'deposit-review-rejected');
      expect(unexpectedErrors(errors)).toEqual([]);

      // At 390 px: the queue as cards and the accepted deposit below it.
      const phone = await openAsStaff(browser, MOBILE);
      await phone.page.emulateMedia({ reducedMotion: 'reduce' });
      await visit(phone.page, '/admin/deposits');
      await phone.page
        .getByTestId('staff-deposit')
        .filter({ visible: true })
        .filter({ hasText: 'Alex Morgan' })
        .first()
        .waitFor({ state: 'visible', ...SETTLED });
      await statusTab(phone.page, 'Accepted').click();
      const acceptedCard = queueEntry(phone.page, first.id);
      await acceptedCard.waitFor({ state: 'visible', ...SETTLED });
      expect(await acceptedCard.evaluate((element) => element.tagName), 'a card, not a table row').toBe('LI');
      const phoneDetail = await selectDeposit(phone.page, acceptedCard, first.id);
      await checkImage(phoneDetail, 'Front');
      await checkImage(phoneDetail, 'Back');
      await expectNoViolations(phone.page, 'Deposit Review at 390 px');
      expect(await hasHorizontalScroll(phone.page), 'the page fits 390 px').toBe(false);
      await screenshot(phone.page, 'deposit-review-accepted');
      expect(pathname(phone.page)).toBe('/admin/deposits');
      expect(unexpectedErrors(phone.errors)).toEqual([]);
    },
  );

  for (const viewport of [DESKTOP, MOBILE] as Viewport[]) {
    test(
      `[DEPOSITS]: the member sees both outcomes at ${viewport.width} px — Accepted with the day the ` +
        'funds are available and the balance up (the money held as the policy says), Rejected with the ' +
        'reason and Failed in the transactions, both in the notifications bell',
      async () => {
        const dana = await depositor();
        const { page, errors, session } = await openDashboard(browser, dana, viewport);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const accepted = await depositOf(session, APPROVED.checkNumber);
        const rejected = await depositOf(session, REJECTED.checkNumber);
        if (accepted?.status !== 'accepted' || rejected?.status !== 'rejected') {
          throw new Error('this test follows the staff test: the first check accepted, the second rejected');
        }

        // The balance rose by the whole deposit; the available balance only by what the policy released.
        const released = accepted.availability
          .filter((part) => part.released)
          .reduce((sum, part) => sum + cents(part.amount), 0n);
        const held = cents(accepted.amount) - released;
        expect(accepted.availability.length, '$275.00 next business day, the rest on the second').toBe(2);
        const balance = formatMoney(cents(OPENING) + cents(APPROVED.amount));
        const available = formatMoney(cents(OPENING) + released);
        await expect
          .poll(() => figures(checkingCard(page)), SETTLED)
          .toMatchObject({ Balance: balance, Available: available });
        await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available, pending: formatMoney(held) });

        const panel = await openMobileDeposit(page);
        const acceptedItem = depositItem(page, APPROVED);
        await acceptedItem.waitFor({ state: 'visible', ...SETTLED });
        expect(await acceptedItem.innerText()).toContain(
          `Accepted — funds available on ${longDay(accepted.availableOn ?? '?')}`,
        );
        const rejectedItem = depositItem(page, REJECTED);
        const rejectedText = await rejectedItem.innerText();
        expect(rejectedText).toContain('Rejected');
        expect(rejectedText).toContain(REJECT_REASON);
        expect(rejectedText).not.toContain('Pending Review');

        // Recent Transactions: the rejected check's pending credit Failed, the accepted one's Completed.
        const failed = transactionRow(page, `Mobile check deposit (check ${REJECTED.checkNumber})`);
        await failed.waitFor({ state: 'visible', ...SETTLED });
        const failedText = await failed.innerText();
        for (const part of ['Failed', formatWireMoney(REJECTED.amount)]) expect(failedText).toContain(part);
        const completed = transactionRow(page, `Mobile check deposit (check ${APPROVED.checkNumber})`);
        expect(await completed.innerText()).toContain('Completed');

        await expectNoViolations(page, `the Mobile Deposit panel with both outcomes at ${viewport.width} px`);
        expect(await hasHorizontalScroll(page), `the panel fits ${viewport.width} px`).toBe(false);
        await partScreenshot(page, panel, 'deposit-panel-outcomes');

        // The bell: one notice for each decision, in plain words.
        await page.getByTestId('notifications-trigger').click();
        const notices = page.getByTestId('notification-list').locator('li');
        const acceptedNotice = notices.filter({ hasText: 'Check deposit accepted' });
        await acceptedNotice.waitFor({ state: 'visible', ...SETTLED });
        expect(await acceptedNotice.innerText()).toContain(
          `Your mobile deposit of ${formatWireMoney(APPROVED.amount)}`,
        );
        const rejectedNotice = notices.filter({ hasText: 'Check deposit rejected' });
        await rejectedNotice.waitFor({ state: 'visible' });
        const said = await rejectedNotice.innerText();
        const inSentence = `${REJECT_REASON.charAt(0).toLowerCase()}${REJECT_REASON.slice(1)}`;
        expect(said).toContain(`was not accepted: ${inSentence}. No money was added to your account.`);
        await screenshot(page, 'deposit-member-notified');
        await page.keyboard.press('Escape');
        expect(unexpectedErrors(errors)).toEqual([]);
      },
    );
  }
});
