import { messages, type StaffStatement } from '@mutual/shared';
import { expect, test } from 'vitest';
import { expectNoViolations } from './support/axe';
import { ALEX_EMAIL, tile } from './support/bill-pay';
import {
  DESKTOP,
  MOBILE,
  browserSuite,
  hasHorizontalScroll,
  headingText,
  screenshot,
  elementScreenshot,
} from './support/browser';
import { expectFlash, openConsole, openStaffScreen, openUserByEmail } from './support/console';
import { pathname, staffApi, unexpectedErrors } from './support/identity';
import { SETTLED, demoMember, openDashboard, recentTransactions } from './support/money';
import {
  downloadBytes,
  otherStatement,
  pdfText,
  periodRange,
  statementCopyTo,
  statementForm,
  statementsOf,
  statementsPanel,
} from './support/statements';

/**
 * Statements (spec §2, §8, §9; issue 16): the member's Quick Actions panel — View All lands on it,
 * a chosen month's PDF downloads and can be e-mailed — and the staff console's Statements section
 * and Monthly statements card. The server's start-up run has issued the demo members' closed months.
 */
browserSuite('[STATEMENTS]: statements in the browser', (browser) => {
  test('[STATEMENTS]: "View All" on the dashboard opens the Statements panel, scrolled to and focused', async () => {
    const { page, errors } = await openDashboard(browser, demoMember(ALEX_EMAIL));
    await recentTransactions(page).getByRole('link', { name: 'View All' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '#quick-actions-statements');
    const panel = statementsPanel(page);
    await panel.waitFor({ state: 'visible' });
    expect(await panel.getByRole('heading', { level: 3 }).innerText()).toBe('Statements');
    await statementForm(page).waitFor({ state: 'visible' });
    await expect
      .poll(() => panel.evaluate((element) => element === document.activeElement), {
        ...SETTLED,
        message: 'the focus moves to the panel',
      })
      .toBe(true);
    // Scrolled to: the panel's top is on screen, below the sticky navigation.
    const box = await panel.boundingBox();
    expect(box?.y ?? -1, 'the panel starts on screen').toBeGreaterThanOrEqual(0);
    expect(box?.y ?? Infinity, 'the panel starts on screen').toBeLessThan(DESKTOP.height / 2);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test(
    '[STATEMENTS]: a chosen account and month download as that statement’s PDF; "E-mail me this statement" ' +
      'answers and sends the PDF to Alex',
    async () => {
      const { page, errors, session } = await openDashboard(browser, demoMember(ALEX_EMAIL));
      const overview = await statementsOf(session);
      const wanted = otherStatement(overview);
      await tile(page, 'Statements').click();
      const form = statementForm(page);
      await form.waitFor({ state: 'visible' });

      await form.getByLabel('Account', { exact: true }).selectOption(wanted.accountId);
      await form.getByLabel('Statement period', { exact: true }).selectOption(wanted.period);
      const file = await downloadBytes(page, form.getByRole('link', { name: 'Download', exact: true }));
      const account = `${wanted.accountType.toLowerCase()}-${wanted.accountNumberLast4}`;
      expect(file.name).toBe(`statement-${wanted.period}-${account}.pdf`);
      expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file.sha256, 'the bytes the server issued and listed').toBe(wanted.sha256);
      const text = (await pdfText(file.bytes)).pages.join('\n');
      expect(text).toContain(periodRange(wanted.period));
      expect(text).toContain(wanted.accountNumberLast4);

      // E-mail the same choice: the answer names the (masked) registered address; the copy has the PDF.
      const since = Date.now();
      await form.getByRole('button', { name: 'E-mail me this statement' }).click();
      const answer = form.getByRole('status');
      await answer.waitFor({ state: 'visible', ...SETTLED });
      expect(await answer.innerText()).toBe(
        'Your statement will be sent to your registered e-mail address (a•••@mutual-demo.example).',
      );
      expect(await form.getByRole('button', { name: 'E-mail me this statement' }).isEnabled()).toBe(true);
      await expect.poll(() => statementCopyTo(ALEX_EMAIL, since), SETTLED).toBeDefined();
      const mail = await statementCopyTo(ALEX_EMAIL, since);
      expect(mail?.subject).toBe(`Your ${wanted.label} statement`);
      expect(mail?.attachments).toEqual([
        { filename: file.name, contentType: 'application/pdf', sizeBytes: file.bytes.length },
      ]);

      // A new choice clears the answer about the previous one.
      await form.getByLabel('Statement period', { exact: true }).selectOption(overview.periods[0]?.period ?? '');
      await expect.poll(() => answer.count()).toBe(0);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[STATEMENTS]: the panel lists the issued statements, says where older ones come from, links to the ' +
      'history; axe finds nothing at 1280 and 390 px',
    async () => {
      for (const viewport of [DESKTOP, MOBILE]) {
        const { page, errors, session } = await openDashboard(browser, demoMember(ALEX_EMAIL), viewport);
        const overview = await statementsOf(session);
        await tile(page, 'Statements').click();
        const panel = statementsPanel(page);
        await statementForm(page).waitFor({ state: 'visible' });

        const items = panel.getByTestId('statement-item');
        expect(overview.statements.length, 'the start-up run issued Alex’s closed months').toBeGreaterThan(6);
        // The newest six (three months of both accounts) first; every one after "Show all".
        await expect.poll(() => items.count(), SETTLED).toBe(6);
        await panel.getByRole('button', { name: `Show all ${overview.statements.length} statements` }).click();
        await expect.poll(() => items.count(), SETTLED).toBe(overview.statements.length);
        const [newest] = overview.statements;
        expect(await items.first().innerText()).toContain(newest?.label ?? 'missing');

        // Alex's accounts opened within the months kept online: the first statement is the first there is.
        expect(overview.olderOffline).toBe(false);
        const older = panel.getByTestId('older-statements');
        expect(await older.innerText()).toBe(messages.statements.firstStatement(overview.earliestLabel));

        await expectNoViolations(page, `the Statements panel at ${viewport.width} px`, '#quick-actions-statements');
        expect(await hasHorizontalScroll(page), `the panel fits ${viewport.width} px`).toBe(false);
        await elementScreenshot(page, panel, 'statements-panel');
        await screenshot(page, 'statements-dashboard');

        await panel.getByRole('link', { name: 'View all transactions' }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard/transactions');
        await expect.poll(() => headingText(page)).toBe('Transaction History');
        expect(pathname(page)).toBe('/dashboard/transactions');
        expect(unexpectedErrors(errors)).toEqual([]);
      }
    },
  );

  test(
    '[STATEMENTS]: staff see Alex’s statements in the console and re-send a notice; Scheduled work shows ' +
      'the Monthly statements card with its progress',
    async () => {
      const { page, errors } = await openConsole(browser);
      await openUserByEmail(page, ALEX_EMAIL, 'Alex Morgan');
      const { id } = await staffApi.lookup(ALEX_EMAIL);
      const { statements } = await (
        await staffApi.session()
      ).request<{ statements: StaffStatement[] }>('GET', `/api/admin/users/${id}/statements`);
      expect(statements.length).toBeGreaterThan(0);

      const section = page.getByRole('region', { name: 'Statements', exact: true });
      await section.scrollIntoViewIfNeeded();
      // A table in a wide section, a list of cards in a narrow one: the entries on screen either way.
      const rows = section.locator('tbody tr, li').filter({ visible: true });
      await expect.poll(() => rows.count(), SETTLED).toBe(statements.length);
      const [first] = statements;
      expect(await rows.first().innerText()).toContain(first?.label ?? 'missing');

      await section
        .getByRole('button', { name: /^Re-send notice: / })
        .first()
        .click();
      await expectFlash(page, 'The statement notice was sent again.');
      await screenshot(page, 'statements-console');

      await openStaffScreen(page, 'Scheduled Work', '/admin/scheduled-work');
      const card = page.getByRole('region', { name: 'Monthly statements', exact: true });
      await card.waitFor({ state: 'visible' });
      const runs = card.getByTestId('statement-run-row');
      await runs.first().waitFor({ state: 'visible', ...SETTLED });
      const bar = runs.first().getByRole('progressbar');
      await bar.waitFor({ state: 'visible' });
      expect(await bar.getAttribute('max')).not.toBe('0');
      expect(await runs.first().innerText()).toMatch(/\d[\d,]* of \d[\d,]* issued/);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'statements-runs');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );
});
