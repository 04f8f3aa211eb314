import { describe, expect, it } from 'vitest';
import { cardCategory, isCashUse } from './merchant-category';

describe('a card payment’s category', () => {
  it('is a Withdrawal for cash: at an ATM whatever the code, and for the cash codes on any channel', () => {
    expect(cardCategory('atm', null)).toBe('Withdrawal');
    expect(cardCategory('atm', '5411')).toBe('Withdrawal');
    expect(cardCategory('in_store', '6011')).toBe('Withdrawal');
    expect(cardCategory('in_store', '6010')).toBe('Withdrawal');
  });

  it('tells cash from a purchase by the same rule', () => {
    expect(isCashUse({ channel: 'atm', categoryCode: null })).toBe(true);
    expect(isCashUse({ channel: 'in_store', categoryCode: '6011' })).toBe(true);
    expect(isCashUse({ channel: 'online', categoryCode: '6010' })).toBe(true);
    expect(isCashUse({ channel: 'in_store', categoryCode: '5411' })).toBe(false);
    expect(isCashUse({ channel: 'in_store', categoryCode: null })).toBe(false);
    expect(isCashUse({ channel: 'online' })).toBe(false);
  });

  it('files a purchase by its code, airlines by their range, and anything else as Shopping', () => {
    expect(cardCategory('in_store', '5812')).toBe('Food');
    expect(cardCategory('online', '4112')).toBe('Transportation');
    expect(cardCategory('online', '3001')).toBe('Transportation');
    expect(cardCategory('online', '7832')).toBe('Entertainment');
    expect(cardCategory('in_store', '5999')).toBe('Shopping');
    expect(cardCategory('in_store', null)).toBe('Shopping');
    expect(cardCategory('in_store', undefined)).toBe('Shopping');
  });
});
