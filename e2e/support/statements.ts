import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Statement, StatementsOverview } from '@mutual/shared';
import type { Locator, Page } from 'playwright-core';
import type { ApiSession } from './identity';
import { type MailMessage, mailsTo } from './mailbox';

/**
 * Statements as a member uses them on /dashboard (the Quick Actions panel `#quick-actions-statements`)
 * and the API reads a test compares the page with.
 */

export { pdfText } from '../../apps/server/src/modules/statements/pdf-text';

export const statementsPanel = (page: Page) => page.locator('#quick-actions-statements');
export const statementForm = (page: Page) => statementsPanel(page).getByRole('form', { name: 'Get a statement' });

/** `GET /api/me/statements`: the accounts, the closed months offered and the statements issued. */
export const statementsOf = (session: ApiSession) => session.request<StatementsOverview>('GET', '/api/me/statements');

/** "September 1, 2026 – September 30, 2026" for `2026-09`: how a statement names its period. */
export function periodRange(period: string): string {
  const [year = 0, month = 0] = period.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const name = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${name} 1, ${year} – ${name} ${last}, ${year}`;
}

/** An issued statement that is not the form's default (not the newest month, not the first account). */
export function otherStatement(overview: StatementsOverview): Statement {
  const [newest] = overview.periods;
  const [firstAccount] = overview.accounts;
  const found = overview.statements.find(
    (statement) => statement.period !== newest?.period && statement.accountId !== firstAccount?.id,
  );
  if (!found) throw new Error(`no statement besides the defaults among ${overview.statements.length}`);
  return found;
}

/** Clicks `link` and reads the file the browser saved, as bytes, with its suggested name and SHA-256. */
export async function downloadBytes(
  page: Page,
  link: Locator,
): Promise<{ name: string; bytes: Buffer; sha256: string }> {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  const bytes = fs.readFileSync(await file.path());
  return { name: file.suggestedFilename(), bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** A dev mailbox message with the attachments the mailbox lists (names and sizes, not the bytes). */
export type MailWithAttachments = MailMessage & {
  attachments?: Array<{ filename: string; contentType: string; sizeBytes: number }>;
};

/** The newest `statement-copy` mail to `email` since `since`, once it has arrived. */
export async function statementCopyTo(email: string, since: number): Promise<MailWithAttachments | undefined> {
  const [newest] = await mailsTo(email, { template: 'statement-copy', since });
  return newest;
}
