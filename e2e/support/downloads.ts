import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/** Clicks `link` and reads the file the browser saved: the name it suggested and the text. */
export async function downloadFrom(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8') };
}

/** A CSV export's rows (every cell is quoted; quotes inside are doubled), header first. */
export function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((match) => (match[1] ?? '').replaceAll('""', '"')),
    );
}
