import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, headingText, scrollY, visit } from './support/browser';
import { headingPattern } from './support/pages';
import { e2eSite } from './support/site';

const pathname = (page: Page) => new URL(page.url()).pathname;
const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo(0, top), y);

async function expectOnPage(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
  await expect.poll(() => headingText(page)).toMatch(headingPattern(path));
}

browserSuite('[NAVIGATION]: header, menus and scrolling', (browser) => {
  test('[NAVIGATION]: the top-nav links Home, About, Products and Contact change the URL and the heading', async () => {
    const { page, errors } = await browser.open(DESKTOP);
    await visit(page, '/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path] of [
      ['About', '/about'],
      ['Products', '/products'],
      ['Contact', '/contact'],
      ['Home', '/'],
    ] as const) {
      const before = await headingText(page);
      await mainNav.getByRole('link', { name: label, exact: true }).click();
      await expectOnPage(page, path);
      expect(await headingText(page), `heading after clicking ${label}`).not.toBe(before);
      expect(await mainNav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    expect(errors).toEqual([]);
  });

  test(
    '[NAVIGATION]: at 390 px the "Open menu" button opens ' + 'the mobile menu, and following a link closes it',
    async () => {
      const { page, errors } = await browser.open(MOBILE);
      await visit(page, '/');
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible(), 'desktop nav hidden on a phone').toBe(
        false,
      );
      const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
      expect(await mobileNav.count()).toBe(0);

      const openMenu = page.getByRole('button', { name: 'Open menu' });
      expect(await openMenu.getAttribute('aria-expanded')).toBe('false');
      await openMenu.click();
      await mobileNav.waitFor({ state: 'visible' });
      expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
      for (const label of ['Home', 'About', 'Products', 'Contact']) {
        expect(await mobileNav.getByRole('link', { name: label, exact: true }).isVisible(), label).toBe(true);
      }

      await mobileNav.getByRole('link', { name: 'Products', exact: true }).click();
      await expectOnPage(page, '/products');
      await mobileNav.waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');

      // The close button closes it too, without navigating.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await mobileNav.waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Close menu' }).click();
      await mobileNav.waitFor({ state: 'detached' });
      expect(pathname(page)).toBe('/products');
      expect(errors).toEqual([]);
    },
  );

  test('[NAVIGATION]: the header gets a shadow once the page is scrolled', async () => {
    const { page } = await browser.open(DESKTOP);
    await visit(page, '/about');
    const header = page.locator('header');
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    const flatShadow = await header.evaluate((element) => getComputedStyle(element).boxShadow);

    await scrollTo(page, 400);
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    await expect.poll(() => header.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe(flatShadow);

    await scrollTo(page, 0);
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('false');
  });

  test('[NAVIGATION]: "Scroll to top" appears only past 300 px, over nothing, and returns to the top', async () => {
    const { page } = await browser.open(MOBILE);
    await visit(page, '/about');
    const toTop = page.getByRole('button', { name: 'Scroll to top' });
    const header = page.locator('header');
    expect(await toTop.count()).toBe(0);

    // Below the threshold: the header reacting proves the scroll was handled, yet no button.
    await scrollTo(page, 200);
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    expect(await toTop.count(), 'button shown at 200 px').toBe(0);

    // Past it, reading on down the page: there for the keyboard, but out of sight, over nothing.
    await scrollTo(page, 900);
    await expect.poll(() => toTop.getAttribute('data-shown')).toBe('false');
    // The person scrolling back up brings it into view.
    await page.mouse.move(MOBILE.width / 2, MOBILE.height / 2);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => toTop.getAttribute('data-shown')).toBe('true');
    await toTop.click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await toTop.waitFor({ state: 'detached' });
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`[NAVIGATION]: at ${viewport.width} px the help popover shows the support phone and e-mail`, async () => {
      const { page, errors } = await browser.open(viewport);
      await visit(page, '/products');
      const help = page.getByRole('button', { name: 'Help and support' });
      expect(await help.count(), 'one visible help button').toBe(1);
      await help.click();
      const popover = page.getByRole('dialog');
      await popover.waitFor({ state: 'visible' });
      expect(await popover.getByRole('link', { name: e2eSite.supportPhone }).getAttribute('href')).toBe(
        `tel:${e2eSite.supportPhone}`,
      );
      expect(await popover.getByRole('link', { name: e2eSite.supportEmail }).getAttribute('href')).toBe(
        `mailto:${e2eSite.supportEmail}`,
      );
      await page.keyboard.press('Escape');
      await popover.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });
  }
});
