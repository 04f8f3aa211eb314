import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './happy-dom-gaps';

// Each test starts from an empty document.
afterEach(() => cleanup());
