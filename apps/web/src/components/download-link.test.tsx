import { messages } from '@mutual/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../test/fetch-stub';
import { TransactionExports } from '../features/transactions/transaction-exports';
import { DownloadLink } from './download-link';

const HREF = '/api/accounts/transactions/export?from=2026-11-01';
const ROUTE = 'GET /api/accounts/transactions/export';

/** What the browser was handed to save: each file's name and text. */
function savedFiles() {
  const saved: { name: string; blob: Blob }[] = [];
  let lastBlob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    lastBlob = blob as Blob;
    return 'blob:saved';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.href.startsWith('blob:') && lastBlob) saved.push({ name: this.download, blob: lastBlob });
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DownloadLink', () => {
  it('saves the file the server sends, under the name the server gives it', async () => {
    const saved = savedFiles();
    const csv = '"Date","Description","Amount"\r\n"2026-11-02","Payroll","1250.00"\r\n';
    const server = stubFetch({
      [ROUTE]: () =>
        new Response(csv, {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="transactions-2026-11-30.csv"',
          },
        }),
    });
    render(<DownloadLink href={HREF}>Export CSV</DownloadLink>);

    await userEvent.click(screen.getByRole('link', { name: 'Export CSV' }));

    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('transactions-2026-11-30.csv');
    expect(await saved[0]?.blob.text()).toBe(csv);
    expect(server.to('GET', '/api/accounts/transactions/export')[0]?.query.get('from')).toBe('2026-11-01');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a name given to the link wins over the server’s', async () => {
    const saved = savedFiles();
    stubFetch({
      'GET /api/admin/ach/files/7': () =>
        new Response('101 NACHA', { headers: { 'content-disposition': 'attachment; filename="other.txt"' } }),
    });
    render(<DownloadLink href="/api/admin/ach/files/7" download="ACH-2026-11-30-1.txt" />);

    await userEvent.click(screen.getByRole('link', { name: 'Download' }));

    await vi.waitFor(() => expect(saved.map((file) => file.name)).toEqual(['ACH-2026-11-30-1.txt']));
  });

  it('a double click downloads once', async () => {
    const saved = savedFiles();
    const server = stubFetch({
      [ROUTE]: () => new Response('"Date"\r\n', { headers: { 'content-disposition': 'attachment; filename="t.csv"' } }),
    });
    render(<DownloadLink href={HREF}>Export CSV</DownloadLink>);
    const link = screen.getByRole('link', { name: 'Export CSV' });

    // Two clicks in one go, before the page re-renders (as a double click can land).
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(server.to('GET', '/api/accounts/transactions/export')).toHaveLength(1);
  });

  it('a refusal is read out in the server’s words and nothing is saved as a file', async () => {
    const saved = savedFiles();
    stubFetch({ [ROUTE]: apiError(429, 'RATE_LIMITED', messages.history.exportsInSession) });
    render(<DownloadLink href={HREF}>Export CSV</DownloadLink>);

    await userEvent.click(screen.getByRole('link', { name: 'Export CSV' }));

    expect((await screen.findByRole('alert')).textContent).toBe(messages.history.exportsInSession);
    expect(saved).toEqual([]);
  });

  it('"busy" from a full instance (503) is said as the server says it; the next try that works clears it', async () => {
    const saved = savedFiles();
    const server = stubFetch({ [ROUTE]: apiError(503, 'UNAVAILABLE', messages.history.exportsFull) });
    render(<DownloadLink href={HREF}>Export CSV</DownloadLink>);
    const link = screen.getByRole('link', { name: 'Export CSV' });

    await userEvent.click(link);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.history.exportsFull);

    server.on(
      ROUTE,
      () => new Response('"Date"\r\n', { headers: { 'content-disposition': 'attachment; filename="t.csv"' } }),
    );
    await userEvent.click(link);
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a server that broke gets a plain sentence, not its error text', async () => {
    savedFiles();
    stubFetch({ [ROUTE]: apiError(500, 'INTERNAL', 'relation "transfers" does not exist') });
    render(<DownloadLink href={HREF}>Export CSV</DownloadLink>);

    await userEvent.click(screen.getByRole('link', { name: 'Export CSV' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The file could not be downloaded. Please try again.');
  });

  it('a group of links says a refusal once, under the group, and the next download that works clears it', async () => {
    const saved = savedFiles();
    const server = stubFetch({
      'GET /api/accounts/transactions/export.ofx': apiError(429, 'RATE_LIMITED', messages.history.exportsForMember),
    });
    render(<TransactionExports csv={HREF} moneyFiles={{ ofx: '/api/accounts/transactions/export.ofx', qif: '/q' }} />);
    const group = screen.getByRole('group', { name: 'Export transactions' });

    await userEvent.click(screen.getByRole('link', { name: 'Export OFX' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messages.history.exportsForMember);
    expect(group.contains(alert)).toBe(false);
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    server.on(
      ROUTE,
      () => new Response('"Date"\r\n', { headers: { 'content-disposition': 'attachment; filename="t.csv"' } }),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
