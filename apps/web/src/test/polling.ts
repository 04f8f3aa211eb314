import { act } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { FetchStub } from './fetch-stub';

/**
 * Checks that a screen reads `path` again every `everyMs`, under fake timers that advance: read
 * once so far, not again a second before the interval ends, a second time just after it.
 */
export async function expectReadAgainEvery(stub: FetchStub, path: string, everyMs: number) {
  expect(stub.to('GET', path)).toHaveLength(1);
  await act(() => vi.advanceTimersByTimeAsync(everyMs - 1_000));
  expect(stub.to('GET', path)).toHaveLength(1);
  await act(() => vi.advanceTimersByTimeAsync(1_500));
  expect(stub.to('GET', path)).toHaveLength(2);
}
