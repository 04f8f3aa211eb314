import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoursText } from './hours-text';

function unbroken(hours: string): string[] {
  const { container } = render(
    <p>
      <HoursText hours={hours} />
    </p>,
  );
  expect(container.textContent).toBe(hours);
  return [...container.querySelectorAll('.whitespace-nowrap')].map((span) => span.textContent ?? '');
}

describe('opening hours', () => {
  it('keeps each time range on one line and the words around it as configured', () => {
    expect(unbroken('Monday to Friday 8AM-8PM EST')).toEqual(['8AM-8PM']);
  });

  it('keeps every range of several, with minutes, spaces and dashes', () => {
    expect(unbroken('Mon–Fri 9:30 AM – 5 PM, Sat 9am-1pm')).toEqual(['9:30 AM – 5 PM', '9am-1pm']);
  });

  it('leaves hours without a range alone', () => {
    expect(unbroken('Around the clock')).toEqual([]);
  });
});
