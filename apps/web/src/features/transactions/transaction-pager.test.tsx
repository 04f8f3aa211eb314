import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TransactionPager } from './transaction-pager';

function renderPager(page: number, total: number, shown: number) {
  renderWithProviders(
    <TransactionPager page={page} pageSize={20} total={total} shown={shown} hrefFor={(to) => `?page=${to}`} />,
  );
  const link = (name: string) => screen.queryByRole('link', { name });
  /** A button that cannot be used is shown greyed out (disabled), not as a link. */
  const greyedOut = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name }).disabled;
  return { link, greyedOut, range: () => screen.getByTestId('history-range').textContent };
}

describe('numbered pager ("Showing a–b of N")', () => {
  it('on the first page: "Previous" greyed out, "Next" leads to page 2', () => {
    const { link, greyedOut, range } = renderPager(1, 45, 20);
    expect(range()).toBe('Showing 1–20 of 45');
    expect(link('Previous')).toBeNull();
    expect(greyedOut('Previous')).toBe(true);
    expect(link('Next')?.getAttribute('href')).toBe('/?page=2');
  });

  it('in the middle: both ways open', () => {
    const { link, range } = renderPager(2, 45, 20);
    expect(range()).toBe('Showing 21–40 of 45');
    expect(link('Previous')?.getAttribute('href')).toBe('/?page=1');
    expect(link('Next')?.getAttribute('href')).toBe('/?page=3');
  });

  it('on the last, partly filled page: "Next" greyed out', () => {
    const { link, greyedOut, range } = renderPager(3, 45, 5);
    expect(range()).toBe('Showing 41–45 of 45');
    expect(link('Previous')).not.toBeNull();
    expect(link('Next')).toBeNull();
    expect(greyedOut('Next')).toBe(true);
  });

  it('when the total is an exact number of pages, the last full page has no "Next"', () => {
    const { link, range } = renderPager(2, 40, 20);
    expect(range()).toBe('Showing 21–40 of 40');
    expect(link('Next')).toBeNull();
  });

  it('with nothing to show: "Showing 0–0 of 0" and no way anywhere', () => {
    const { link, range } = renderPager(1, 0, 0);
    expect(range()).toBe('Showing 0–0 of 0');
    expect(link('Previous')).toBeNull();
    expect(link('Next')).toBeNull();
  });
});
