import zlib from 'node:zlib';
import { expect, test } from 'vitest';
import { browserSuite, e2e, headingText, visit } from './support/browser';
import { headingPattern } from './support/pages';

/** The chunks of screens a visitor on the home page has not opened (file names from the router's splits). */
const screenChunks = [
  'dashboard',
  'transactions',
  'admin',
  'audit',
  'payments',
  'reset-transfers',
  'member-layout',
  'signup',
  'login',
  'mailbox',
];
const notForVisitors = new RegExp(String.raw`/assets/(${screenChunks.join('|')})-[\w-]+\.js$`);

browserSuite('[WEB]: what the home page costs a visitor', (browser) => {
  test('[WEB]: "/" loads no signed-in, staff or form screens, and its JavaScript arrives compressed', async () => {
    const { page, errors } = await browser.open();
    const scripts: Array<{ url: string; encoding: string | undefined }> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
      }
    });
    await visit(page, '/');
    await expect.poll(() => headingText(page)).toMatch(headingPattern('/'));
    await page.waitForLoadState('networkidle');

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.map((s) => s.url).filter((url) => notForVisitors.test(url))).toEqual([]);
    for (const script of scripts) expect(script.encoding, script.url).toBe('br');

    // Opening a screen later fetches its chunk then.
    await page
      .getByRole('link', { name: /sign in|log in/i })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => scripts.some((s) => /\/assets\/login-[\w-]+\.js$/.test(s.url))).toBe(true);
    expect(errors).toEqual([]);
  });

  test('[WEB]: the first download of "/" is within 150 KB of compressed JavaScript', async () => {
    const html = await (await fetch(new URL('/', e2e.baseUrl))).text();
    const urls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
    expect(urls.length).toBeGreaterThan(0);
    let gzipBytes = 0;
    for (const url of urls) {
      const body = Buffer.from(await (await fetch(new URL(url, e2e.baseUrl))).arrayBuffer());
      gzipBytes += zlib.gzipSync(body, { level: 9 }).length;
    }
    expect(gzipBytes).toBeLessThanOrEqual(150 * 1024);
  });
});
