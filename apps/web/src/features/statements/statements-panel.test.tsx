import { STATEMENT_PROCESSING_MS, messages } from '@mutual/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, reply, stubFetch } from '../../test/fetch-stub';
import { siteFacts } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { checkingId, savingsId, statement, statementsOverview } from './statements.fixtures';
import { StatementsPanel } from './statements-panel';
import { textsOf } from '../../test/queries';

const overviewPath = '/api/me/statements';
const emailPath = (accountId: string, period: string) => `/api/me/statements/${accountId}/${period}/email`;
const sent = 'Your statement will be sent to your registered e-mail address (jamie@example.com).';

function renderPanel(overview = statementsOverview(), routes = {}) {
  const server = stubFetch({ [`GET ${overviewPath}`]: overview, ...routes });
  renderWithProviders(<StatementsPanel />, { route: '/dashboard#quick-actions-statements' });
  return server;
}

const theForm = () => screen.findByRole('form', { name: 'Get a statement' });
const downloadOf = (form: HTMLElement) => within(form).getByRole('link', { name: 'Download' });
const optionTexts = (select: HTMLElement) => textsOf(select, 'option');

afterEach(() => {
  vi.useRealTimers();
});

describe('Statements: choosing a statement', () => {
  it('offers the accounts and the closed months newest first, and downloads the one chosen', async () => {
    renderPanel();
    const form = await theForm();
    const account = within(form).getByRole('combobox', { name: 'Account' });
    const period = within(form).getByRole('combobox', { name: 'Statement period' });
    expect(optionTexts(account)).toEqual(['Checking ••1234', 'Savings ••5678']);
    expect(optionTexts(period)).toEqual(['October 2026', 'September 2026']);

    // The newest month of the first account, as a real download link to the PDF.
    const link = downloadOf(form);
    expect(link.getAttribute('href')).toBe(`/api/me/statements/${checkingId}/2026-10`);
    expect(link.hasAttribute('download')).toBe(true);

    await userEvent.selectOptions(account, 'Savings ••5678');
    await userEvent.selectOptions(period, 'September 2026');
    expect(downloadOf(form).getAttribute('href')).toBe(`/api/me/statements/${savingsId}/2026-09`);
  });

  it('a member with no closed month yet is told so plainly, with no form', async () => {
    renderPanel(statementsOverview({ periods: [], statements: [] }));
    const request = await screen.findByRole('region', { name: 'Get a statement' });
    expect(request.textContent).toContain('No statement is available yet.');
    expect(screen.queryByRole('form', { name: 'Get a statement' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('region', { name: 'Recent statements' }).textContent).toContain(
      'No statements have been issued yet.',
    );
  });

  it('says where older statements come from, with the support phone and e-mail from the site', async () => {
    renderPanel();
    const note = await screen.findByTestId('older-statements');
    expect(note.textContent).toContain(messages.statements.periodTooOld('March 2024'));
    expect(note.textContent).toContain('Statements before March 2024 are not available online.');
    expect(within(note).getByRole('link', { name: siteFacts.support.phone }).getAttribute('href')).toBe(
      'tel:+15550100',
    );
    expect(within(note).getByRole('link', { name: siteFacts.support.email }).getAttribute('href')).toBe(
      `mailto:${siteFacts.support.email}`,
    );
  });

  it('tells a member whose first statement is their opening month that it is the first one', async () => {
    renderPanel(statementsOverview({ earliestLabel: 'September 2026', olderOffline: false }));
    const note = await screen.findByTestId('older-statements');
    expect(note.textContent).toBe('Your statements start with September 2026, the month your account was opened.');
    expect(within(note).queryByRole('link')).toBeNull();
  });

  it('keeps the way to the full transaction history', async () => {
    renderPanel();
    await theForm();
    expect(screen.getByRole('link', { name: 'View all transactions' }).getAttribute('href')).toBe(
      '/dashboard/transactions',
    );
  });

  it('says so in plain words when the statements cannot be read, with Try again', async () => {
    renderPanel(undefined, { [`GET ${overviewPath}`]: apiError(500, 'INTERNAL', 'boom') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${messages.statements.loadFailed}Try again`);
  });
});

describe('Statements: E-mail me this statement', () => {
  it('sends the chosen statement and shows the server’s message after the 1.5 s processing delay', async () => {
    const server = renderPanel(undefined, {
      [`POST ${emailPath(savingsId, '2026-09')}`]: reply(202, { message: sent }),
    });
    const form = await theForm();
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Account' }), 'Savings ••5678');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Statement period' }), 'September 2026');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(form).getByRole('button', { name: 'E-mail me this statement' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    // The server has answered at once; the answer still waits for the processing delay.
    expect(server.to('POST', emailPath(savingsId, '2026-09'))).toHaveLength(1);
    const button = within(form).getByRole('button', { name: 'Sending…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');

    await act(() => vi.advanceTimersByTimeAsync(STATEMENT_PROCESSING_MS - 100));
    expect(within(form).queryByRole('status')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Sending…' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(within(form).getByRole('status').textContent).toBe(sent);
    expect(
      within(form).getByRole('button', { name: 'E-mail me this statement' }).getAttribute('aria-disabled'),
    ).toBeNull();
    expect(server.unmatched).toEqual([]);
  });

  it('shows a refusal in the server’s plain words', async () => {
    const limit = messages.statements.emailLimit;
    renderPanel(undefined, {
      [`POST ${emailPath(checkingId, '2026-10')}`]: apiError(429, 'RATE_LIMITED', limit),
    });
    const form = await theForm();
    await userEvent.click(within(form).getByRole('button', { name: 'E-mail me this statement' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(limit);
  });

  it('a busy server (503: statements being drawn) is said in its own words', async () => {
    const busy = messages.statements.drawsFull;
    renderPanel(undefined, {
      [`POST ${emailPath(checkingId, '2026-10')}`]: apiError(503, 'UNAVAILABLE', busy),
    });
    const form = await theForm();
    await userEvent.click(within(form).getByRole('button', { name: 'E-mail me this statement' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(busy);
  });

  it('a failure on our side says so without the server’s details', async () => {
    renderPanel(undefined, {
      [`POST ${emailPath(checkingId, '2026-10')}`]: apiError(500, 'INTERNAL', 'SMTP relay exploded'),
    });
    const form = await theForm();
    await userEvent.click(within(form).getByRole('button', { name: 'E-mail me this statement' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(messages.generic.internal);
  });
});

describe('Statements: Recent statements', () => {
  it('lists each issued statement with its month, account, issued day and size, and its own actions', async () => {
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Recent statements' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // Issued 11:00 UTC on Nov 1 is Nov 1 in America/Chicago; 49,152 bytes are 48 KB.
    expect(items[0]?.textContent).toContain('October 2026');
    expect(items[0]?.textContent).toContain('Checking ••1234 · Issued Nov 1, 2026 · 48 KB');
    expect(items[1]?.textContent).toContain('Savings ••5678 · Issued Nov 1, 2026 · 3.4 KB');

    const download = within(list).getByRole('link', { name: 'Download October 2026, Savings ending in 5678' });
    expect(download.getAttribute('href')).toBe(`/api/me/statements/${savingsId}/2026-10`);
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('e-mails a statement of the list and shows the answer beside it, not in the form', async () => {
    const server = renderPanel(undefined, {
      [`POST ${emailPath(savingsId, '2026-10')}`]: reply(202, { message: sent }),
    });
    const list = await screen.findByRole('list', { name: 'Recent statements' });
    const [checkingItem, savingsItem] = within(list).getAllByRole('listitem');
    if (!checkingItem || !savingsItem) throw new Error('two statements expected');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(
      within(savingsItem).getByRole('button', {
        name: 'E-mail me this statement: October 2026, Savings ending in 5678',
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    // Every e-mail button waits while one request is under way; only the one asked says "Sending…".
    expect(within(savingsItem).getByRole('button', { name: /^Sending…/ })).toBeTruthy();
    const other = within(checkingItem).getByRole('button', { name: /^E-mail me this statement/ });
    expect(other.hasAttribute('disabled')).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(STATEMENT_PROCESSING_MS));
    expect(within(savingsItem).getByRole('status').textContent).toBe(sent);
    expect(within(checkingItem).queryByRole('status')).toBeNull();
    expect(within(screen.getByRole('form', { name: 'Get a statement' })).queryByRole('status')).toBeNull();
    expect(server.to('POST', emailPath(savingsId, '2026-10'))).toHaveLength(1);
  });

  it('shows the newest six, and every statement after "Show all"', async () => {
    const many = Array.from({ length: 8 }, (_, index) =>
      statement({ id: `aaaaaaaa-0000-4000-8000-00000000001${index}`, label: `Month ${index + 1}` }),
    );
    renderPanel(statementsOverview({ statements: many }));
    const list = await screen.findByRole('list', { name: 'Recent statements' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Month 1', 'Month 2', 'Month 3', 'Month 4', 'Month 5', 'Month 6']);
    const more = screen.getByRole('button', { name: 'Show all 8 statements' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Show fewer statements' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
  });

  it('says plainly when no statement has been issued yet', async () => {
    renderPanel(statementsOverview({ statements: [] }));
    const section = await screen.findByRole('region', { name: 'Recent statements' });
    expect(section.textContent).toContain('No statements have been issued yet.');
    expect(within(section).queryByRole('list')).toBeNull();
    // The form still offers the closed months: a statement is issued on first ask.
    expect(await theForm()).toBeTruthy();
  });
});
