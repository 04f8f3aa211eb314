import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Pager, numberedLabel, pageWindow } from './pager';

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('Pager, keyset', () => {
  it('on the first page: Previous is disabled, Next works, and the label says "Page 1"', async () => {
    const next = vi.fn();
    render(<Pager mode="keyset" page={1} previous={null} next={{ onSelect: next }} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav.textContent).toContain('Page 1');
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    await userEvent.click(button('Next'));
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('on the last page: Next is disabled and the way back to the newest rows works', async () => {
    const first = vi.fn();
    const previous = vi.fn();
    render(
      <Pager
        mode="keyset"
        navLabel="Audit log pages"
        label="1,234 matching entries"
        previousText="Newer"
        nextText="Older"
        firstText="Newest"
        first={{ onSelect: first }}
        previous={{ onSelect: previous }}
        next={null}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Audit log pages' });
    expect(nav.textContent).toContain('1,234 matching entries');
    expect(button('Older').disabled).toBe(true);
    await userEvent.click(button('Newer'));
    await userEvent.click(button('Newest'));
    expect(previous).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('waits while a page is loading, keeping the focus on the control pressed', async () => {
    const user = userEvent.setup();
    const next = vi.fn();
    function Loading() {
      const [busy, setBusy] = useState(false);
      const select = () => {
        next();
        setBusy(true);
      };
      return <Pager mode="keyset" busy={busy} previous={{ onSelect: () => undefined }} next={{ onSelect: select }} />;
    }
    render(<Loading />);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(button('Next'));
    await user.keyboard('{Enter}');
    expect(['Previous', 'Next'].map((name) => button(name).getAttribute('aria-disabled'))).toEqual(['true', 'true']);
    await user.keyboard('{Enter}');
    await user.click(button('Next'));
    expect(next).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(button('Next'));
  });

  it('keeps a link that waits for its page a link, still focused', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <MemoryRouter>
        <Pager mode="keyset" previous={null} next={{ href: '?olderThan=abc' }} />
      </MemoryRouter>,
    );
    const next = screen.getByRole('link', { name: 'Next' });
    await user.tab();
    expect(document.activeElement).toBe(next);
    rerender(
      <MemoryRouter>
        <Pager mode="keyset" busy previous={null} next={{ href: '?olderThan=abc' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Next' })).toBe(next);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(next);
  });

  it('renders links for pages kept in the address; the missing end stays a disabled button', () => {
    render(
      <MemoryRouter>
        <Pager mode="keyset" previous={null} next={{ href: '?olderThan=abc' }} />
      </MemoryRouter>,
    );
    const next = screen.getByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/?olderThan=abc');
    expect(next.getAttribute('rel')).toBe('next');
    expect(button('Previous').disabled).toBe(true);
  });
});

describe('Pager, numbered', () => {
  it('says "Page n of m" and moves one page either way', async () => {
    const onPageChange = vi.fn();
    render(<Pager mode="numbered" page={2} pageCount={5} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation').textContent).toContain('Page 2 of 5');
    await userEvent.click(button('Previous'));
    await userEvent.click(button('Next'));
    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
  });

  it('says which rows show when the total is known, and disables Next on the last page', () => {
    render(<Pager mode="numbered" page={5} total={95} pageSize={20} onPageChange={() => undefined} />);
    expect(screen.getByRole('navigation').textContent).toContain('Showing 81–95 of 95');
    expect(button('Next').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(false);
  });

  it('lists page numbers with the current one marked', async () => {
    const onPageChange = vi.fn();
    render(<Pager mode="numbered" page={5} pageCount={10} onPageChange={onPageChange} showPages />);
    const list = screen.getByRole('list');
    const current = within(list).getByText('5').closest('[aria-current]');
    expect(current?.getAttribute('aria-current')).toBe('page');
    expect(current?.textContent).toBe('Page 5');
    await userEvent.click(button('Page 10'));
    expect(onPageChange).toHaveBeenCalledWith(10);
  });

  it('links each page when pages live in the address', () => {
    render(
      <MemoryRouter>
        <Pager mode="numbered" page={1} pageCount={2} hrefFor={(page) => `?page=${page}`} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/?page=2');
    expect(button('Previous').disabled).toBe(true);
  });
});

describe('pager helpers', () => {
  it('keeps both ends and the neighbours of the current page', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });

  it('writes the range of an empty list as 0–0', () => {
    expect(numberedLabel({ page: 1, pageCount: 1, total: 0, pageSize: 20 })).toBe('Showing 0–0 of 0');
    expect(numberedLabel({ page: 2, pageCount: 3, total: 1500, pageSize: 1000 })).toBe('Showing 1,001–1,500 of 1,500');
  });
});
