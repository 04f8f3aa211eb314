import { expect, test } from 'vitest';
import { browserSuite, visit } from './support/browser';

browserSuite('[ABOUT]: the About page', (browser) => {
  test('[ABOUT]: the counters count up to their final figures', async () => {
    const { page, errors } = await browser.open();
    await visit(page, '/about');
    const counters = page.getByTestId('about-counter');
    expect(await counters.count()).toBe(5);

    // The animated figure is the visible number; screen readers get the final one separately.
    const shown = counters.locator(':scope > span[aria-hidden="true"]').filter({ hasText: /\d/ });
    expect(await shown.count()).toBe(5);
    await expect
      .poll(() => shown.allInnerTexts(), { timeout: 15_000 })
      .toEqual(['100,000+', '$2.5B+', '98%', '25', '$5M+']);
    expect(await counters.allInnerTexts()).toEqual([
      expect.stringContaining('Members'),
      expect.stringContaining('in Assets'),
      expect.stringContaining('Member Satisfaction'),
      expect.stringContaining('Branches'),
      expect.stringContaining('Community Impact'),
    ]);
    expect(errors).toEqual([]);
  });

  test('[ABOUT]: visitors who prefer reduced motion see the final figures without animation', async () => {
    const { page } = await browser.open();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(page, '/about');
    const shown = page
      .getByTestId('about-counter')
      .locator(':scope > span[aria-hidden="true"]')
      .filter({ hasText: /\d/ });
    // Read once, without polling: with reduced motion there is nothing to wait for.
    expect(await shown.allInnerTexts()).toEqual(['100,000+', '$2.5B+', '98%', '25', '$5M+']);
  });
});
