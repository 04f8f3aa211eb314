import { randomUUID } from 'node:crypto';
import { messages } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { browserSuite, visit } from './support/browser';

type Label = 'Name' | 'Email' | 'Subject' | 'Message';
/** The form's controls by their labels ("Email" is also a preferred-contact radio button). */
const field = (page: Page, label: Label) =>
  page.getByRole(label === 'Subject' ? 'combobox' : 'textbox', { name: label, exact: true });

/** The error shown for a field: it must be tied to the control (aria-invalid + aria-describedby). */
async function fieldError(page: Page, label: Label): Promise<string> {
  const control = field(page, label);
  await expect.poll(() => control.getAttribute('aria-invalid'), { message: `${label} marked invalid` }).toBe('true');
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  return texts.join(' | ');
}

browserSuite('[CONTACT]: the contact form', (browser) => {
  test('[CONTACT]: submitting empty or invalid fields shows the field errors and sends nothing', async () => {
    const { page, errors } = await browser.open();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await visit(page, '/contact');

    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await fieldError(page, 'Name')).toContain(messages.contact.nameRequired);
    expect(await fieldError(page, 'Email')).toContain(messages.contact.emailRequired);
    expect(await fieldError(page, 'Subject')).toContain(messages.contact.subjectRequired);
    expect(await fieldError(page, 'Message')).toContain(messages.contact.messageRequired);

    await field(page, 'Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => fieldError(page, 'Email')).toContain(messages.contact.emailInvalid);

    expect(posts, 'an invalid form must not reach the API').toEqual([]);
    expect(await page.getByText(/Thank you! Your message has been sent\./).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('[CONTACT]: a filled-in form is sent, confirmed, and the acknowledgement lands in the dev mailbox', async () => {
    const { page, errors } = await browser.open();
    await visit(page, '/contact');
    const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
    const text = `Hello from the browser tests (${email}). Can I open a joint savings account online?`;

    await field(page, 'Name').fill('Ada Lovelace');
    await field(page, 'Email').fill(email);
    await field(page, 'Subject').selectOption({ label: 'Account Services' });
    await field(page, 'Message').fill(text);
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact-messages'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await sent).status()).toBe(201);

    const confirmation = page.getByRole('status').filter({ hasText: 'Thank you! Your message has been sent.' });
    await confirmation.waitFor({ state: 'visible' });
    expect(await confirmation.innerText()).toContain(messages.contact.sent);
    // The form is cleared for the next message.
    expect(await field(page, 'Name').inputValue()).toBe('');
    expect(await field(page, 'Message').inputValue()).toBe('');
    expect(errors).toEqual([]);

    // The visitor's acknowledgement e-mail, as the dev mailbox shows it.
    await visit(page, '/dev/mailbox');
    const item = page.getByTestId('mail-item').filter({ hasText: email });
    await item.waitFor({ state: 'visible' });
    expect(await item.count(), 'exactly one mail to the visitor').toBe(1);
    expect(await item.innerText()).toContain('We received your message');
    await item.click();
    expect(await item.getAttribute('aria-pressed')).toBe('true');

    const subject = await page.locator('#mail-subject').innerText();
    expect(subject).toContain('We received your message');
    const frame = page.locator(`iframe[title="${subject}"]`);
    // Mail HTML is untrusted: it is shown in a sandbox that grants nothing.
    expect(await frame.getAttribute('sandbox')).toBe('');
    const body = frame.contentFrame();
    await body
      .getByRole('heading', { name: 'Thank you, Ada. We received your message.' })
      .waitFor({ state: 'visible' });
    expect(await body.locator('body').innerText()).toContain(text);
    expect(await body.locator('body').innerText()).toContain('Account Services');
    expect(errors).toEqual([]);
  });
});
