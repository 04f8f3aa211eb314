import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CENTS, centsToDecimal, formatMoney, formatWireBalance, formatWireMoney, parseMoney } from './money';
import { moneyString } from './money-string';

const validCents = fc.bigInt({ min: 0n, max: MAX_CENTS });

function cents(text: string): bigint {
  const result = parseMoney(text);
  if (!result.ok) throw new Error(`expected ${text} to parse, got ${result.reason}`);
  return result.cents;
}

describe('[MONEY]: parsing and formatting', () => {
  it('round-trips every amount through the wire format', () => {
    fc.assert(
      fc.property(validCents, (amount) => {
        expect(cents(centsToDecimal(amount))).toBe(amount);
      }),
    );
  });

  it('adds amounts without float drift (0.10 + 0.20 is exactly 0.30)', () => {
    expect(cents('0.10') + cents('0.20')).toBe(cents('0.30'));
    fc.assert(
      fc.property(validCents, validCents, (a, b) => {
        const sum = cents(centsToDecimal(a)) + cents(centsToDecimal(b));
        expect(sum).toBe(a + b);
      }),
    );
  });

  it('reads one or two decimals as cents', () => {
    expect(cents('12')).toBe(1200n);
    expect(cents('12.5')).toBe(1250n);
    expect(cents('12.05')).toBe(1205n);
    expect(cents('0.01')).toBe(1n);
    expect(cents(' 7.00 ')).toBe(700n);
  });

  it.each([
    ['1e3', 'format'],
    ['NaN', 'format'],
    ['Infinity', 'format'],
    ['-5', 'format'],
    ['-0.01', 'format'],
    ['+5', 'format'],
    ['1,000', 'format'],
    ['$10', 'format'],
    ['0x10', 'format'],
    ['.5', 'format'],
    ['5.', 'format'],
    ['1.005', 'precision'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['1000000000000', 'format'],
  ])('rejects %j (%s)', (text, reason) => {
    expect(parseMoney(text)).toEqual({ ok: false, reason });
  });

  it('rejects any amount with three or more decimals', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 100, max: 999_999 }), (whole, fraction) => {
        expect(parseMoney(`${whole}.${fraction}`).ok).toBe(false);
      }),
    );
  });

  it('formats en-US with two decimals and grouping', () => {
    expect(formatMoney(0n)).toBe('$0.00');
    expect(formatMoney(5n)).toBe('$0.05');
    expect(formatMoney(123456789n)).toBe('$1,234,567.89');
    expect(formatMoney(-100000n)).toBe('-$1,000.00');
  });

  it('formatting matches Intl for every amount', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_CENTS, max: MAX_CENTS }), (amount) => {
        // Intl formats the decimal string exactly (no float) when given a string.
        expect(formatMoney(amount)).toBe(intl.format(centsToDecimal(amount) as unknown as number));
      }),
    );
  });
});

describe('formatWireMoney', () => {
  it('[MONEY]: formats amounts from the API, signed ones too, and leaves other text as it came', () => {
    expect(formatWireMoney('1234.56')).toBe('$1,234.56');
    expect(formatWireMoney('0.00')).toBe('$0.00');
    expect(formatWireMoney('-12.05')).toBe('-$12.05');
    expect(formatWireMoney('abc')).toBe('abc');
  });
});

describe('formatWireBalance', () => {
  it('[MONEY]: writes a figure below zero with a true minus sign, others as formatWireMoney does', () => {
    expect(formatWireBalance('-3500.00')).toBe('\u2212$3,500.00');
    expect(formatWireBalance('1500.00')).toBe('$1,500.00');
    expect(formatWireBalance('0.00')).toBe('$0.00');
    expect(formatWireBalance('-abc')).toBe('-abc');
  });
});

describe('moneyString', () => {
  it('[MONEY]: lets the server send every amount centsToDecimal makes, signed too', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_CENTS, max: MAX_CENTS }), (amount) => {
        expect(moneyString.safeParse(centsToDecimal(amount)).success).toBe(true);
      }),
    );
  });

  it('[MONEY]: refuses to send an amount a client could misread: a float, grouping, one decimal, a number', () => {
    for (const wrong of ['12.5', '1,234.56', '1e3', '0.1', '12', ' 1.00', '$1.00', '+1.00', 12.5]) {
      expect(moneyString.safeParse(wrong).success, String(wrong)).toBe(false);
    }
  });
});
