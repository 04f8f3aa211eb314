import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteFacts } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DemoBanner } from './demo-banner';

describe('DemoBanner', () => {
  it('is not there for a real credit union with a private mailbox', () => {
    renderWithProviders(<DemoBanner />);
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });

  it('says the credit union is made up in demo mode, and nothing about the mailbox while it is private', () => {
    renderWithProviders(<DemoBanner />, { site: { ...siteFacts, demo: true } });
    expect(screen.getByTestId('demo-banner').textContent).toMatch(/not a real credit union/);
    expect(screen.queryByTestId('public-mailbox-notice')).toBeNull();
  });

  it('says every sign-in code is public when the mailbox is open to anyone (DEV_MAILBOX=public)', () => {
    renderWithProviders(<DemoBanner />, { site: { ...siteFacts, devMailboxPublic: true } });
    const notice = screen.getByTestId('public-mailbox-notice');
    expect(notice.textContent).toMatch(/every sign-in code and e-mail this site sends can be read by anyone/);
    expect(screen.getByRole('link', { name: '/dev/mailbox' }).getAttribute('href')).toBe('/dev/mailbox');
    expect(screen.getByRole('region', { name: 'Demonstration notice' }).contains(notice)).toBe(true);
  });
});
