import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, MOBILE, e2e, useBrowser, visit } from './support/browser';
import { publicPages } from './support/pages';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Serious and critical axe violations, one readable line per failing element. `skipFrames` leaves
 * out iframes: axe cannot run inside the dev mailbox's script-less sandbox and waits forever.
 */
async function seriousViolations(page: Page, { skipFrames = false } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (skipFrames) builder.exclude('iframe');
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `[${violation.impact}] ${violation.id}: ${violation.help} — ${node.target.join(' ')}\n    ${node.failureSummary ?? ''}`,
      ),
    );
}

describe.skipIf(!e2e.chromium)('[ACCESSIBILITY]: axe-core WCAG 2.1 AA', () => {
  const browser = useBrowser();
  const pages = [...publicPages.map(({ path }) => path), '/no-such-page', '/dev/mailbox'];

  // The mailbox is checked with a message open (list and viewer), whatever ran before.
  beforeAll(async () => {
    const response = await fetch(new URL('/api/contact-messages', e2e.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: e2e.baseUrl },
      body: JSON.stringify({ name: 'Axe Check', email: 'axe@example.com', subject: 'general', message: 'Hello' }),
    });
    expect(response.status).toBe(201);
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    for (const path of pages) {
      test(`[ACCESSIBILITY]: ${path} at ${viewport.width} px has no serious or critical violations`, async () => {
        const { page } = await browser.open(viewport);
        // Final figures rather than mid-animation counters, so colour checks see the real page.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await visit(page, path);
        const mailbox = path === '/dev/mailbox';
        if (mailbox) await page.getByTestId('mail-item').first().waitFor({ state: 'visible' });
        const violations = await seriousViolations(page, { skipFrames: mailbox });
        expect(violations, `axe found on ${path}:\n${violations.join('\n')}`).toEqual([]);
      });
    }
  }

  test('[ACCESSIBILITY]: the contact form with its errors showing, and the open mobile menu', async () => {
    const { page } = await browser.open(MOBILE);
    await visit(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').first().waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'visible' });
    const violations = await seriousViolations(page);
    expect(violations, `axe found:\n${violations.join('\n')}`).toEqual([]);
  });
});
