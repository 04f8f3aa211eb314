import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, Route, Routes, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from '../../components/pager';
import { useAnchorScroll } from './use-anchor-scroll';

function Layout() {
  useAnchorScroll();
  return <Outlet />;
}

/** A console in the shape of /admin: a list, a member picked into the address, a pager under it. */
function Console() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1');
  return (
    <>
      <button type="button" onClick={() => setParams({ user: 'taylor' }, { replace: true })}>
        Taylor Brooks
      </button>
      <Link to="/admin/audit">Audit Log</Link>
      <Link to="/admin#delete-transactions">Delete transactions</Link>
      <section aria-label="Entries" data-testid="entries">
        <p>Page {page}</p>
        <Pager mode="numbered" page={page} pageCount={3} hrefFor={(to) => `?page=${to}`} />
      </section>
      <h2 id="delete-transactions">Delete User Transactions</h2>
    </>
  );
}

function renderConsole() {
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/admin" element={<Console />} />
          <Route path="/admin/audit" element={<h1>Audit Log</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** Puts an element `top` pixels from the top of the window (happy-dom lays nothing out). */
function placeAt(element: HTMLElement, top: number) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, top, 800, 400));
}

const scrollDown = (top: number) => act(() => window.scrollTo({ top }));

afterEach(() => {
  vi.restoreAllMocks();
  window.scrollTo({ top: 0 });
});

describe('useAnchorScroll', () => {
  it('keeps the place when only the query changes (a member picked on /admin)', async () => {
    renderConsole();
    scrollDown(672);
    await userEvent.click(screen.getByRole('button', { name: 'Taylor Brooks' }));
    expect(window.scrollY).toBe(672);
  });

  it('starts a new page at the top', async () => {
    renderConsole();
    scrollDown(672);
    await userEvent.click(screen.getByRole('link', { name: 'Audit Log' }));
    expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    expect(window.scrollY).toBe(0);
  });

  it('scrolls to the anchor an address names', async () => {
    renderConsole();
    scrollDown(100);
    placeAt(screen.getByRole('heading', { name: 'Delete User Transactions' }), 900);
    await userEvent.click(screen.getByRole('link', { name: 'Delete transactions' }));
    expect(window.scrollY).toBe(100 + 900 - 16);
  });

  it('after paging, shows the start of the list rather than the top of the page', async () => {
    renderConsole();
    scrollDown(5967);
    // The list starts far above: the reader is at the pager under its last row.
    placeAt(screen.getByTestId('entries'), -5000);
    await userEvent.click(screen.getByRole('link', { name: /Next/ }));
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(window.scrollY).toBe(5967 - 5000 - 16);
  });

  it('leaves the place alone after paging when the list start is in sight', async () => {
    renderConsole();
    scrollDown(40);
    placeAt(screen.getByTestId('entries'), 200);
    await userEvent.click(screen.getByRole('link', { name: /Next/ }));
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(window.scrollY).toBe(40);
  });
});
