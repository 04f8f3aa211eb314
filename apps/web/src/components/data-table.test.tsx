import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../lib/api';
import { DataTable, type DataTableColumn, type DataTableProps, type SortState, compareSortValues } from './data-table';

interface Payment {
  id: string;
  payee: string;
  amount: number;
  date: string;
  memo: string | null;
}

const payments: Payment[] = [
  { id: 'p1', payee: 'Bakery', amount: 12.5, date: '2026-03-02', memo: 'Bread' },
  { id: 'p2', payee: 'Electric company', amount: 140, date: '2026-03-01', memo: null },
  { id: 'p3', payee: 'Airline', amount: 620, date: '2026-03-04', memo: 'Flights' },
];

const columns: DataTableColumn<Payment>[] = [
  { header: 'Payee', cell: (row) => row.payee, sortKey: 'payee', rowHeader: true },
  { header: 'Date', cell: (row) => row.date, sortKey: 'date', firstDirection: 'desc' },
  { header: 'Memo', cell: (row) => row.memo ?? '—', sortKey: 'memo' },
  { header: 'Amount', cell: (row) => `$${row.amount.toFixed(2)}`, align: 'right', sortKey: 'amount' },
  {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    cell: (row) => <button type="button">Open {row.payee}</button>,
  },
];

/** The first cell of each body row, top to bottom. */
function payeeColumn() {
  const table = screen.getByRole('table');
  const [, ...bodyRows] = within(table).getAllByRole('row');
  return bodyRows.map((row) => row.querySelector('th, td')?.textContent);
}

/** The payments table; each test passes only what it changes. */
function paymentsTable(props: Partial<DataTableProps<Payment>> = {}) {
  return <DataTable caption="Recent payments" columns={columns} rows={payments} rowKey="id" {...props} />;
}

function renderTable(props: Partial<DataTableProps<Payment>> = {}) {
  return render(paymentsTable(props));
}

describe('DataTable', () => {
  it('names the table with its caption, for assistive tech only by default', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Recent payments' });
    expect(table.querySelector('caption')?.className).toBe('sr-only');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('rowheader', { name: 'Airline' }).tagName).toBe('TH');
  });

  it('shows the caption above the table when asked', () => {
    renderTable({ showCaption: true });
    expect(screen.getByText('Recent payments').classList.contains('sr-only')).toBe(false);
  });

  it('keeps a hidden header readable by screen readers and aligns cells as declared', () => {
    renderTable();
    expect(screen.getByRole('columnheader', { name: 'Actions' }).querySelector('.sr-only')?.textContent).toBe(
      'Actions',
    );
    expect(screen.getByRole('cell', { name: '$620.00' }).classList.contains('text-right')).toBe(true);
  });

  it('scrolls sideways inside a focusable region named by the caption, not the page', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'Recent payments' });
    expect(region.classList.contains('overflow-x-auto')).toBe(true);
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByRole('table'))).toBe(true);
  });

  it('shows the empty message instead of a table', () => {
    renderTable({ rows: [], emptyMessage: 'No payments yet.' });
    expect(screen.getByText('No payments yet.').tagName).toBe('P');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows placeholder rows and a loading status while the first page loads', () => {
    renderTable({ rows: undefined, loading: true, loadingLabel: 'Loading payments…', skeletonRows: 3 });
    expect(screen.getByRole('status').textContent).toBe('Loading payments…');
    expect(screen.getAllByTestId('data-table-skeleton-row')).toHaveLength(3);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Payee',
      'Date',
      'Memo',
      'Amount',
      'Actions',
    ]);
  });

  it('shows the server’s reason when loading failed, and "Try again" asks again', async () => {
    const retry = vi.fn();
    renderTable({
      rows: undefined,
      error: new ApiRequestError(429, { code: 'RATE_LIMITED', message: 'Too many requests.' }),
      errorFallback: 'We could not load your payments.',
      onRetry: retry,
    });
    expect(screen.getByRole('alert').textContent).toContain('Too many requests.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('uses the fallback sentence when the server broke', () => {
    renderTable({
      rows: undefined,
      error: new ApiRequestError(500, { code: 'INTERNAL', message: 'stack trace' }),
      errorFallback: 'We could not load your payments.',
      onRetry: () => undefined,
    });
    expect(screen.getByRole('alert').textContent).toContain('We could not load your payments.');
    expect(screen.getByRole('alert').textContent).not.toContain('stack trace');
  });

  it('sorts by a header on click, ascending then descending, and says so with aria-sort', async () => {
    renderTable();
    expect(payeeColumn()).toEqual(['Bakery', 'Electric company', 'Airline']);
    const header = screen.getByRole('columnheader', { name: 'Amount' });
    expect(header.hasAttribute('aria-sort')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(payeeColumn()).toEqual(['Bakery', 'Electric company', 'Airline']);
    expect(header.getAttribute('aria-sort')).toBe('ascending');

    await userEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(payeeColumn()).toEqual(['Airline', 'Electric company', 'Bakery']);
    expect(header.getAttribute('aria-sort')).toBe('descending');

    await userEvent.click(screen.getByRole('button', { name: 'Payee' }));
    expect(payeeColumn()).toEqual(['Airline', 'Bakery', 'Electric company']);
    expect(header.hasAttribute('aria-sort')).toBe(false);
    expect(screen.getByRole('columnheader', { name: 'Payee' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('starts a column in its first direction, and keeps empty values last', async () => {
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Date' }));
    expect(payeeColumn()).toEqual(['Airline', 'Bakery', 'Electric company']);
    expect(screen.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');

    await userEvent.click(screen.getByRole('button', { name: 'Memo' }));
    expect(payeeColumn()).toEqual(['Bakery', 'Airline', 'Electric company']);
    await userEvent.click(screen.getByRole('button', { name: 'Memo' }));
    expect(payeeColumn()).toEqual(['Airline', 'Bakery', 'Electric company']);
  });

  it('is operable from the keyboard: Enter on a header sorts', async () => {
    const user = userEvent.setup();
    renderTable();
    screen.getByRole('button', { name: 'Payee' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Payee' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('leaves a server-sorted list in its order and reports the new sort', async () => {
    const onSortChange = vi.fn<(sort: SortState) => void>();
    const { rerender } = renderTable({ sortMode: 'server', sort: { key: 'date', direction: 'desc' }, onSortChange });
    expect(screen.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');

    await userEvent.click(screen.getByRole('button', { name: 'Date' }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'date', direction: 'asc' });
    await userEvent.click(screen.getByRole('button', { name: 'Amount' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'amount', direction: 'asc' });
    // Controlled: nothing moves until the screen passes the new sort (and the server's rows).
    expect(payeeColumn()).toEqual(['Bakery', 'Electric company', 'Airline']);
    expect(screen.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');

    rerender(
      paymentsTable({
        rows: [...payments].reverse(),
        sortMode: 'server',
        sort: { key: 'amount', direction: 'asc' },
        onSortChange,
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'Amount' }).getAttribute('aria-sort')).toBe('ascending');
    expect(payeeColumn()).toEqual(['Airline', 'Electric company', 'Bakery']);
  });

  it('passes row attributes through (test ids, selection, clicks)', async () => {
    const onOpen = vi.fn();
    renderTable({
      rowKey: (row) => row.id,
      rowProps: (row) => ({
        'data-testid': 'payment-row',
        className: row.id === 'p2' ? 'bg-brand-soft' : '',
        onClick: () => onOpen(row.id),
      }),
    });
    const rows = screen.getAllByTestId('payment-row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.classList.contains('bg-brand-soft')).toBe(true);
    await userEvent.click(screen.getByText('Airline'));
    expect(onOpen).toHaveBeenCalledWith('p3');
  });

  it('offers cards for phones in a list named by the caption', () => {
    renderTable({ renderCard: (row) => <li data-testid="payment-card">{row.payee}</li> });
    const list = screen.getByRole('list', { name: 'Recent payments' });
    expect(list.classList.contains('md:hidden')).toBe(true);
    expect(within(list).getAllByTestId('payment-card')).toHaveLength(3);
    const region = screen.getByRole('region', { name: 'Recent payments' });
    expect(['hidden', 'md:block'].every((name) => region.classList.contains(name))).toBe(true);
  });

  it('puts a pager under the rows', async () => {
    const onPageChange = vi.fn();
    renderTable({ paging: { mode: 'numbered', page: 1, pageCount: 3, onPageChange } });
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav.textContent).toContain('Page 1 of 3');
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('dims the rows while a newer page is on its way', () => {
    renderTable({ busy: true });
    const box = screen.getByRole('region', { name: 'Recent payments' }).parentElement;
    expect(box?.getAttribute('aria-busy')).toBe('true');
    expect(box?.classList.contains('opacity-70')).toBe(true);
  });
});

describe('compareSortValues', () => {
  it('compares text naturally, numbers and dates by value, and puts empty values last', () => {
    expect(['Item 10', 'item 2', 'Item 1'].sort((a, b) => compareSortValues(a, b))).toEqual([
      'Item 1',
      'item 2',
      'Item 10',
    ]);
    expect(compareSortValues(new Date('2026-01-02'), new Date('2026-01-01'))).toBeGreaterThan(0);
    expect([3, null, 1].sort((a, b) => compareSortValues(a, b, 'desc'))).toEqual([3, 1, null]);
  });
});
