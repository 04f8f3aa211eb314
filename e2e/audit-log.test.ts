import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  DESKTOP,
  MOBILE,
  type Viewport,
  browserSuite,
  hasHorizontalScroll,
  headingText,
  screenshot,
  visit,
} from './support/browser';
import { openAsStaff } from './support/console';
import { downloadFrom, parseCsv } from './support/downloads';
import { STAFF_EMAIL, type Person, createMember, staffApi, unexpectedErrors } from './support/identity';

/** The entries shown: table rows on a wide screen, cards on a phone (only one is displayed). */
const entries = (page: Page): Locator =>
  page.locator('[data-testid="audit-row"]:visible, [data-testid="audit-entry"]:visible');

browserSuite('[AUDIT]: the Audit Log screen', (browser) => {
  let member: Person & { id: string };
  const reason = `e2e audit ${randomUUID().slice(0, 8)}: branch cash deposit`;

  beforeAll(async () => {
    const person = await createMember('audit', 'Aubrey');
    member = { ...person, id: (await staffApi.lookup(person.email)).id };
    // The staff change the test looks for: a balance set with a reason.
    await staffApi.setBalance(member.id, 'Checking', '250.00', reason);
  });

  async function openStaffPage(viewport: Viewport = DESKTOP) {
    const opened = await openAsStaff(browser, viewport);
    await opened.page.emulateMedia({ reducedMotion: 'reduce' });
    return opened;
  }

  test(
    '[AUDIT]: staff filter by the action and the member, ' +
      'see who set the balance, why and from what to what, and download the CSV',
    async () => {
      const { page, errors } = await openStaffPage();
      await visit(page, '/admin');
      await page.getByRole('navigation', { name: 'Staff screens' }).getByRole('link', { name: 'Audit Log' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/audit');
      await expect.poll(() => headingText(page)).toBe('Audit Log');
      await entries(page).first().waitFor({ state: 'visible' });

      // The action list comes from the log itself, grouped by family.
      const action = page.getByLabel('Action', { exact: true });
      await expect.poll(() => action.locator('option', { hasText: 'Balance set' }).count()).toBe(1);
      await action.selectOption({ label: 'Balance set' });
      await page.waitForURL((url) => url.searchParams.get('action') === 'account.balance_adjusted');
      await page.getByLabel('Member e-mail').fill(member.email);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL((url) => url.searchParams.get('member') === member.email);

      await expect.poll(() => entries(page).count()).toBe(1);
      const row = entries(page).first();
      await expect.poll(() => row.innerText()).toContain(reason);
      const text = await row.innerText();
      expect(text).toContain('Balance set');
      expect(text).toContain(STAFF_EMAIL);
      expect(text).toMatch(/Balance:\s*\$0\.00\s*→\s*changed to\s*\$250\.00/);
      expect(text).toContain('Type: Checking');
      const memberLink = row.getByRole('link', { name: new RegExp(member.firstName) });
      expect(await memberLink.getAttribute('href')).toBe(`/admin?user=${member.id}`);
      expect(await page.getByTestId('audit-total').innerText()).toBe('1 matching entry');
      // The user agent is one click away from the address.
      await row.locator('summary').click();
      expect(await row.locator('details').innerText()).toMatch(/Mozilla|node|undici/i);

      // The filters are the address: a reload shows the same.
      await page.reload();
      await expect.poll(() => entries(page).first().innerText()).toContain(reason);
      expect(await page.getByLabel('Member e-mail').inputValue()).toBe(member.email);
      await screenshot(page, 'audit-log');

      // The export has the same filters.
      const file = await downloadFrom(page, page.getByTestId('audit-export'));
      expect(file.name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...rows] = parseCsv(file.text);
      expect(header?.slice(0, 6)).toEqual([
        'Entry',
        'When (America/New_York)',
        'At (UTC)',
        'Action',
        'What happened',
        'By',
      ]);
      expect(rows).toHaveLength(1);
      const cell = (name: string) => rows[0]?.[header?.indexOf(name) ?? -1];
      expect(cell('Action')).toBe('account.balance_adjusted');
      expect(cell('By')).toBe(STAFF_EMAIL);
      expect(cell('Member e-mail')).toBe(member.email);
      expect(cell('Reason')).toBe(reason);
      expect(JSON.parse(cell('After') ?? '')).toMatchObject({ balance: '250.00', reason });

      // Clear goes back to everything, newest first; the export itself is on record now.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL((url) => url.search === '');
      await expect.poll(() => entries(page).first().innerText()).toContain('Audit log exported');
      await screenshot(page, 'audit-log-all');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test("[AUDIT]: the member detail's activity log filters by action and links to the Audit Log", async () => {
    const { page, errors } = await openStaffPage();
    await visit(page, `/admin?user=${member.id}`);
    const log = page.getByRole('region', { name: 'Activity log' });
    await log.getByTestId('audit-entry').first().waitFor({ state: 'visible' });
    await log.getByLabel('Action', { exact: true }).selectOption({ label: 'Balance set' });
    await expect.poll(() => log.getByTestId('audit-entry').count()).toBe(1);
    const text = await log.getByTestId('audit-entry').innerText();
    expect(text).toContain(reason);
    expect(text).toMatch(/\$0\.00\s*→\s*changed to\s*\$250\.00/);
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, 'audit-activity-log');
    await log.getByLabel('From date').fill('2000-01-01');
    await log.getByLabel('To date').fill('2000-01-31');
    await expect.poll(() => log.getByText('No entries match these filters.').isVisible()).toBe(true);
    await log.getByRole('link', { name: 'Open in Audit Log' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/audit' && url.searchParams.get('member') === member.id);
    await expect.poll(() => entries(page).count()).toBeGreaterThan(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(
      `[ACCESSIBILITY]: /admin/audit at ${viewport.width} px has ` +
        'no serious or critical violations and fits the screen',
      async () => {
        const { page } = await openStaffPage(viewport);
        await visit(page, `/admin/audit?member=${encodeURIComponent(member.email)}`);
        await entries(page).first().waitFor({ state: 'visible' });
        // With a user agent shown, so the open details are checked too.
        await entries(page).first().locator('summary').first().click();
        const violations = await seriousViolations(page);
        expect(violations, `axe found on /admin/audit:\n${violations.join('\n')}`).toEqual([]);
        expect(await hasHorizontalScroll(page), 'no sideways scrolling').toBe(false);
        await screenshot(page, 'audit-log-member');
      },
    );
  }

  test('[AUDIT]: older and newer pages, kept in the address', async () => {
    // 51 more changes: with the first one, more than a page (50) for this member and action.
    const session = await staffApi.session();
    const savings = (await staffApi.detail(member.email)).accounts.find((account) => account.type === 'Savings');
    for (let i = 1; i <= 51; i += 1) {
      await session.request('PUT', `/api/admin/users/${member.id}/accounts/${savings?.id}/balance`, {
        balance: `${i}.00`,
        reason: `Paging step ${i}`,
      });
    }
    const { page, errors } = await openStaffPage();
    await visit(page, `/admin/audit?action=account.balance_adjusted&member=${encodeURIComponent(member.email)}`);
    await expect.poll(() => entries(page).count()).toBe(50);
    expect(await page.getByTestId('audit-total').innerText()).toBe('52 matching entries');
    expect(await entries(page).first().innerText()).toContain('Paging step 51');
    expect(await page.getByRole('button', { name: 'Newer' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Older' }).click();
    await page.waitForURL(
      (url) => url.searchParams.has('olderThan') && url.searchParams.get('action') === 'account.balance_adjusted',
    );
    await expect.poll(() => entries(page).count()).toBe(2);
    const older = await entries(page).allInnerTexts();
    expect(older[0]).toContain('Paging step 1');
    expect(older[1]).toContain(reason);
    expect(await page.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Newer' }).click();
    await page.waitForURL((url) => url.searchParams.has('newerThan'));
    await expect.poll(() => entries(page).count()).toBe(50);
    expect(await entries(page).first().innerText()).toContain('Paging step 51');
    expect(await entries(page).last().innerText()).toContain('Paging step 2');
    // Back returns to the page before.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.has('olderThan'));
    await expect.poll(() => entries(page).count()).toBe(2);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
