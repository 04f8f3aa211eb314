import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/identity';
import { createTestApp } from '../test/test-app';

/** A built web app as `vite build` leaves it: each text file with its .br and .gz beside it. */
function writeWithCompressed(file: string, content: string) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

describe('[HTTP]: the web app is sent compressed', () => {
  let t: TestApp;
  let webDist: string;
  const html =
    '<!doctype html><html><head><title>app</title></head><body><div id="root"></div>' +
    `${'<!-- padding -->'.repeat(50)}</body></html>`;
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-web-'));
    writeWithCompressed(path.join(webDist, 'index.html'), html);
    fs.mkdirSync(path.join(webDist, 'assets'));
    writeWithCompressed(path.join(webDist, 'assets', 'home-abc123.js'), script);
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  /** A brotli answer with `status`, the cache lifetime, `Vary: Accept-Encoding`, and `body` once decompressed. */
  function expectBrotli(response: InjectResponse, status: number, cacheControl: string, body: string, label?: string) {
    expect(response.statusCode, label).toBe(status);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(body);
  }

  it('sends a hashed asset as brotli, or gzip, or as it is, with the long cache lifetime', async () => {
    const br = await get('/assets/home-abc123.js', 'gzip, deflate, br');
    expectBrotli(br, 200, 'public, max-age=31536000, immutable', script);

    const gzip = await get('/assets/home-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/home-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the app page compressed on a known page (200) and on an unknown one (404), never cached', async () => {
    const page = (await get('/')).body;
    expect(page).toContain('<div id="root"></div>');
    for (const [url, status] of [
      ['/', 200],
      ['/login', 200],
      ['/no-such-page', 404],
    ] as const) {
      expectBrotli(await get(url, 'br;q=1.0, gzip;q=0.8'), status, 'no-cache', page, url);
    }
    const refusedBrotli = await get('/', 'br;q=0, gzip');
    expect(refusedBrotli.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(refusedBrotli.rawPayload).toString()).toBe(page);
  });

  it(
    "carries the credit union's public facts, " + 'colours and name in the page, so the first screen needs no request',
    async () => {
      const page = (await get('/')).body;
      const facts = /<script id="site-facts" type="application\/json">([^<]*)<\/script>/.exec(page)?.[1];
      expect(JSON.parse(facts ?? 'null')).toEqual((await get('/api/site')).json());
      expect(page).toContain(`<title>${t.config.brand.name}</title>`);
      expect(page).toContain(`--color-brand:${t.config.brand.primaryColor}`);
    },
  );

  it('leaves API answers and their errors alone', async () => {
    const response = await get('/api/site', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('demo');
  });
});
