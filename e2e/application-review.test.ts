import { messages } from '@mutual/shared';
import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, hasHorizontalScroll, headingText, screenshot } from './support/browser';
import { expectFlash, openUserByEmail, openVerifyDialog } from './support/console';
import {
  applyViaApi,
  fieldError,
  pathname,
  pngFile,
  signInAs,
  signInAsStaff,
  unexpectedErrors,
  waitForMail,
} from './support/identity';
import { e2eSite } from './support/site';

browserSuite('[REVIEW]: staff ask for information or reject, and the applicant sees it', (browser) => {
  test(
    '[REVIEW]: "Request Info" reaches the applicant, ' + 'who answers with a document, and staff see the answer',
    async () => {
      const applicant = await applyViaApi('info', 'Noor');
      const name = `${applicant.firstName} ${applicant.lastName}`;
      const details = `Please send a recent utility bill for 7 Wharf Street (${applicant.lastName}).`;
      const answer = 'Attached is my water bill from last month. The account is in my name.';

      // Staff ask.
      const staff = await signInAsStaff(browser);
      await openUserByEmail(staff.page, applicant.email, name);
      const dialog = await openVerifyDialog(staff.page);
      await dialog.getByRole('checkbox', { name: 'Identity verified' }).check();
      await dialog.getByRole('button', { name: 'Request Info' }).click();
      const text = dialog.getByLabel('Information needed');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      expect(await fieldError(staff.page, text)).toContain(messages.admin.infoRequired);
      await text.fill(details);
      const askedAt = Date.now();
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectFlash(staff.page, messages.admin.infoRequested(name));
      const mail = await waitForMail(applicant.email, { template: 'info-requested', since: askedAt });
      expect(mail.text).toContain(details);

      // The applicant sees the question on their pending page and answers it.
      const { page, errors } = await signInAs(browser, applicant);
      expect(pathname(page)).toBe('/pending-approval');
      await expect.poll(() => headingText(page)).toBe('Your account is under review');
      const request = page.getByRole('region', { name: 'We need a little more information' });
      await request.waitFor({ state: 'visible' });
      expect(await request.innerText()).toContain(details);
      await screenshot(page, 'pending-info-request');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'pending-info-request');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await page.setViewportSize(DESKTOP);

      await page.getByLabel('Your answer', { exact: true }).fill(answer);
      await page.getByLabel('Attach a document (optional)').setInputFiles(await pngFile('water-bill.png', '#e0ecf7'));
      await page.getByRole('button', { name: 'Send answer' }).click();
      const thanks = page.getByRole('status').filter({ hasText: messages.application.responseSent });
      await thanks.waitFor({ state: 'visible' });
      expect(await thanks.innerText()).toContain('Thank you. Your answer has been sent to our team.');
      const answered = page.getByRole('region', { name: 'Your answers to our questions' });
      await answered.waitFor({ state: 'visible' });
      expect(await answered.innerText()).toContain(answer);
      expect(await answered.getByText('Document attached').isVisible()).toBe(true);
      expect(await page.getByLabel('Your answer', { exact: true }).count(), 'nothing left to answer').toBe(0);
      await screenshot(page, 'pending-info-answered');

      // Staff see the answer and the document in the member's detail.
      await staff.page.reload();
      await staff.page.getByRole('heading', { level: 2, name, exact: true }).waitFor({ state: 'visible' });
      const section = staff.page.getByRole('region', { name: 'Information Requests' });
      await section.waitFor({ state: 'visible' });
      const sectionText = await section.innerText();
      expect(sectionText).toContain(details);
      expect(sectionText).toContain('Answered');
      expect(sectionText).toContain(answer);
      const document = section.getByRole('img', { name: /^Document sent with the answer/ });
      await document.waitFor({ state: 'visible' });
      await expect
        .poll(() => document.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      await section.scrollIntoViewIfNeeded();
      await screenshot(staff.page, 'admin-info-answered');

      expect(unexpectedErrors(errors)).toEqual([]);
      expect(unexpectedErrors(staff.errors)).toEqual([]);
    },
    90_000,
  );

  test(
    '[REVIEW]: "Reject" needs a reason, and the applicant ' + 'then sees the decision, the reason and how to reach us',
    async () => {
      const applicant = await applyViaApi('reject', 'Quinn');
      const name = `${applicant.firstName} ${applicant.lastName}`;
      const reason = 'The name on the passport does not match the application. You are welcome to apply again.';

      const staff = await signInAsStaff(browser);
      await openUserByEmail(staff.page, applicant.email, name);
      const dialog = await openVerifyDialog(staff.page);
      await dialog.getByRole('button', { name: 'Reject' }).click();
      const text = dialog.getByLabel('Reason for rejection');
      await dialog.getByRole('button', { name: 'Confirm rejection' }).click();
      expect(await fieldError(staff.page, text)).toContain(messages.admin.reasonRequired);
      expect(await dialog.isVisible(), 'nothing decided without a reason').toBe(true);
      await screenshot(staff.page, 'admin-reject-reason');

      await text.fill(reason);
      const rejectedAt = Date.now();
      await dialog.getByRole('button', { name: 'Confirm rejection' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectFlash(staff.page, messages.admin.rejected(name));
      // Decided: the detail refreshes without "Verify User".
      await staff.page.getByRole('button', { name: 'Verify User' }).waitFor({ state: 'detached' });
      await waitForMail(applicant.email, { template: 'application-rejected', since: rejectedAt });

      for (const viewport of [DESKTOP, MOBILE]) {
        const { page, errors } = await signInAs(browser, applicant, viewport);
        expect(pathname(page)).toBe('/pending-approval');
        await expect.poll(() => headingText(page)).toBe('Your application was not approved');
        const body = await page.locator('main').innerText();
        expect(body).toContain(reason);
        expect(body).toContain('Questions about this decision?');
        expect(await page.locator('main').getByRole('link', { name: e2eSite.supportPhone }).getAttribute('href')).toBe(
          `tel:${e2eSite.supportPhone}`,
        );
        expect(await page.locator('main').getByRole('link', { name: e2eSite.supportEmail }).getAttribute('href')).toBe(
          `mailto:${e2eSite.supportEmail}`,
        );
        expect(await page.getByLabel('Your answer', { exact: true }).count(), 'no answer form once rejected').toBe(0);
        await screenshot(page, 'pending-rejected');
        expect(await hasHorizontalScroll(page)).toBe(false);
        expect(unexpectedErrors(errors)).toEqual([]);
      }
      expect(unexpectedErrors(staff.errors)).toEqual([]);
    },
    90_000,
  );
});
