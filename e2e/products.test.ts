import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { browserSuite, headingText, visit } from './support/browser';
import { headingPattern } from './support/pages';

const personal = [
  'High-Yield Savings',
  'Certificates',
  'Rewards Credit Card',
  'Mortgages',
  'Personal Loans',
  'Auto Loans',
];
const business = [
  'Business Checking',
  'Business Savings',
  'Business Loans',
  'Business Credit Card',
  'Merchant Services',
  'Treasury & Payroll',
];

const productNames = (page: Page) => page.locator('#product-list').getByRole('heading', { level: 3 }).allInnerTexts();

browserSuite('[PRODUCTS]: the Products page', (browser) => {
  test('[PRODUCTS]: the Personal / Business toggle switches the products shown', async () => {
    const { page, errors } = await browser.open();
    await visit(page, '/products');
    const personalButton = page.getByRole('button', { name: 'Personal Banking' });
    const businessButton = page.getByRole('button', { name: 'Business Banking' });

    expect(await personalButton.getAttribute('aria-pressed')).toBe('true');
    expect(await productNames(page)).toEqual(personal);

    await businessButton.click();
    await expect.poll(() => productNames(page)).toEqual(business);
    expect(await businessButton.getAttribute('aria-pressed')).toBe('true');
    expect(await personalButton.getAttribute('aria-pressed')).toBe('false');

    await personalButton.click();
    await expect.poll(() => productNames(page)).toEqual(personal);
    expect(await personalButton.getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
  });

  test('[PRODUCTS]: every product card has a rate label and a Learn More link to /contact', async () => {
    const { page } = await browser.open();
    await visit(page, '/products');
    for (const audience of ['Business Banking', 'Personal Banking']) {
      await page.getByRole('button', { name: audience }).click();
      await expect.poll(() => page.getByRole('button', { name: audience }).getAttribute('aria-pressed')).toBe('true');
      const cards = page.locator('#product-list > li');
      const count = await cards.count();
      expect(count, audience).toBe(6);
      for (let index = 0; index < count; index += 1) {
        const card = cards.nth(index);
        expect((await card.getByTestId('product-rate').allInnerTexts()).join(' '), `rate on card ${index}`).toMatch(
          /\S/,
        );
        const links = card.getByRole('link', { name: /Learn More/ });
        expect(await links.count()).toBe(1);
        expect(await links.getAttribute('href')).toBe('/contact');
      }
    }
    // The configured savings rate appears on its card.
    const savings = page
      .locator('#product-list > li')
      .filter({ has: page.getByRole('heading', { name: 'High-Yield Savings' }) });
    expect(await savings.getByTestId('product-rate').innerText()).toBe('3.50% APY');

    await page
      .getByRole('link', { name: /Learn More/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/contact');
    await expect.poll(() => headingText(page)).toMatch(headingPattern('/contact'));
  });
});
