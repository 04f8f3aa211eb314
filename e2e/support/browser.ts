import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium-flags';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;
export type Viewport = { width: number; height: number };

const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** What the global setup provided; `chromium` is false when the browser tests must skip. */
export const e2e = inject('e2e');

/**
 * Under `scripts/test-at.sh` (libfaketime: this process and the server live at another time),
 * Chromium runs on the real clock — it does not start under libfaketime — and every page's `Date`
 * is moved by the same offset (`openPage`), so the browser, the server and the test agree on
 * "now". Only `Date` moves: timers keep running as they do (Playwright's `clock.install` replaces
 * them too, and sign-in then failed for reasons of its own).
 */
const fakeTimeOffset = (() => {
  const match = /^([+-])(\d+)s?$/.exec(process.env.FAKETIME ?? '');
  return match ? Number(`${match[1]}${match[2]}`) * 1000 : null;
})();

export function launchBrowser(): Promise<Browser> {
  const env = fakeTimeOffset === null ? undefined : withoutFakeTime(process.env);
  return chromium.launch({ executablePath: e2e.chromiumPath, args: CHROMIUM_ARGS, headless: true, env });
}

function withoutFakeTime(env: NodeJS.ProcessEnv): Record<string, string> {
  const real = Object.entries(env).filter(([key]) => key !== 'LD_PRELOAD' && !key.startsWith('FAKETIME'));
  return Object.fromEntries(real.filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far, one line each. */
  errors: string[];
}

/** Cookies that make a fresh browser start out signed in (an API session's). */
export interface SignedIn {
  cookies(): { name: string; value: string; url: string }[];
}

/**
 * One Chromium per spec file; every page opened through it gets its own context, closed after
 * each test. Call inside a `describe.skipIf(!e2e.chromium)` block (or use `browserSuite`).
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  async function open(viewport: Viewport = DESKTOP): Promise<OpenedPage> {
    if (!browser) throw new Error('Chromium is not running (useBrowser outside describe?)');
    const opened = await openPage(browser, viewport);
    contexts.push(opened.context);
    return opened;
  }
  return {
    open,
    /** A page whose browser starts out signed in with `session`'s cookies. */
    async openSignedIn(session: SignedIn, viewport: Viewport = DESKTOP): Promise<OpenedPage> {
      const opened = await open(viewport);
      await opened.context.addCookies(session.cookies());
      return opened;
    },
  };
}

export type BrowserPages = ReturnType<typeof useBrowser>;

/** A spec's browser tests: skipped without Chromium, one browser for the block (see `useBrowser`). */
export function browserSuite(name: string, tests: (browser: BrowserPages) => void) {
  describe.skipIf(!e2e.chromium)(name, () => {
    tests(useBrowser());
  });
}

/** Runs in the page: `Date.now()` and `new Date()` read the real clock moved by `offset` ms. */
function moveDate(offset: number) {
  const RealDate = Date;
  class MovedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = MovedDate as DateConstructor;
}

/** A fresh context (no cookies, no cache) and page at the given viewport, watching for errors. */
export async function openPage(browser: Browser, viewport: Viewport = DESKTOP): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport, baseURL: e2e.baseUrl });
  if (fakeTimeOffset !== null) await context.addInitScript(moveDate, fakeTimeOffset);
  // Generous for a loaded CI machine, short enough that a missing element fails the test quickly.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const where = message.location().url;
      errors.push(`console.error: ${message.text()}${where ? ` (${where})` : ''}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
  return { page, context, errors };
}

/** Saves a full-page PNG to e2e/artifacts/<name>-<width>.png for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(artifactsDir, `${name}-${width}.png`);
  // A full-page capture keeps the scroll position, which leaves the sticky header mid-picture:
  // capture from the top, then put the page back where the test left it.
  const scrollY = await page.evaluate(() => window.scrollY);
  if (scrollY > 0) await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  if (scrollY > 0) await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), scrollY);
  return file;
}

/**
 * A picture of just `part` at e2e/artifacts/<name>-<width>.png, cut from a full-page capture taken
 * from the top (so the sticky header is not drawn over a panel taller than the screen).
 */
export async function partScreenshot(page: Page, part: Locator, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const clip = await part.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const margin = 8;
    const x = Math.max(0, box.left + window.scrollX - margin);
    const y = Math.max(0, box.top + window.scrollY - margin);
    return {
      x,
      y,
      width: Math.min(box.width + 2 * margin, document.documentElement.scrollWidth - x),
      height: box.height + 2 * margin,
    };
  });
  await page.screenshot({ path: file, fullPage: true, clip, animations: 'disabled' });
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), scrollY);
  return file;
}

/** What the screen shows now (a modal over the page), at e2e/artifacts/<name>-<width>.png. */
export async function viewportScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/** A picture of just `element` at e2e/artifacts/<name>-<width>.png (the dashboard around it left out). */
export async function elementScreenshot(page: Page, element: Locator, name: string): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  await element.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/** Waits until the page's only <h1> is visible and returns its text. */
export async function headingText(page: Page): Promise<string> {
  const h1 = page.locator('h1');
  await h1.first().waitFor({ state: 'visible' });
  return (await h1.first().innerText()).trim();
}

/**
 * Waits until `scope` shows a status message (role="status") saying `text`: the words a form or a
 * dialog answers with once its request has been done.
 */
export async function expectStatus(scope: Page | Locator, text: string, options: { timeout?: number } = {}) {
  await scope
    .getByRole('status')
    .filter({ hasText: text })
    .waitFor({ state: 'visible', ...options });
}

/** True when the page is wider than the viewport (a horizontal scroll bar on a phone). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

export const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Opens `path` and waits until the app has rendered its heading and the network is quiet (the
 * site facts and any page data have arrived). Returns the document response for status checks.
 */
export async function visit(page: Page, path: string): Promise<Response> {
  const response = await page.goto(path);
  if (!response) throw new Error(`no response for ${path}`);
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  return response;
}
