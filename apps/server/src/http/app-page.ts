import zlib from 'node:zlib';
import type { PublicSite } from '@mutual/shared';

/** The id of the element that carries the credit union's public facts into the page. */
export const SITE_FACTS_ID = 'site-facts';

export interface AppPage {
  html: string;
  /** The same page compressed once at start, best first. */
  compressed: { encoding: 'br' | 'gzip'; body: Buffer }[];
}

/**
 * The web app's page with what every screen needs before it can draw put in at start: the
 * credit union's public facts (`GET /api/site`, as JSON a script cannot run — allowed by the CSP),
 * its colours, and its name as the title. A visitor's phone then renders the first screen straight
 * after the JavaScript, instead of asking the server first (one round trip less on slow 4G).
 * The page changes only with the configuration, so it is built and compressed once.
 */
export function buildAppPage(indexHtml: string, site: PublicSite): AppPage {
  // JSON in HTML: "<" escaped so no text in the facts can close the script element.
  const facts = JSON.stringify(site).replace(/</g, '\\u003c');
  const head =
    `<script id="${SITE_FACTS_ID}" type="application/json">${facts}</script>` +
    `<style>:root{--color-brand:${site.brand.primaryColor};--color-accent:${site.brand.accentColor}}</style>`;
  const html = indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(site.brand.name)}</title>`)
    .replace('</head>', `${head}</head>`);
  return {
    html,
    compressed: [
      {
        encoding: 'br',
        body: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      },
      { encoding: 'gzip', body: zlib.gzipSync(html, { level: 9 }) },
    ],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
