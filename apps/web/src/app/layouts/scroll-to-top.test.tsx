import { SCROLL_TO_TOP_THRESHOLD_PX } from '@mutual/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHOW_AFTER_SCROLLING_UP_MS, ScrollToTopButton } from './scroll-to-top';

function scrollTo(y: number) {
  act(() => {
    window.scrollTo(0, y);
    fireEvent.scroll(window);
  });
}

/** A page with a form: the button beside a text box, a select and a checkbox. */
function renderPage() {
  render(
    <>
      <input aria-label="Amount" type="number" />
      <select aria-label="Deposit to">
        <option>Checking</option>
      </select>
      <input aria-label="Show corrections" type="checkbox" />
      <button type="button">Continue</button>
      <ScrollToTopButton />
    </>,
  );
}

const toTop = () => screen.queryByRole('button', { name: 'Scroll to top' });

describe('"Scroll to top"', () => {
  afterEach(() => scrollTo(0));

  it(`appears only after scrolling past ${SCROLL_TO_TOP_THRESHOLD_PX} px`, () => {
    renderPage();
    expect(toTop()).toBeNull();
    scrollTo(SCROLL_TO_TOP_THRESHOLD_PX);
    expect(toTop()).toBeNull();
    scrollTo(SCROLL_TO_TOP_THRESHOLD_PX + 100);
    expect(toTop()).toBeTruthy();
  });

  it('steps aside while the member types in a field or picks from a list, and comes back after', async () => {
    const user = userEvent.setup();
    renderPage();
    scrollTo(SCROLL_TO_TOP_THRESHOLD_PX + 100);
    await user.click(screen.getByLabelText('Amount'));
    expect(toTop()).toBeNull();
    await user.click(screen.getByLabelText('Deposit to'));
    expect(toTop()).toBeNull();
    // A checkbox or a button brings up no keyboard: the button stays.
    await user.click(screen.getByLabelText('Show corrections'));
    expect(toTop()).toBeTruthy();
    await user.click(screen.getByLabelText('Amount'));
    expect(toTop()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(toTop()).toBeTruthy();
    await user.click(screen.getByLabelText('Amount'));
    act(() => (document.activeElement as HTMLElement).blur());
    expect(toTop()).toBeTruthy();
  });

  it('comes back when the field being filled is scrolled off the screen', async () => {
    const user = userEvent.setup();
    renderPage();
    scrollTo(SCROLL_TO_TOP_THRESHOLD_PX + 100);
    const amount = screen.getByLabelText('Amount');
    await user.click(amount);
    expect(toTop()).toBeNull();
    // The member scrolls on, the focus still in the field, which is now above the screen.
    amount.getBoundingClientRect = () => DOMRect.fromRect({ x: 16, y: -400, width: 300, height: 44 });
    scrollTo(SCROLL_TO_TOP_THRESHOLD_PX + 600);
    expect(document.activeElement).toBe(amount);
    expect(toTop()).toBeTruthy();
  });

  it('steps aside while a button has scrolled under its corner, and comes back when it has passed', () => {
    renderPage();
    const back = screen.getByRole('button', { name: 'Continue' });
    const page = document.body;
    let under: Element[] = [page];
    // happy-dom lays nothing out: the test says what lies under the button's corner.
    Object.defineProperty(document, 'elementsFromPoint', { configurable: true, value: () => under });
    try {
      scrollTo(SCROLL_TO_TOP_THRESHOLD_PX + 100);
      expect(toTop()).toBeTruthy();
      // The page scrolls on and "Continue" (full width on a phone) passes under the corner.
      under = [back, page];
      scrollTo(SCROLL_TO_TOP_THRESHOLD_PX + 200);
      expect(toTop()).toBeNull();
      // Text under the corner is no reason to hide: the footer leaves room for the end of the page.
      under = [screen.getByLabelText('Show corrections').parentElement ?? page];
      scrollTo(SCROLL_TO_TOP_THRESHOLD_PX + 300);
      expect(toTop()).toBeTruthy();
      // The button itself, on top at its own spot, does not count.
      under = [toTop() as Element, page];
      scrollTo(SCROLL_TO_TOP_THRESHOLD_PX + 400);
      expect(toTop()).toBeTruthy();
    } finally {
      Reflect.deleteProperty(document, 'elementsFromPoint');
    }
  });

  it('covers nothing mid-page: shows while the person scrolls up and at the page’s end; takes the focus', () => {
    vi.useFakeTimers();
    // A long page (happy-dom lays nothing out, so it says how tall the page is).
    const root = document.documentElement;
    Object.defineProperty(root, 'scrollHeight', { configurable: true, value: 5000 });
    render(
      <main>
        <h1>Dashboard</h1>
        <ScrollToTopButton />
      </main>,
    );
    const shown = () => toTop()?.getAttribute('data-shown');
    try {
      // Scrolling down through the page: the button is there for the keyboard, but not in sight.
      scrollTo(1200);
      expect(shown()).toBe('false');
      expect(toTop()?.className).toContain('pointer-events-none');
      // The page scrolling itself back up (to an anchor, to a message) does not bring it over what it shows.
      scrollTo(1100);
      expect(shown()).toBe('false');
      // The person scrolling back up: it shows, and steps aside a moment after the scrolling stops.
      fireEvent.wheel(window, { deltaY: -200 });
      scrollTo(900);
      expect(shown()).toBe('true');
      act(() => vi.advanceTimersByTime(SHOW_AFTER_SCROLLING_UP_MS - 100));
      expect(shown()).toBe('true');
      act(() => vi.advanceTimersByTime(200));
      expect(shown()).toBe('false');
      // Scrolling down again hides it at once.
      fireEvent.keyDown(window, { key: 'PageUp' });
      scrollTo(700);
      expect(shown()).toBe('true');
      scrollTo(1000);
      expect(shown()).toBe('false');
      // The keyboard brings it into view.
      act(() => toTop()?.focus());
      expect(shown()).toBe('true');
      act(() => toTop()?.blur());
      expect(shown()).toBe('false');
      // At the page's end it sits on the footer's empty room under its last line, and stays.
      scrollTo(5000 - window.innerHeight);
      act(() => vi.advanceTimersByTime(SHOW_AFTER_SCROLLING_UP_MS * 2));
      expect(shown()).toBe('true');
      // Pressed: to the top, the focus on the page's heading.
      fireEvent.click(toTop() as HTMLElement);
      fireEvent.scroll(window);
      expect(window.scrollY).toBe(0);
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Dashboard' }));
      expect(toTop()).toBeNull();
    } finally {
      Reflect.deleteProperty(root, 'scrollHeight');
      vi.useRealTimers();
    }
  });
});
