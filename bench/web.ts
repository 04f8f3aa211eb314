/**
 * What the web app costs a visitor's phone: Lighthouse (mobile preset, simulated slow 4G and a
 * slow CPU) on `/`, `/login` and a signed-in `/dashboard`, served by the real server on a fresh
 * embedded database with the demo seed, in the system Chromium. Prints the four category scores
 * per page and the JavaScript `/` sends (as transferred, and uncompressed). No test runs this; it
 * asserts nothing.
 *
 *   npm run bench:web            (CHROMIUM_PATH, default /usr/bin/chromium; BENCH_WEB_RUNS, default 1;
 *                                 BENCH_WEB_REPORTS, a folder to keep the Lighthouse reports in)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_MEMBER_EMAIL, DEMO_PASSWORD, seedDemo } from '../apps/server/src/modules/seed/demo-seed';
import { CHROMIUM_ARGS } from '../e2e/support/chromium-flags';
import { signInOverHttp, startBenchServer } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1);
/** A folder to keep each page's Lighthouse report (JSON) in, to see where the time goes. */
const REPORTS = process.env.BENCH_WEB_REPORTS;
const print = (line = '') => process.stdout.write(`${line}\n`);

if (!fs.existsSync(chromePath)) {
  console.error(`bench:web needs Chromium at ${chromePath} (set CHROMIUM_PATH; e.g. apt-get install -y chromium)`);
  process.exit(2);
}
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  print('building the web app first…');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

const server = await startBenchServer({ DEMO_MODE: 'true' }, (deps) => seedDemo(deps));
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: CHROMIUM_ARGS,
});
try {
  const cookie = await signInOverHttp(server.base, server.deps, DEMO_MEMBER_EMAIL, DEMO_PASSWORD);
  const pages: Array<[string, Record<string, string>]> = [
    ['/', {}],
    ['/login', {}],
    ['/dashboard', { Cookie: cookie }],
  ];
  print(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile preset, ${chromePath}`);
  print(`${'page'.padEnd(12)} performance  accessibility  best-practices  SEO   FCP      LCP      TBT     CLS`);
  for (const [url, extraHeaders] of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.base}${url}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        extraHeaders,
      });
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      runs.push(result.lhr);
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    if (!lhr) continue;
    if (REPORTS) {
      fs.mkdirSync(REPORTS, { recursive: true });
      fs.writeFileSync(path.join(REPORTS, `${url.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
    }
    const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(3);
    const metric = (id: string) => (lhr.audits[id]?.displayValue ?? '–').padEnd(8);
    print(
      `${url.padEnd(12)} ${score('performance')}          ${score('accessibility')}            ` +
        `${score('best-practices')}             ${score('seo')}   ` +
        `${metric('first-contentful-paint')} ${metric('largest-contentful-paint')} ${metric('total-blocking-time')} ` +
        `${lhr.audits['cumulative-layout-shift']?.displayValue ?? '–'}`,
    );
    if (url === '/') {
      const items =
        (
          lhr.audits['network-requests']?.details as
            { items?: Array<{ resourceType?: string; transferSize?: number; resourceSize?: number }> } | undefined
        )?.items ?? [];
      const scripts = items.filter((item) => item.resourceType === 'Script');
      const sum = (key: 'transferSize' | 'resourceSize') =>
        scripts.reduce((total, item) => total + (item[key] ?? 0), 0);
      print(
        `             JavaScript on /: ${scripts.length} files, ` +
          `${(sum('transferSize') / 1024).toFixed(1)} KiB transferred, ` +
          `${(sum('resourceSize') / 1024).toFixed(1)} KiB uncompressed`,
      );
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
