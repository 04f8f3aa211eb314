import type { ScheduledWork } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { seriousViolations } from './support/axe';
import { browserSuite, headingText, screenshot } from './support/browser';
import { expectFlash, openConsole, openStaffScreen } from './support/console';
import { staffApi, unexpectedErrors } from './support/identity';

/**
 * The jobs the server defines (the payment-order expiry with the default PAYMENT_ORDER_EXPIRY_HOURS,
 * 120; Bill Pay's with the default cut-off, the check-hold releases and the statements', in the e2e
 * server's time zone; the card holds' expiry with the default CARD_AUTHORIZATION_HOLD_DAYS, 7; the
 * unreferenced files' sweep with the default FILE_SWEEP_GRACE_MINUTES, 60).
 */
const JOB_TITLES = [
  'Send waiting e-mail',
  'Send bill payments due at the 14:00 cut-off (America/New_York)',
  'Expire payment orders pending more than 120 hours',
  'Forget rate-limit windows that are over',
  "Make check deposits' held money available on its day (America/New_York)",
  'Let go of card holds the merchant did not complete within 7 days',
  'Delete uploaded files no record refers to, once 60 minutes old',
  'Post savings dividends and issue monthly statements when a month closes (America/New_York)',
];
const SWEEP = 'Forget rate-limit windows that are over';
/** The Last run cell among a row's cells (Queue, Failed (24 h), Last run, Last error, Run now). */
const LAST_RUN = 2;

/** A job's row in the table (the table is shown at desktop width; the phone cards are hidden). */
const jobRow = (page: Page, title: string) =>
  page
    .getByTestId('scheduled-job-row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}`) }) });

browserSuite('[SCHEDULED_WORK]: the staff Scheduled work panel', (browser) => {
  test('[SCHEDULED_WORK]: staff open it from the console, see the eight jobs and run one now', async () => {
    const { page, errors } = await openConsole(browser);
    await openStaffScreen(page, 'Scheduled Work', '/admin/scheduled-work');
    await expect.poll(() => headingText(page)).toBe('Scheduled Work');

    for (const title of JOB_TITLES) await jobRow(page, title).waitFor({ state: 'visible' });
    expect(await page.getByTestId('scheduled-job-row').count()).toBe(JOB_TITLES.length);
    // The e2e server works the queue (JOBS_ENABLED=true in global-setup): no "switched off" notice.
    expect(await page.getByText('Scheduled work is switched off on this server').count()).toBe(0);
    expect(await jobRow(page, 'Send waiting e-mail').innerText()).toContain('Every minute');

    const pressedAt = Date.now();
    await page.getByRole('button', { name: `Run now: ${SWEEP}` }).click();
    await expectFlash(page, `${SWEEP}: queued to run now.`);

    // The run really happens: the queue reports a completed run after the press...
    const session = await staffApi.session();
    await expect
      .poll(
        async () => {
          const work = await session.request<ScheduledWork>('GET', '/api/admin/scheduled-work');
          const sweep = work.jobs.find((job) => job.title === SWEEP);
          return sweep?.lastCompletedAt ? Date.parse(sweep.lastCompletedAt) >= pressedAt - 1_000 : false;
        },
        { timeout: 30_000, interval: 500, message: 'the sweep ran after Run now' },
      )
      .toBe(true);
    // ...and the open page shows it at its next refresh (every 15 s), without a reload.
    await expect
      .poll(async () => jobRow(page, SWEEP).locator('td').nth(LAST_RUN).innerText(), { timeout: 20_000, interval: 500 })
      .not.toBe('Never');

    const axe = await seriousViolations(page);
    expect(axe, `axe found on /admin/scheduled-work:\n${axe.join('\n')}`).toEqual([]);
    await screenshot(page, 'scheduled-work');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
