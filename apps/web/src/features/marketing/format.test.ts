import { describe, expect, it } from 'vitest';
import { formatCount, formatMillions } from './format';

describe('figures on the public pages', () => {
  it('writes counts with thousands separators and no decimals', () => {
    expect(formatCount(100000)).toBe('100,000');
    expect(formatCount(999.6)).toBe('1,000');
  });

  it('writes amounts held in millions as "$5M", and from a thousand millions as "$2.5B"', () => {
    expect(formatMillions(5)).toBe('$5M');
    expect(formatMillions(999)).toBe('$999M');
    expect(formatMillions(1000)).toBe('$1B');
    expect(formatMillions(2500)).toBe('$2.5B');
  });
});
