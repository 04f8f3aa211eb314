import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { publicSite } from '../modules/site/site.routes';
import { buildAppPage } from './app-page';

describe('[HTTP]: the app page carries the public facts', () => {
  const index =
    '<!doctype html><html><head><title>Credit Union</title></head><body><div id="root"></div></body></html>';

  it('cannot be broken out of: text in the facts never closes the script or the title', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      CU_NAME: 'Pine & Co </title><script>alert(1)</script>',
      CU_TAGLINE: '</script><script>alert(2)</script>',
    });
    const site = publicSite(config);
    const page = buildAppPage(index, site);
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).toContain('<title>Pine &amp; Co &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    const facts = /<script id="site-facts" type="application\/json">([^<]*)<\/script>/.exec(page.html)?.[1];
    expect(JSON.parse(facts ?? 'null')).toEqual(site);
    expect(zlib.brotliDecompressSync(page.compressed[0]?.body ?? Buffer.alloc(0)).toString()).toBe(page.html);
    expect(zlib.gunzipSync(page.compressed[1]?.body ?? Buffer.alloc(0)).toString()).toBe(page.html);
  });
});
