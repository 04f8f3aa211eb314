import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Serious and critical axe violations (WCAG 2.1 AA), one readable line per failing element.
 * `include` limits the check to part of the page (a dialog); `skipFrames` leaves out iframes:
 * axe cannot run inside the dev mailbox's script-less sandbox and waits forever.
 */
export async function seriousViolations(
  page: Page,
  { include, skipFrames = false }: { include?: string; skipFrames?: boolean } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder.include(include);
  if (skipFrames) builder.exclude('iframe');
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `[${violation.impact}] ${violation.id}: ${violation.help} — ${node.target.join(' ')}\n` +
          `    ${node.failureSummary ?? ''}`,
      ),
    );
}

/** Asserts that axe finds no serious or critical violation on `what` (listing them if it does). */
export async function expectNoViolations(page: Page, what: string, include?: string) {
  const violations = await seriousViolations(page, { include });
  expect(violations, `axe found on ${what}:\n${violations.join('\n')}`).toEqual([]);
}
