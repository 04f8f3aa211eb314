import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../test/render';
import { REOPEN_AFTER_MS, useLiveUpdates } from './use-live-updates';

/** An EventSource the test drives: it records every stream the hook opens. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The browser's view of a failure: CLOSED when the answer was not a stream (a 503). */
  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
  connect() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
}

function renderLive() {
  const queryClient = testQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveUpdates(true), { wrapper });
  return { ...hook, invalidate };
}

describe('live updates', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens a new stream after a pause when the browser gave up on it (a 503 during a database restart)', () => {
    const { invalidate, unmount } = renderLive();
    expect(FakeEventSource.opened).toHaveLength(1);
    FakeEventSource.opened[0]?.fail(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(REOPEN_AFTER_MS - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);

    // Back: what changed meanwhile is fetched again.
    FakeEventSource.opened[1]?.connect();
    expect(invalidate).toHaveBeenCalled();
    unmount();
    expect(FakeEventSource.opened[1]?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('leaves reconnecting to the browser while it still tries, and refetches once it is back', () => {
    const { invalidate, unmount } = renderLive();
    FakeEventSource.opened[0]?.fail(FakeEventSource.CONNECTING);
    vi.advanceTimersByTime(REOPEN_AFTER_MS * 2);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(invalidate).not.toHaveBeenCalled();
    FakeEventSource.opened[0]?.connect();
    expect(invalidate).toHaveBeenCalled();
    unmount();
  });

  it('asks again for the money when the server says the session ended (their 401 leads to sign-in)', () => {
    const { invalidate, unmount } = renderLive();
    FakeEventSource.opened[0]?.connect();
    invalidate.mockClear();
    FakeEventSource.opened[0]?.dispatchEvent(new Event('session-ended'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: expect.any(Array) });
    unmount();
  });

  it('stops reopening once the page leaves', () => {
    const { unmount } = renderLive();
    FakeEventSource.opened[0]?.fail(FakeEventSource.CLOSED);
    unmount();
    vi.advanceTimersByTime(REOPEN_AFTER_MS * 2);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
