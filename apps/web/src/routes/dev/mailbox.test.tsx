import type { DevMail } from '@mutual/shared/contract/dev-mailbox';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { DevMailboxPage } from './mailbox';

const mail = (n: number): DevMail => ({
  id: `mail-${n}`,
  to: `person${n}@example.com`,
  subject: `Message number ${n}`,
  template: 'contact-receipt',
  text: `Body ${n}`,
  html: `<p>Body ${n}</p>`,
  attachments: [],
  createdAt: `2026-03-0${n}T15:00:00.000Z`,
});

afterEach(() => vi.restoreAllMocks());

describe('the dev mailbox', () => {
  it('brings an opened message into view and focuses its subject, wherever it is drawn', async () => {
    // happy-dom lays nothing out; what the browser is asked to scroll is all there is to see.
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    stubFetch({ 'GET /api/dev/mailbox': { messages: [mail(3), mail(2), mail(1)] } });
    renderWithProviders(<DevMailboxPage />);
    const viewer = await screen.findByRole('article');
    expect(within(viewer).getByRole('heading', { name: 'Message number 3' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Message number 2/ }));
    const subject = within(viewer).getByRole('heading', { name: 'Message number 2' });
    expect(document.activeElement).toBe(subject);
    expect(scrolled).toEqual([subject]);
  });
});
