import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, hasHorizontalScroll, headingText, screenshot, visit } from './support/browser';
import { headingPattern, publicPages } from './support/pages';
import { e2eSite } from './support/site';

browserSuite('[PUBLIC]: every public page', (browser) => {
  for (const viewport of [DESKTOP, MOBILE]) {
    for (const { path, name } of publicPages) {
      test(
        `[PUBLIC]: ${path} at ${viewport.width} px shows its heading, ` + 'footer and demo banner without errors',
        async () => {
          const { page, errors } = await browser.open(viewport);
          const response = await visit(page, path);
          expect(response.status(), `HTTP status of ${path}`).toBe(200);

          expect(await headingText(page)).toMatch(headingPattern(path));
          expect(await page.locator('h1').count(), 'exactly one <h1>').toBe(1);

          const banner = page.getByTestId('demo-banner');
          expect(await banner.isVisible(), 'demo banner visible').toBe(true);
          expect(await banner.innerText()).toMatch(/not a real credit union/i);

          const notice = page.locator('footer').getByTestId('ncua-notice');
          expect(await notice.isVisible(), 'NCUA notice visible in the footer').toBe(true);
          expect(await notice.innerText()).toContain(e2eSite.ncuaNotice);
          expect(await page.locator('footer').innerText()).toMatch(
            new RegExp(`Routing number\\s+${e2eSite.routingNumber}`, 'i'),
          );

          expect(await hasHorizontalScroll(page), `${path} scrolls sideways at ${viewport.width} px`).toBe(false);
          await screenshot(page, name);
          expect(errors, `console errors on ${path}`).toEqual([]);
        },
      );
    }
  }
});
