import { describe, expect, it } from 'vitest';
import { isValidRoutingNumber } from './constants';
import { isAppRoute } from './routes';

describe('[ROUTES]: known app paths', () => {
  it('knows the public pages, with or without a trailing slash', () => {
    expect(isAppRoute('/')).toBe(true);
    expect(isAppRoute('/about')).toBe(true);
    expect(isAppRoute('/about/')).toBe(true);
    expect(isAppRoute('/accounts/checking')).toBe(true);
  });
  it('knows the staff screens, so a reload of one is not a 404', () => {
    expect(isAppRoute('/admin/audit')).toBe(true);
    expect(isAppRoute('/admin/scheduled-work')).toBe(true);
  });
  it('does not know anything else', () => {
    expect(isAppRoute('/about/us')).toBe(false);
    expect(isAppRoute('/ABOUT')).toBe(false);
    expect(isAppRoute('/accounts')).toBe(false);
  });
});

describe('[ROUTING NUMBER]: ABA check digit', () => {
  it.each(['021000021', '011000015', '211274450'])('accepts %s', (value) => {
    expect(isValidRoutingNumber(value)).toBe(true);
  });
  it.each(['021000022', '12345678', '0210000210', '02100002a', ''])('refuses %j', (value) => {
    expect(isValidRoutingNumber(value)).toBe(false);
  });
});
