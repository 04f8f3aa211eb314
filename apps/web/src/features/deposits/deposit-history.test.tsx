import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { siteFacts } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MobileDepositPanel } from '../quick-actions/mobile-deposit-panel';
import { depositId, depositOverview, depositView } from './deposits.fixtures';

const OVERVIEW = 'GET /api/deposits';

const pending = depositView();
const accepted = depositView({
  id: depositId(2),
  amount: '500.00',
  checkNumber: null,
  status: 'accepted',
  submittedAt: '2026-11-27T16:30:00.000Z',
  reviewedAt: '2026-11-27T20:00:00.000Z',
  availableOn: '2026-12-02',
  availability: [
    { amount: '275.00', availableOn: '2026-12-01', released: true },
    { amount: '225.00', availableOn: '2026-12-02', released: false },
  ],
});
const acceptedWhole = depositView({
  id: depositId(3),
  amount: '120.00',
  status: 'accepted',
  availableOn: '2026-11-30',
  availability: [{ amount: '120.00', availableOn: '2026-11-30', released: true }],
});
const rejected = depositView({
  id: depositId(4),
  status: 'rejected',
  rejectReason: 'The photo of the check is not clear enough to read',
});
const returned = depositView({
  id: depositId(5),
  toAccount: 'Savings',
  accountNumberLast4: '5678',
  amount: '300.00',
  status: 'returned',
  returnedAt: '2026-12-04T15:00:00.000Z',
  returnReason: 'Insufficient funds in the check writer’s account',
  amountOwed: '120.00',
});

function renderHistory(overview = depositOverview()) {
  const server = stubFetch({ [OVERVIEW]: overview });
  renderWithProviders(<MobileDepositPanel />);
  return server;
}

async function items() {
  const list = await screen.findByRole('list', { name: 'Your deposits' });
  return within(list).getAllByTestId('deposit-item');
}

describe('Mobile Deposit: Your deposits', () => {
  it('says so when the member has not deposited a check yet', async () => {
    renderHistory();
    const history = await screen.findByRole('region', { name: 'Your deposits' });
    expect(history.textContent).toContain('You have not deposited a check yet.');
    expect(within(history).queryByRole('list')).toBeNull();
  });

  it('shows each deposit’s day, account, amount and check number, and each status in words', async () => {
    renderHistory(depositOverview({ deposits: [pending, accepted, acceptedWhole, rejected, returned], total: 5 }));
    const [first, second, third, fourth, fifth] = await items();

    // Submitted 16:30 UTC is 10:30 in Chicago, the credit union's clock.
    expect(first?.textContent).toContain('Checking ••1234');
    expect(first?.textContent).toContain('Submitted Nov 27, 2026 · Check #1042');
    expect(first?.textContent).toContain('$500.00');
    expect(first?.textContent).toContain('Pending Review');

    expect(second?.textContent).toContain('Accepted — funds available on Wednesday, December 2, 2026');
    expect(second?.textContent).not.toContain('Check #');
    const parts = within(second as HTMLElement).getByRole('list', { name: 'When the money is available' });
    expect(
      within(parts)
        .getAllByRole('listitem')
        .map((part) => part.textContent),
    ).toEqual(['$275.00 on Tuesday, December 1, 2026 (available)', '$225.00 on Wednesday, December 2, 2026 (on hold)']);

    expect(third?.textContent).toContain('Accepted — funds available on Monday, November 30, 2026');
    expect(within(third as HTMLElement).queryByRole('list')).toBeNull();

    expect(fourth?.textContent).toContain('Rejected');
    expect(fourth?.textContent).toContain('The photo of the check is not clear enough to read');

    expect(fifth?.textContent).toContain('Savings ••5678');
    expect(fifth?.textContent).toContain('Returned on Dec 4, 2026');
    expect(fifth?.textContent).toContain('Insufficient funds in the check writer’s account');
    const owed = within(fifth as HTMLElement).getByTestId('deposit-amount-owed');
    expect(owed.textContent).toContain('Amount still owed: $120.00. Please contact us.');
    expect(within(owed).getByRole('link', { name: siteFacts.support.email }).getAttribute('href')).toBe(
      `mailto:${siteFacts.support.email}`,
    );
  });

  it('a returned deposit that owes nothing says only why it came back', async () => {
    renderHistory(depositOverview({ deposits: [{ ...returned, amountOwed: null }], total: 1 }));
    const [item] = await items();
    expect(item?.textContent).toContain('Insufficient funds in the check writer’s account');
    expect(item?.textContent).not.toContain('Amount still owed');
  });

  it('an accepted deposit whose money staff took back says so and why, with no money on its way', async () => {
    const reversed = {
      ...accepted,
      availability: [],
      reversedAt: '2026-12-03T15:00:00.000Z',
      reversalReason: 'Deposited twice',
    };
    renderHistory(depositOverview({ deposits: [reversed], total: 1 }));
    const [item] = await items();
    const words = within(item as HTMLElement).getByTestId('deposit-reversed').textContent;
    expect(words).toBe('Reversed — its money was taken back by staff on Dec 3, 2026Deposited twice');
    expect(item?.textContent).not.toContain('funds available');
  });

  it('a returned deposit whose money staff reversed with it says nothing is owed', async () => {
    const reversed = {
      ...returned,
      amountOwed: null,
      reversedAt: '2026-12-03T15:00:00.000Z',
      reversalReason: 'Clean-up',
    };
    renderHistory(depositOverview({ deposits: [reversed], total: 1 }));
    const [item] = await items();
    expect(item?.textContent).toContain('Returned');
    expect(within(item as HTMLElement).getByTestId('deposit-reversed').textContent).toBe(
      'Nothing is owed: staff reversed this deposit on Dec 3, 2026 (Clean-up).',
    );
    expect(item?.textContent).not.toContain('Amount still owed');
  });

  it('opens each photo of the check in a new tab, with names that tell the deposits apart', async () => {
    renderHistory(depositOverview({ deposits: [pending], total: 1 }));
    const [item] = await items();
    const front = within(item as HTMLElement).getByRole('link', {
      name: 'View front of the $500.00 check of Nov 27, 2026 (opens in a new tab)',
    });
    const back = within(item as HTMLElement).getByRole('link', {
      name: 'View back of the $500.00 check of Nov 27, 2026 (opens in a new tab)',
    });
    expect(front.getAttribute('href')).toBe(pending.frontImageUrl);
    expect(back.getAttribute('href')).toBe(pending.backImageUrl);
    expect(front.getAttribute('target')).toBe('_blank');
    expect(back.getAttribute('target')).toBe('_blank');
  });

  it('pages when there are more deposits than a page holds', async () => {
    const server = stubFetch({
      [OVERVIEW]: (request) =>
        request.query.get('page') === '2'
          ? depositOverview({ deposits: [returned], total: 11, page: 2 })
          : depositOverview({ deposits: [pending], total: 11, page: 1 }),
    });
    renderWithProviders(<MobileDepositPanel />);
    const pages = await screen.findByRole('navigation', { name: 'Your deposits pages' });
    expect(pages.textContent).toContain('Showing 1–1 of 11');
    await userEvent.click(within(pages).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Insufficient funds in the check writer’s account')).toBeTruthy();
    expect(server.to('GET', '/api/deposits').map((request) => request.query.get('page'))).toEqual(['1', '2']);
  });

  it('shows no pager when one page holds them all', async () => {
    renderHistory(depositOverview({ deposits: [pending], total: 1 }));
    await items();
    expect(screen.queryByRole('navigation', { name: 'Your deposits pages' })).toBeNull();
  });
});
