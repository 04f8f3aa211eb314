/**
 * How the system Chromium runs headless here, for the browser tests and `npm run bench:web` alike:
 * no sandbox (CI runs as root), no GPU, and none of its own network traffic.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
