import { type ContactInbox, type ContactInboxItem, messages } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../../test/fetch-stub';
import { fixtureFactory } from '../../test/fixtures';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { ContactInboxPanel } from './contact-inbox';

const listPath = '/api/admin/contact-messages';

const item = fixtureFactory<ContactInboxItem>({
  id: 'msg-1',
  name: 'Robin Visitor',
  email: 'robin@example.com',
  phone: '',
  subject: 'loan',
  subjectLabel: 'Loans',
  message: 'How do I apply for a car loan?',
  preferredContact: 'email',
  createdAt: '2026-03-04T12:00:00.000Z',
  handledAt: null,
  handledBy: null,
});

const handled = item({
  id: 'msg-2',
  name: 'Kim Caller',
  phone: '(207) 555-0101',
  preferredContact: 'phone',
  handledAt: '2026-03-05T09:00:00.000Z',
  handledBy: 'staff@example.com',
});

function inbox(status: string | null, counts = { open: 1, handled: 1 }): ContactInbox {
  return { messages: status === 'handled' ? [handled] : [item()], counts };
}

describe('Staff console: member messages', () => {
  it('lists the open messages under "Open", the handled ones under "Handled", with counts', async () => {
    const server = stubFetch({ [`GET ${listPath}`]: (request) => inbox(request.query.get('status')) });
    renderWithProviders(<ContactInboxPanel />);
    const tabs = screen.getByRole('tablist', { name: 'Filter messages' });
    await within(tabs).findByRole('tab', { name: /^Open \(1\)$/ });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([expect.stringMatching(/^Open\s*1/), expect.stringMatching(/^Handled\s*1/)]);
    expect(screen.getByText('1 open')).toBeTruthy();

    const open = await screen.findByRole('article', { name: 'Loans from Robin Visitor' });
    expect(within(open).getByRole('link', { name: 'robin@example.com' }).getAttribute('href')).toBe(
      'mailto:robin@example.com',
    );
    expect(within(open).getByText('Not given')).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Mark as handled' })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('tab', { name: /^Handled/ }));
    const done = await screen.findByRole('article', { name: 'Loans from Kim Caller' });
    expect(done.textContent).toContain('by staff@example.com');
    expect(within(done).getByRole('link', { name: '(207) 555-0101' }).getAttribute('href')).toBe('tel:2075550101');
    expect(server.to('GET', listPath).map((request) => request.query.get('status'))).toEqual(['open', 'handled']);
  });

  it('says when nothing is open, and when the list is cut short', async () => {
    stubFetch({
      [`GET ${listPath}`]: (request) =>
        request.query.get('status') === 'handled'
          ? { messages: [handled], counts: { open: 0, handled: 30 } }
          : { messages: [], counts: { open: 0, handled: 30 } },
    });
    renderWithProviders(<ContactInboxPanel />);
    expect(await screen.findByText('No open messages. You are all caught up.')).toBeTruthy();
    expect(screen.queryByText(/ open$/)).toBeNull();
    await userEvent.setup().click(screen.getByRole('tab', { name: /^Handled/ }));
    expect(await screen.findByText('Showing the newest 1 of 30.')).toBeTruthy();
  });

  it('marks a message handled; a refusal is said on the message', async () => {
    const server = stubFetch({
      [`GET ${listPath}`]: inbox('open'),
      'POST /api/admin/contact-messages/msg-1/handled': apiError(409, 'CONFLICT', 'Already handled by Kim.'),
    });
    renderWithProviders(<ContactInboxPanel />);
    const open = await screen.findByRole('article', { name: 'Loans from Robin Visitor' });
    await userEvent.setup().click(within(open).getByRole('button', { name: 'Mark as handled' }));
    expect((await within(open).findByRole('alert')).textContent).toBe('Already handled by Kim.');
    expect(server.to('POST', '/api/admin/contact-messages/msg-1/handled')).toHaveLength(1);
  });

  it('a keyboard user who marks a message handled lands on the next one’s button, then on the empty list', async () => {
    const next = item({ id: 'msg-3', name: 'Lee Writer' });
    let open = [item(), next];
    const handle = (id: string) => () => {
      const done = open.find((message) => message.id === id);
      open = open.filter((message) => message.id !== id);
      return { ...done, handledAt: '2026-03-05T09:00:00.000Z', handledBy: 'staff@example.com' };
    };
    stubFetch({
      [`GET ${listPath}`]: () => ({ messages: open, counts: { open: open.length, handled: 2 - open.length } }),
      'POST /api/admin/contact-messages/msg-1/handled': handle('msg-1'),
      'POST /api/admin/contact-messages/msg-3/handled': handle('msg-3'),
    });
    renderWithProviders(<ContactInboxPanel />);
    const user = userEvent.setup();
    const first = await screen.findByRole('article', { name: 'Loans from Robin Visitor' });
    await pressEnter(user, within(first).getByRole('button', { name: 'Mark as handled' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Loans from Robin Visitor' })).toBeNull());
    // Its button went with it: the focus is on the same button of the message that took its place.
    const second = screen.getByRole('article', { name: 'Loans from Lee Writer' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(second).getByRole('button', { name: 'Mark as handled' })),
    );

    await pressEnter(user, within(second).getByRole('button', { name: 'Mark as handled' }));
    const empty = await screen.findByText('No open messages. You are all caught up.');
    await waitFor(() => expect(document.activeElement).toBe(empty));
  });

  it('a failed read: the reason and "Try again"', async () => {
    stubFetch({ [`GET ${listPath}`]: apiError(500, 'INTERNAL', 'Broken') });
    renderWithProviders(<ContactInboxPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.contact.inboxLoadFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
