import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, visit } from './support/browser';

async function calculate(page: Page, loan: { amount: string; rate: string; term: string; unit: 'Months' | 'Years' }) {
  await page.getByLabel('Loan amount').fill(loan.amount);
  await page.getByLabel('Interest rate').fill(loan.rate);
  await page.getByLabel('Loan term').fill(loan.term);
  await page.getByLabel('Term unit').selectOption({ label: loan.unit });
  await page.getByRole('button', { name: 'Calculate' }).click();
}

const monthlyPayment = (page: Page) => page.getByTestId('monthly-payment').innerText();

browserSuite('[CALCULATORS]: loan calculator', (browser) => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`[CALCULATORS]: at ${viewport.width} px an amount, rate and term give the monthly payment`, async () => {
      const { page, errors } = await browser.open(viewport);
      await visit(page, '/calculators');

      // A first loan unlike the page's starting example, so the figure below must come from the form.
      await calculate(page, { amount: '25000', rate: '7.5', term: '36', unit: 'Months' });
      await expect.poll(() => monthlyPayment(page)).toBe('$777.66');

      // 10 000 × r / (1 − (1 + r)^−60) with r = 5.99 % / 12 is 193.2815…, so $193.28 to the cent.
      await calculate(page, { amount: '10,000', rate: '5.99', term: '60', unit: 'Months' });
      await expect.poll(() => monthlyPayment(page)).toBe('$193.28');
      expect(await page.getByText(/^Monthly payment \$/).innerText()).toBe('Monthly payment $193.28');

      // At 0 % the principal is split evenly (a term in years is 12 payments a year); the last
      // payment takes the rounding so the payments add up to the loan exactly.
      await calculate(page, { amount: '10000', rate: '0', term: '1', unit: 'Years' });
      await expect.poll(() => monthlyPayment(page)).toBe('$833.33');
      expect(await page.getByText(/^12 payments/).innerText()).toContain('$833.37');
      expect(errors).toEqual([]);
    });
  }

  test('[CALCULATORS]: missing or impossible values are explained next to the field', async () => {
    const { page } = await browser.open();
    await visit(page, '/calculators');
    await page.getByLabel('Loan amount').fill('');
    await page.getByLabel('Interest rate').fill('abc');
    await page.getByLabel('Loan term').fill('');
    await page.getByRole('button', { name: 'Calculate' }).click();

    for (const [label, message] of [
      ['Loan amount', 'Please enter a loan amount'],
      ['Interest rate', 'Enter the yearly rate with up to two decimals, for example 5.99'],
      ['Loan term', 'Please enter a loan term'],
    ] as const) {
      const field = page.getByLabel(label);
      await expect.poll(() => field.getAttribute('aria-invalid'), { message: label }).toBe('true');
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).innerText(), label).toContain(message);
    }
  });
});
