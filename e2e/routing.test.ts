import { expect, test } from 'vitest';
import { browserSuite, e2e, headingText, visit } from './support/browser';
import { headingPattern, publicPages } from './support/pages';

browserSuite('[ROUTING]: redirects, status codes and the 404 page', (browser) => {
  test('[ROUTING]: /register redirects to /signup', async () => {
    const { page, errors } = await browser.open();
    await visit(page, '/register');
    await page.waitForURL((url) => url.pathname === '/signup');
    await expect.poll(() => headingText(page)).toMatch(headingPattern('/signup'));
    // Replaced, not pushed: Back must not bounce the visitor into the redirect again.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    expect(errors).toEqual([]);
  });

  for (const path of ['/no-such-page', '/accounts/no-such-account']) {
    test(`[ROUTING]: an unknown path (${path}) shows "Page not found" with HTTP status 404`, async () => {
      const { page, errors } = await browser.open();
      const response = await visit(page, path);
      expect(response.status()).toBe(404);
      expect(await headingText(page)).toBe('Page not found');
      expect(new URL(page.url()).pathname).toBe(path);
      // The way back home is one click away.
      await page.getByRole('main').getByRole('link', { name: /home/i }).first().click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => headingText(page)).toMatch(headingPattern('/'));
      // Chromium reports the 404 document itself as a failed resource; anything else is a bug.
      expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    });
  }

  test('[ROUTING]: every known public path answers 200', async () => {
    for (const path of [...publicPages.map((page) => page.path), '/register']) {
      const response = await fetch(new URL(path, e2e.baseUrl));
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
    }
  });
});
