import { expect, test } from 'vitest';
import { browserSuite, e2e } from './support/browser';

const get = (path: string) => fetch(new URL(path, e2e.baseUrl), { redirect: 'manual' });

/** Splits a Content-Security-Policy header into its directives: { 'object-src': ["'none'"], … }. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens): tokens is [string, ...string[]] => tokens[0] !== undefined && tokens[0] !== '')
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

browserSuite('[SECURITY]: headers and operational endpoints', (browser) => {
  test('[SECURITY]: the web app is served with a strict Content-Security-Policy', async () => {
    for (const path of ['/', '/contact', '/no-such-page']) {
      const response = await get(path);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      const csp = response.headers.get('content-security-policy');
      expect(csp, `${path} has no Content-Security-Policy`).toBeTruthy();
      const policy = directives(csp ?? '');
      expect(policy['object-src'], path).toEqual(["'none'"]);
      expect(policy['base-uri'], path).toEqual(["'none'"]);
      expect(policy['frame-ancestors'], path).toEqual(["'none'"]);
      expect(policy['script-src'], `${path}: scripts must not run inline`).not.toContain("'unsafe-inline'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
    }
  });

  test('[SECURITY]: API responses are never cached', async () => {
    const response = await get('/api/site');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/\bno-store\b/);
    const site = (await response.json()) as { routingNumber?: unknown };
    expect(typeof site.routingNumber).toBe('string');

    const missing = await get('/api/no-such-endpoint');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toMatch(/\bno-store\b/);
  });

  test('[OPERATIONS]: /healthz and /readyz answer 200', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.json(), path).toEqual({ status: 'ok' });
    }
  });

  test('[API]: /api/docs/json is an OpenAPI document listing the contact endpoint', async () => {
    const response = await get('/api/docs/json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi?: string; paths?: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths ?? {})).toContain('/api/contact-messages');
    expect(Object.keys(document.paths?.['/api/contact-messages'] ?? {})).toContain('post');
  });

  test('[API]: /api/docs serves the OpenAPI UI, which renders the operations in a browser', async () => {
    const { page } = await browser.open();
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    // The UI is a script-driven page: seeing an operation proves its scripts ran under the CSP.
    // (Console errors are not asserted here: swagger-ui's own CSP blocks one of its inline styles.)
    await page.getByText('/api/contact-messages', { exact: true }).first().waitFor({ state: 'visible' });
    await page.getByText('POST', { exact: true }).first().waitFor({ state: 'visible' });
  });
});
