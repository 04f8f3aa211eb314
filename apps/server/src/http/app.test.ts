import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../config';
import { expectRefusal } from '../test/responses';
import { createTestApp } from '../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('[HTTP]: the application shell', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    // A stand-in for the built web app, so the page routing can be tested without a Vite build.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('sends the security headers on pages and no-store on the API', async () => {
    const page = await t.app.inject('/');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');

    const api = await t.app.inject('/api/site');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the web app with 200 on known pages and 404 on unknown ones', async () => {
    for (const known of ['/', '/about', '/products', '/contact', '/calculators', '/privacy', '/register', '/about/']) {
      const response = await t.app.inject(known);
      expect(response.statusCode, known).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
    const unknown = await t.app.inject('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');
  });

  it('serves built assets with a long cache lifetime', async () => {
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const missing of ['/assets/app-old999.js', '/.env', '/wp-login.php']) {
      const response = await t.app.inject(missing);
      expect(response.statusCode, missing).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });

  it('answers unknown API paths with the one error shape', async () => {
    const response = await t.app.inject('/api/nothing-here');
    expectRefusal(response, 404, { code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('refuses malformed JSON with the one error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
    const document = (await t.app.inject('/api/docs/json')).json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/contact-messages', '/api/site']));
  });

  it('publishes no API documentation where API_DOCS is off, as in production by default', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    const closed = await createTestApp({ env: { API_DOCS: 'false' } });
    onTestFinished(() => closed.close());
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html'])
      expect((await closed.app.inject(url)).statusCode, url).toBe(404);
    expect((await closed.app.inject('/api/site')).statusCode).toBe(200);
  });

  it('says in the OpenAPI document which fields may span lines', async () => {
    const document = (await t.app.inject('/api/docs/json')).json<{
      info: { description: string };
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    expect(document.info.description).toContain('a line break or tab only where an endpoint says');
    expect(document.paths['/api/contact-messages']?.post?.description).toContain('`message`');
    expect(document.paths['/api/transfers/user']?.post?.description).toBeUndefined();
  });

  it('documents the card processor’s interface: its signed requests and their answers', async () => {
    const document = (await t.app.inject('/api/docs/json')).json<{
      tags: Array<{ name: string; description: string }>;
      paths: Record<string, { post?: { tags: string[]; parameters: Array<{ name: string; in: string }> } }>;
    }>();
    expect(document.tags.find((tag) => tag.name === 'card processor')?.description).toContain('HMAC-SHA256');
    const paths = ['authorizations', 'clearings', 'reversals', 'refunds'].map((name) => `/api/processor/${name}`);
    for (const path of paths) {
      const post = document.paths[path]?.post;
      expect(post?.tags, path).toEqual(['card processor']);
      expect(post?.parameters.filter((p) => p.in === 'header').map((p) => p.name)).toEqual([
        'x-processor-timestamp',
        'x-processor-signature',
      ]);
    }
  });

  it('exposes the credit union from configuration', async () => {
    const site = (await t.app.inject('/api/site')).json();
    expect(site).toMatchObject({
      demo: true, // the default on the embedded database
      brand: { name: t.config.brand.name },
      routingNumber: t.config.routingNumber,
      rates: { savingsApy: '3.50%', mortgageFrom: '3.99%', introAprMonths: 15 },
      about: { members: 100000, assetsMillions: 2500, satisfactionPercent: 98, branches: 25, impactMillions: 5 },
      market: { embedUrl: null },
    });
  });

  it('shows the dev mailbox and the card terminal outside production', async () => {
    expect((await t.app.inject('/api/dev/mailbox')).statusCode).toBe(200);
    expect((await t.app.inject('/dev/mailbox')).statusCode).toBe(200);
    expect((await t.app.inject('/api/dev/terminal')).statusCode).toBe(200);
    expect((await t.app.inject('/dev/terminal')).statusCode).toBe(200);
  });
});

describe('[HTTP]: production', () => {
  it('has no dev mailbox and no card terminal, neither the pages nor their data', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const t = await createTestApp({ env: { NODE_ENV: 'production', WEB_DIST: webDist } });
    try {
      expect((await t.app.inject('/api/dev/mailbox')).statusCode).toBe(404);
      expect((await t.app.inject('/dev/mailbox')).statusCode).toBe(404);
      expect((await t.app.inject('/api/dev/terminal')).statusCode).toBe(404);
      expect((await t.app.inject('/dev/terminal')).statusCode).toBe(404);
      const purchase = await t.app.inject({ method: 'POST', url: '/api/dev/terminal/purchase', payload: {} });
      expect(purchase.statusCode).toBe(404);
      expect(String((await t.app.inject('/')).headers['content-security-policy'])).toContain(
        'upgrade-insecure-requests',
      );
    } finally {
      await t.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
