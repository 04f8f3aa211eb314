import type { ScheduledJob, ScheduledWork } from '@mutual/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, reply, stubFetch } from '../../test/fetch-stub';
import { fixtureFactory } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ConsoleLinks } from '../admin-users/admin-toolbar';
import { ScheduledWorkScreen } from './scheduled-work-screen';
import { rowOf, textsOf } from '../../test/queries';
import { expectReadAgainEvery } from '../../test/polling';

const listPath = '/api/admin/scheduled-work';
const runPath = (name: string) => `/api/admin/scheduled-work/${name}/run`;
/** The screen also shows the statement runs (`statement-runs.test.tsx`); none here. */
const noRuns = { 'GET /api/admin/statement-runs': { runs: [] } };

const job = fixtureFactory<ScheduledJob>({
  name: 'mail.deliver',
  title: 'Send waiting e-mail',
  every: 'Every minute',
  waiting: 0,
  active: 0,
  retrying: 0,
  failedLastDay: 0,
  lastCompletedAt: null,
  lastFailedAt: null,
  lastError: null,
});

const longError = `connect ECONNREFUSED 127.0.0.1:587 ${'while handing the message to the relay '.repeat(6)}(the end)`;

const threeJobs = (): ScheduledJob[] => [
  job({ waiting: 2, active: 1, retrying: 1, lastCompletedAt: '2026-03-04T18:30:00.000Z' }),
  job({
    name: 'payment-orders.expire',
    title: 'Expire payment orders pending more than 120 hours',
    every: 'Every 5 minutes',
    failedLastDay: 3,
    lastFailedAt: '2026-03-04T17:05:00.000Z',
    lastError: longError,
  }),
  job({ name: 'statements.send', title: 'Send statements', every: null, lastError: 'Statement store offline' }),
];

const work = (overrides: Partial<ScheduledWork> = {}): ScheduledWork => ({
  running: true,
  jobs: threeJobs(),
  ...overrides,
});

async function renderScreen() {
  renderWithProviders(<ScheduledWorkScreen />, { route: '/admin/scheduled-work' });
  // While loading, the table holds placeholder rows: wait for the jobs.
  await screen.findAllByTestId('scheduled-job-row');
  return screen.getByRole('table', { name: 'Scheduled jobs' });
}

/** The row of one job in the table: its header begins with the job's title. */
const jobRow = (table: HTMLElement, title: string) => rowOf(table, new RegExp(`^${title}`));

afterEach(() => {
  vi.useRealTimers();
});

describe('Scheduled work: where it is', () => {
  it('the console’s staff screens link to it', () => {
    renderWithProviders(<ConsoleLinks />);
    const nav = screen.getByRole('navigation', { name: 'Staff screens' });
    expect(within(nav).getByRole('link', { name: 'Scheduled Work' }).getAttribute('href')).toBe(
      '/admin/scheduled-work',
    );
  });
});

describe('Scheduled work: the table', () => {
  it('lists each job with its schedule, counts, last run in the credit union’s zone and last error', async () => {
    stubFetch({
      ...noRuns,
      [`GET ${listPath}`]: work(),
    });
    const table = await renderScreen();

    expect(textsOf(table, 'columnheader')).toEqual([
      'Job',
      'Queue',
      'Failed (24 h)',
      'Last run',
      'Last error',
      'Actions',
    ]);

    const cells = (title: string) => textsOf(jobRow(table, title), 'cell');
    // 18:30 UTC is 12:30 PM in America/Chicago (the fixture's TIME_ZONE), not the test machine's UTC.
    expect(within(jobRow(table, 'Send waiting e-mail')).getByRole('rowheader').textContent).toBe(
      'Send waiting e-mailEvery minutemail.deliver',
    );
    expect(cells('Send waiting e-mail')).toEqual([
      '2 waiting1 running1 retrying',
      '0',
      'Mar 4, 2026, 12:30 PM',
      'None',
      'Run now',
    ]);
    expect(within(jobRow(table, 'Send statements')).getByRole('rowheader').textContent).toContain('When sent');
    expect(cells('Send statements').at(3)).toBe('Statement store offline');

    const expiry = jobRow(table, 'Expire payment orders pending more than 120 hours');
    expect(within(expiry).getByText('3').className).toContain('bg-red-100');
    expect(within(expiry).getByText('Never')).toBeTruthy();
    const error = within(expiry).getByTestId('scheduled-job-error');
    expect(error.textContent).toBe(longError);
    expect(error.getAttribute('title')).toBe(longError);
    expect(error.className).toContain('line-clamp-2');
    expect(within(expiry).getByText('Mar 4, 2026, 11:05 AM')).toBeTruthy();
    const toggle = within(expiry).getByRole('button', { name: 'Show all' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Show less');
    expect(error.className).not.toContain('line-clamp-2');

    expect(screen.queryByText('Scheduled work is switched off on this server')).toBeNull();
    const cards = screen.getByRole('list', { name: 'Scheduled jobs' });
    expect(within(cards).getAllByTestId('scheduled-job-card')).toHaveLength(3);
  });

  it('reads the figures again every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = stubFetch({
      ...noRuns,
      [`GET ${listPath}`]: work(),
    });
    await renderScreen();
    await expectReadAgainEvery(server, listPath, 15_000);
  });
});

describe('Scheduled work: switched off', () => {
  it('says scheduled work is switched off on this server when it does not run the queue', async () => {
    stubFetch({
      ...noRuns,
      [`GET ${listPath}`]: work({ running: false }),
    });
    await renderScreen();
    const notice = screen.getByText('Scheduled work is switched off on this server').closest('[role="status"]');
    expect(notice?.textContent).toContain('JOBS_ENABLED=false');
  });
});

describe('Scheduled work: Run now', () => {
  it('posts for that job, shows the answer’s message and reads the list again', async () => {
    const server = stubFetch({
      ...noRuns,
      [`GET ${listPath}`]: work(),
      [`POST ${runPath('mail.deliver')}`]: reply(202, { message: 'Send waiting e-mail: queued to run now.' }),
    });
    const table = await renderScreen();
    const button = within(table).getByRole('button', { name: 'Run now: Send waiting e-mail' });
    await userEvent.click(button);

    const flash = await screen.findByTestId('admin-flash');
    expect(within(flash).getByRole('status').textContent).toBe('Send waiting e-mail: queued to run now.');
    expect(server.to('POST', runPath('mail.deliver'))).toHaveLength(1);
    await vi.waitFor(() => expect(server.to('GET', listPath)).toHaveLength(2));
    expect(server.unmatched).toEqual([]);
  });

  it('shows the server’s refusal as an error and still reads the list again', async () => {
    const server = stubFetch({
      ...noRuns,
      [`GET ${listPath}`]: work(),
      [`POST ${runPath('payment-orders.expire')}`]: apiError(
        409,
        'CONFLICT',
        'Scheduled work is switched off on this server.',
      ),
    });
    const table = await renderScreen();
    await userEvent.click(
      within(table).getByRole('button', { name: 'Run now: Expire payment orders pending more than 120 hours' }),
    );
    const alert = await within(await screen.findByTestId('admin-flash')).findByRole('alert');
    expect(alert.textContent).toBe('Scheduled work is switched off on this server.');
    await vi.waitFor(() => expect(server.to('GET', listPath)).toHaveLength(2));
  });
});

describe('Scheduled work: a failed read', () => {
  it('shows the server’s reason with Try again, and the table once it answers', async () => {
    let fail = true;
    stubFetch({
      ...noRuns,
      [`GET ${listPath}`]: () => (fail ? apiError(403, 'FORBIDDEN', 'Staff only') : work()),
    });
    renderWithProviders(<ScheduledWorkScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Staff onlyTry again');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('scheduled-job-row')).toHaveLength(3);
  });

  it('a failed refresh keeps the figures on screen and says they are not fresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = false;
    stubFetch({
      ...noRuns,
      [`GET ${listPath}`]: () => (fail ? apiError(503, 'UNAVAILABLE', 'The service is restarting.') : work()),
    });
    await renderScreen();
    fail = true;
    await act(() => vi.advanceTimersByTimeAsync(15_500));
    const notice = (await screen.findByText('Could not refresh the figures')).closest('[role="status"]');
    expect(notice?.textContent).toContain('Showing the figures from');
    expect(screen.getAllByTestId('scheduled-job-row')).toHaveLength(3);
  });

  it('a server failure says "Failed to load scheduled work"', async () => {
    stubFetch({
      ...noRuns,
      [`GET ${listPath}`]: apiError(500, 'INTERNAL', 'boom'),
    });
    renderWithProviders(<ScheduledWorkScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to load scheduled workTry again');
  });
});
