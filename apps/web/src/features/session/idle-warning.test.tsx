import { messages, type SessionInfo } from '@mutual/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchStub, reply, stubFetch } from '../../test/fetch-stub';
import { member } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { IdleWarning } from './idle-warning';

const MINUTE = 60_000;
/** The warning comes one minute before the session would end. */
const IDLE_WARNING_MS = MINUTE;
const IDLE_MS = 15 * MINUTE;
const start = new Date('2026-03-04T09:00:00.000Z').getTime();

/** Moves the clock on and lets every answer and re-render land. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/**
 * A user-event click on the fake clock: Testing Library waits a tick after each interaction, so
 * the clock is nudged on (10 ms at a time) until the click is done.
 */
async function click(element: HTMLElement) {
  let done = false;
  const clicking = userEvent
    .setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    .click(element)
    .finally(() => {
      done = true;
    });
  while (!done) await advance(10);
  await clicking;
}

/**
 * A signed-in member on a page with the idle warning. The server's idle deadline is `deadline`;
 * it moves only when the test says so (activity in another tab) or on "Stay signed in". The
 * device's clock (the faked `Date`) runs `deviceAheadMs` ahead of the server's (behind if negative).
 */
async function renderSignedIn({ absoluteMs = 12 * 60 * MINUTE, deviceAheadMs = 0 } = {}) {
  const serverNow = () => Date.now() - deviceAheadMs;
  const server = { deadline: serverNow() + IDLE_MS, absolute: serverNow() + absoluteMs };
  const info = (): SessionInfo => ({
    user: member,
    idleExpiresAt: new Date(server.deadline).toISOString(),
    absoluteExpiresAt: new Date(server.absolute).toISOString(),
    serverTime: new Date(serverNow()).toISOString(),
  });
  const fetchStub = stubFetch({
    'GET /api/auth/session': () => info(),
    'POST /api/auth/session/refresh': () => {
      server.deadline = serverNow() + IDLE_MS;
      return info();
    },
    'POST /api/auth/sign-out': reply(204),
  });
  renderWithProviders(<IdleWarning />, {
    route: '/dashboard',
    session: true,
    routes: { '/login': <LocationProbe name="Sign in" /> },
  });
  await advance(0);
  return { server, fetchStub };
}

const warning = () => screen.queryByRole('dialog', { name: 'Are you still there?' });
const countdown = (seconds: number) =>
  `For your security you will be signed out in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

/**
 * Clicks "Stay signed in" on the warning and checks that the server was asked once, the warning
 * closed, and no warning comes for almost a whole new idle period.
 */
async function staySignedIn(fetchStub: FetchStub) {
  await click(screen.getByRole('button', { name: 'Stay signed in' }));
  await advance(0);
  expect(fetchStub.to('POST', '/api/auth/session/refresh')).toHaveLength(1);
  expect(warning()).toBeNull();
  await advance(IDLE_MS - IDLE_WARNING_MS - 1000);
  expect(warning()).toBeNull();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(start);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the idle warning', () => {
  it('stays hidden until one minute before the session would end', async () => {
    await renderSignedIn();
    await advance(IDLE_MS - IDLE_WARNING_MS - 1000);
    expect(warning()).toBeNull();
  });

  it('appears one minute before the end, counting down from 60 seconds', async () => {
    await renderSignedIn();
    await advance(IDLE_MS - IDLE_WARNING_MS);
    const dialog = warning();
    expect(dialog).not.toBeNull();
    expect(within(dialog as HTMLElement).getByText(countdown(60))).toBeTruthy();
  });

  it('counts down once a second, down to "1 second"', async () => {
    await renderSignedIn();
    await advance(IDLE_MS - IDLE_WARNING_MS);
    await advance(1000);
    expect(screen.getByText(countdown(59))).toBeTruthy();
    await advance(58_000);
    expect(screen.getByText(countdown(1))).toBeTruthy();
  });

  it('"Stay signed in" extends the session on the server and hides the warning for another idle period', async () => {
    const { fetchStub } = await renderSignedIn();
    await advance(IDLE_MS - IDLE_WARNING_MS + 10_000);
    // The new period starts at the click: no warning for almost another fourteen minutes.
    await staySignedIn(fetchStub);
    await advance(1000);
    expect(warning()).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });

  it(`signs out at zero and tells the member "${messages.auth.sessionExpired}"`, async () => {
    const { fetchStub } = await renderSignedIn();
    await advance(IDLE_MS - IDLE_WARNING_MS);
    await advance(IDLE_WARNING_MS);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(messages.auth.sessionExpired);
    expect(fetchStub.to('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(warning()).toBeNull();
  });

  it('does not interrupt when another tab kept the session alive', async () => {
    const { server } = await renderSignedIn();
    await advance(5 * MINUTE);
    // Activity elsewhere: the server's deadline moved on.
    server.deadline = Date.now() + IDLE_MS;
    await advance(IDLE_MS - 5 * MINUTE - IDLE_WARNING_MS);
    expect(warning()).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });

  it('offers no "Stay signed in" when the session reaches its maximum age', async () => {
    // The session may last only ten minutes in all, whatever the activity.
    await renderSignedIn({ absoluteMs: 10 * MINUTE });
    await advance(10 * MINUTE - IDLE_WARNING_MS);
    const dialog = warning() as HTMLElement;
    expect(
      within(dialog).getByText(
        'You have been signed in for the longest time we allow. Please sign in again to continue.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Stay signed in' })).toBeNull();
  });

  it('counts by the server’s clock: with the device 14 minutes fast, "Stay signed in" closes the warning', async () => {
    const { fetchStub } = await renderSignedIn({ deviceAheadMs: 14 * MINUTE });
    // The device reads 14 minutes past the server: still not a minute before the end.
    expect(warning()).toBeNull();
    await advance(IDLE_MS - IDLE_WARNING_MS - 1000);
    expect(warning()).toBeNull();
    await advance(1000);
    expect(within(warning() as HTMLElement).getByText(countdown(60))).toBeTruthy();
    await staySignedIn(fetchStub);
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });

  it('counts by the server’s clock: with the device 14 minutes slow, it still signs out on time', async () => {
    const { fetchStub } = await renderSignedIn({ deviceAheadMs: -14 * MINUTE });
    await advance(IDLE_MS - IDLE_WARNING_MS);
    expect(within(warning() as HTMLElement).getByText(countdown(60))).toBeTruthy();
    await advance(IDLE_WARNING_MS);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(fetchStub.to('POST', '/api/auth/sign-out')).toHaveLength(1);
  });

  it(`"Sign out" ends the session at once with "${messages.auth.signedOut}"`, async () => {
    const { fetchStub } = await renderSignedIn();
    await advance(IDLE_MS - IDLE_WARNING_MS);
    await click(screen.getByRole('button', { name: 'Sign out' }));
    await advance(0);
    expect(screen.getByRole('status').textContent).toBe(messages.auth.signedOut);
    expect(fetchStub.to('POST', '/api/auth/sign-out')).toHaveLength(1);
  });
});
