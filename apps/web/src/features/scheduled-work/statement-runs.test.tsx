import type { StatementRun } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, reply, stubFetch } from '../../test/fetch-stub';
import { fixtureFactory } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { closedMonths } from './issue-month-form';
import { ScheduledWorkScreen } from './scheduled-work-screen';
import { findRowOf, textsOf } from '../../test/queries';
import { expectReadAgainEvery } from '../../test/polling';

const runsPath = '/api/admin/statement-runs';

const run = fixtureFactory<StatementRun>({
  period: '2026-10',
  label: 'October 2026',
  status: 'running',
  total: 10_000,
  issued: 2_500,
  failed: 3,
  dividendsPosted: 4_120,
  startedAt: '2026-11-01T11:00:00.000Z',
  finishedAt: null,
  accountsPerSecond: 412.46,
  averageBytes: 49_152,
});

const runs = () => [
  run(),
  run({
    period: '2026-09',
    label: 'September 2026',
    status: 'done',
    total: 9_800,
    issued: 9_800,
    failed: 0,
    startedAt: '2026-10-01T11:00:00.000Z',
    finishedAt: '2026-10-01T11:00:25.000Z',
    accountsPerSecond: 392,
    averageBytes: 3_482,
  }),
  run({
    period: '2026-08',
    label: 'August 2026',
    status: 'failed',
    total: 0,
    issued: 0,
    failed: 0,
    dividendsPosted: 0,
    finishedAt: '2026-09-01T11:00:01.000Z',
    accountsPerSecond: null,
    averageBytes: null,
  }),
];

function renderScreen(routes = {}) {
  const server = stubFetch({
    'GET /api/admin/scheduled-work': { running: true, jobs: [] },
    [`GET ${runsPath}`]: { runs: runs() },
    ...routes,
  });
  renderWithProviders(<ScheduledWorkScreen />, { route: '/admin/scheduled-work' });
  return server;
}

const runsTable = () => screen.getByRole('table', { name: 'Statement runs, newest first' });

const rowOf = (label: string) => findRowOf(runsTable(), label);
const cells = (row: HTMLElement) => textsOf(row, 'cell');

afterEach(() => {
  vi.useRealTimers();
});

describe('Scheduled work: Monthly statements', () => {
  it('lists each month’s run with its progress, failures, dividends, speed and PDF size', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { level: 2, name: 'Monthly statements' })).toBeTruthy();
    const october = await rowOf('October 2026');
    expect(textsOf(runsTable(), 'columnheader')).toEqual([
      'Month',
      'Status',
      'Progress',
      'Failed',
      'Dividends posted',
      'Accounts per second',
      'Average PDF',
      'Finished',
    ]);
    // 11:00 UTC on Nov 1 is 5:00 AM in America/Chicago (standard time from that morning).
    expect(cells(october)).toEqual([
      'Running',
      '2,500 of 10,000 issued',
      '3',
      '4,120',
      '412.5',
      '48 KB',
      'Under way since Nov 1, 2026, 5:00 AM',
    ]);
    expect(cells(await rowOf('September 2026')).slice(5)).toEqual(['3.4 KB', 'Oct 1, 2026, 6:00 AM']);
    expect(cells(await rowOf('August 2026')).slice(0, 2)).toEqual(['Failed', '0 of 0 issued']);
    expect(cells(await rowOf('August 2026')).slice(4, 6)).toEqual(['—', '—']);
  });

  it('shows issued of total as a progress bar named by the month', async () => {
    renderScreen();
    const october = within(await rowOf('October 2026')).getByRole('progressbar', { name: 'October 2026: issued' });
    expect(october.getAttribute('value')).toBe('2500');
    expect(october.getAttribute('max')).toBe('10000');
    const september = within(await rowOf('September 2026')).getByRole('progressbar');
    expect(september.getAttribute('value')).toBe(september.getAttribute('max'));
    // A month with no account due has nothing to measure: no bar, only the figures.
    expect(within(await rowOf('August 2026')).queryByRole('progressbar')).toBeNull();
  });

  it('says so when no month has been issued yet', async () => {
    renderScreen({ [`GET ${runsPath}`]: { runs: [] } });
    const section = screen.getByRole('region', { name: 'Monthly statements' });
    expect(await within(section).findByText('No month has been issued yet.')).toBeTruthy();
  });

  it('reads the runs again with the rest of the screen, every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = renderScreen();
    await rowOf('October 2026');
    await expectReadAgainEvery(server, runsPath, 15_000);
  });
});

describe('Scheduled work: Issue a month now', () => {
  it('offers the last 13 closed months on the credit union’s clock, newest first', () => {
    // 03:00 UTC on Dec 1 is still Nov 30 in America/Chicago: November has not closed there.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T03:00:00.000Z'));
    renderScreen();
    const form = screen.getByRole('form', { name: 'Issue a month now' });
    const options = within(within(form).getByRole('combobox', { name: 'Issue a month now' })).getAllByRole('option');
    expect(options).toHaveLength(13);
    expect(options[0]?.textContent).toBe('October 2026');
    expect(options[0]?.getAttribute('value')).toBe('2026-10');
    expect(options.at(-1)?.textContent).toBe('October 2025');
  });

  it('the months roll over the year end', () => {
    expect(closedMonths(new Date('2026-02-15T18:00:00.000Z')).slice(0, 3)).toEqual(['2026-01', '2025-12', '2025-11']);
  });

  it('starts the chosen month, shows the server’s message and reads the runs again', async () => {
    const started = 'Issuing the September 2026 statements has started.';
    const server = renderScreen({ [`POST ${runsPath}`]: reply(202, { message: started }) });
    await rowOf('October 2026');
    const form = screen.getByRole('form', { name: 'Issue a month now' });
    const select = within(form).getByRole('combobox', { name: 'Issue a month now' });
    const second = within(select).getAllByRole('option')[1]?.getAttribute('value') ?? '';
    await userEvent.selectOptions(select, second);
    await userEvent.click(within(form).getByRole('button', { name: 'Issue statements' }));

    const flash = await screen.findByTestId('admin-flash');
    expect(within(flash).getByRole('status').textContent).toBe(started);
    expect(server.to('POST', runsPath).map((request) => request.body)).toEqual([{ period: second }]);
    await waitFor(() => expect(server.to('GET', runsPath)).toHaveLength(2));
  });

  it('shows a refusal as an error in the server’s words', async () => {
    const refusal = 'That month has not ended yet: its statement is issued when the month closes.';
    renderScreen({ [`POST ${runsPath}`]: apiError(409, 'CONFLICT', refusal) });
    await rowOf('October 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Issue statements' }));
    const flash = await screen.findByTestId('admin-flash');
    expect(within(flash).getByRole('alert').textContent).toBe(refusal);
  });
});
