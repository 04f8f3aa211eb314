import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setDisplayTimeZone } from '../lib/format-date';
import './happy-dom-gaps';

// Each test starts from an empty document, with nothing stored and the device's time zone: the
// test files of a worker share one document and one module graph (vitest.config.ts).
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  setDisplayTimeZone(undefined);
});
