import { type TerminalOverview, declineReasons } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DevTerminalPage } from '../../routes/dev/terminal';
import { apiError, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { purchaseAnswer, refundAnswer, settlementAnswer } from './answers';

const ALEX_DEBIT = '4000001234564242';

const overview = (recent: TerminalOverview['recent'] = []): TerminalOverview => ({
  cards: [
    {
      cardId: 'cccccccc-0000-4000-8000-000000000001',
      member: 'Alex Morgan',
      kind: 'debit',
      status: 'active',
      number: ALEX_DEBIT,
      expiry: '08/29',
    },
    {
      cardId: 'cccccccc-0000-4000-8000-000000000002',
      member: 'Taylor Brooks',
      kind: 'debit',
      status: 'locked',
      number: '4000001234561111',
      expiry: '01/30',
    },
  ],
  recent,
});

const pending = {
  id: 'terminal-1',
  cardLast4: '4242',
  merchant: 'Harbor Coffee',
  amount: '4.50',
  status: 'pending' as const,
  refunded: '0.00',
  refundable: '0.00',
  declineReason: null,
  authorizedAt: '2026-03-04T15:00:00.000Z',
};

/** A cleared purchase of 40.00, 15.00 of it refunded already. */
const cleared = {
  ...pending,
  id: 'terminal-2',
  merchant: 'Dockside Grill',
  amount: '40.00',
  status: 'posted' as const,
  refunded: '15.00',
  refundable: '25.00',
};

function renderTerminal(routes: StubRoutes = {}) {
  const server = stubFetch({ 'GET /api/dev/terminal': overview([pending]), ...routes });
  renderWithProviders(<DevTerminalPage />);
  return { server, user: userEvent.setup() };
}

describe('What the terminal makes of the processor interface’s answers', () => {
  it('shows an approval, a decline in the member’s words, and a refusal of the request itself', () => {
    const approved = purchaseAnswer(
      {
        status: 200,
        body: { id: 't-1', authorizationId: null, decision: 'approved', reason: null, message: 'Approved' },
      },
      '$4.50 at Harbor Coffee, card ••4242',
    );
    expect(approved).toMatchObject({ tone: 'approved', headline: 'Approved', processorId: 't-1' });

    const declined = purchaseAnswer(
      {
        status: 200,
        body: {
          id: 't-2',
          authorizationId: null,
          decision: 'declined',
          reason: 'card_locked',
          message: declineReasons.card_locked,
        },
      },
      '',
    );
    expect(declined).toMatchObject({ tone: 'declined', headline: 'Declined: card locked', processorId: 't-2' });

    const replayed = purchaseAnswer({ status: 409, body: { code: 'CONFLICT', message: 'Already received.' } }, '');
    expect(replayed).toMatchObject({ tone: 'refused', headline: 'Refused', detail: 'Already received.', status: 409 });

    expect(
      settlementAnswer({
        status: 200,
        body: { id: 'c-1', authorizationId: 't-1', status: 'posted', amount: '5.25' },
      }),
    ).toMatchObject({ tone: 'approved', headline: 'Cleared $5.25', processorId: 't-1' });
    expect(
      settlementAnswer({
        status: 200,
        body: { id: 'r-1', authorizationId: 't-1', status: 'reversed', amount: '4.50' },
      }),
    ).toMatchObject({ headline: 'Reversed' });
  });
});

describe('The card terminal page', () => {
  it('says what it is, fills in the picked card, charges it and shows the answer big', async () => {
    const { server, user } = renderTerminal({
      'POST /api/dev/terminal/purchase': (request) => {
        const body = request.body as { pin?: string };
        return {
          status: 200,
          body:
            body.pin === '2580'
              ? { id: 'terminal-a', authorizationId: null, decision: 'approved', reason: null, message: 'Approved' }
              : {
                  id: 'terminal-b',
                  authorizationId: null,
                  decision: 'declined',
                  reason: 'pin_incorrect',
                  message: declineReasons.pin_incorrect,
                },
        };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Card Terminal' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain(
      'Demo card terminal — it signs requests as a card processor would. Not part of a real portal.',
    );
    const link = screen.getByRole('link', { name: /Open the dashboard in another tab to watch it update live\./ });
    expect(link.getAttribute('href')).toBe('/dashboard');

    const picker = await screen.findByLabelText<HTMLSelectElement>('Card');
    expect(screen.getByText("Demo cards' PIN: 2580")).toBeTruthy();
    expect(within(picker).getByRole('option', { name: 'Taylor Brooks · Debit Card ••1111 · Locked' })).toBeTruthy();
    // Nothing picked: the schema's words, and nothing sent.
    await user.click(screen.getByRole('button', { name: 'Charge Card' }));
    expect(await screen.findByText('Pick a card, or type a card number of 13 to 19 digits')).toBeTruthy();
    expect(server.to('POST', '/api/dev/terminal/purchase')).toHaveLength(0);

    await user.selectOptions(picker, 'Alex Morgan · Debit Card ••4242 · Active');
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe(ALEX_DEBIT);
    expect(screen.getByLabelText<HTMLInputElement>('Expiry (MM/YY)').value).toBe('08/29');
    expect(screen.getByLabelText<HTMLInputElement>('Merchant').value).toBe('Harbor Coffee');
    expect(screen.getByLabelText<HTMLInputElement>('Country').value).toBe('US');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'In store' }).checked).toBe(true);

    const amount = screen.getByLabelText<HTMLInputElement>('Amount');
    await user.clear(amount);
    await user.type(amount, '6.75');
    await user.click(screen.getByRole('radio', { name: 'ATM' }));
    await user.type(screen.getByLabelText('PIN (optional)'), '2580');
    await user.selectOptions(screen.getByLabelText('Merchant category (optional)'), 'Grocery store (5411)');
    await user.click(screen.getByRole('button', { name: 'Charge Card' }));

    const answer = screen.getByTestId('terminal-answer');
    await waitFor(() => expect(answer.getAttribute('data-tone')).toBe('approved'));
    expect(within(answer).getByTestId('terminal-answer-headline').textContent).toBe('Approved');
    expect(within(answer).getByText('terminal-a')).toBeTruthy();
    expect(answer.textContent).toContain('$6.75 at Harbor Coffee, card ••4242');
    expect(server.to('POST', '/api/dev/terminal/purchase')[0]?.body).toEqual({
      cardNumber: ALEX_DEBIT,
      expiry: '08/29',
      amount: '6.75',
      merchant: 'Harbor Coffee',
      country: 'US',
      channel: 'atm',
      categoryCode: '5411',
      pin: '2580',
    });

    const pin = screen.getByLabelText('PIN (optional)');
    await user.clear(pin);
    await user.type(pin, '1111');
    await user.click(screen.getByRole('button', { name: 'Charge Card' }));
    await waitFor(() => expect(answer.getAttribute('data-tone')).toBe('declined'));
    expect(within(answer).getByTestId('terminal-answer-headline').textContent).toBe('Declined: incorrect PIN');
    // The list is read again after each charge.
    expect(server.to('GET', '/api/dev/terminal').length).toBeGreaterThanOrEqual(3);
  });

  it('says under each field, in a sentence, what it needs', async () => {
    const { server, user } = renderTerminal();
    const errorUnder = (label: string) => {
      const field = screen.getByLabelText(label);
      return document.getElementById(`${field.id}-error`)?.textContent;
    };
    await screen.findByLabelText('Card');
    await user.type(screen.getByLabelText('Card number'), '4000');
    await user.clear(screen.getByLabelText('Amount'));
    await user.clear(screen.getByLabelText('Country'));
    await user.type(screen.getByLabelText('PIN (optional)'), '12');
    await user.click(screen.getByRole('button', { name: 'Charge Card' }));

    await waitFor(() =>
      expect(errorUnder('Card number')).toBe('Pick a card, or type a card number of 13 to 19 digits'),
    );
    expect(errorUnder('Expiry (MM/YY)')).toBe('Enter the expiry date as MM/YY');
    expect(errorUnder('Amount')).toBe('Enter a positive amount in dollars, e.g. 4.50');
    expect(errorUnder('Country')).toBe('Enter the country as two letters, e.g. US');
    expect(errorUnder('PIN (optional)')).toBe('The PIN is 4 digits');
    expect(server.to('POST', '/api/dev/terminal/purchase')).toHaveLength(0);
  });

  it('clears the last answer as the next attempt starts, also one the form stops', async () => {
    const { user } = renderTerminal({
      'POST /api/dev/terminal/purchase': {
        status: 200,
        body: {
          id: 'terminal-c',
          authorizationId: null,
          decision: 'declined',
          reason: 'card_unknown',
          message: declineReasons.card_unknown,
        },
      },
    });
    await user.type(await screen.findByLabelText('Card number'), '4000001234560002');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '0829');
    await user.click(screen.getByRole('button', { name: 'Charge Card' }));
    const answer = screen.getByTestId('terminal-answer');
    await waitFor(() => expect(answer.getAttribute('data-tone')).toBe('declined'));

    const amount = screen.getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Charge Card' }));
    expect(await screen.findByText('Enter a positive amount in dollars, e.g. 4.50')).toBeTruthy();
    expect(answer.getAttribute('data-tone')).toBeNull();
    expect(answer.textContent).not.toContain('terminal-c');
  });

  it('clears a pending authorization for another amount (a tip) and reverses one', async () => {
    const { server, user } = renderTerminal({
      'POST /api/dev/terminal/settle': (request) => {
        const body = request.body as { action: string; amount?: string };
        return {
          status: 200,
          body:
            body.action === 'clear'
              ? { id: 'c-1', authorizationId: 'terminal-1', status: 'posted', amount: body.amount ?? '4.50' }
              : { id: 'r-1', authorizationId: 'terminal-1', status: 'reversed', amount: '4.50' },
        };
      },
    });
    const row = await screen.findByTestId('terminal-transaction');
    expect(row.textContent).toContain('Pending');
    const tip = within(row).getByLabelText<HTMLInputElement>(/^Amount to clear/);
    await user.type(tip, 'abc');
    expect(tip.value).toBe('');
    await user.type(tip, '5.25');
    await user.click(within(row).getByRole('button', { name: 'Clear' }));
    const answer = screen.getByTestId('terminal-answer');
    await waitFor(() =>
      expect(within(answer).getByTestId('terminal-answer-headline').textContent).toBe('Cleared $5.25'),
    );
    expect(server.to('POST', '/api/dev/terminal/settle')[0]?.body).toEqual({
      authorizationId: 'terminal-1',
      action: 'clear',
      amount: '5.25',
    });

    await user.click(within(row).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(within(answer).getByTestId('terminal-answer-headline').textContent).toBe('Reversed'));
    expect(server.to('POST', '/api/dev/terminal/settle')[1]?.body).toEqual({
      authorizationId: 'terminal-1',
      action: 'reverse',
    });
  });

  it('refunds a cleared purchase: part of it, then all that is left; a refusal says why', async () => {
    let refundedSoFar = 15_00;
    const { server, user } = renderTerminal({
      'GET /api/dev/terminal': () =>
        overview([
          {
            ...cleared,
            refunded: (refundedSoFar / 100).toFixed(2),
            refundable: ((40_00 - refundedSoFar) / 100).toFixed(2),
          },
          // Cash is not refunded: no Refund for a cleared ATM withdrawal.
          { ...cleared, id: 'terminal-3', merchant: 'Harbor ATM', refunded: '0.00', refundable: '0.00' },
        ]),
      'POST /api/dev/terminal/settle': (request) => {
        const body = request.body as { action: string; amount?: string };
        const amount = body.amount ? Math.round(Number(body.amount) * 100) : 40_00 - refundedSoFar;
        // The processor interface's answer, relayed with its status.
        if (refundedSoFar + amount > 40_00)
          return { status: 409, body: { code: 'CONFLICT', message: 'More than it cleared for.' } };
        refundedSoFar += amount;
        return {
          status: 200,
          body: {
            id: 'refund-1',
            authorizationId: 'terminal-2',
            status: 'refunded',
            amount: (amount / 100).toFixed(2),
            refunded: (refundedSoFar / 100).toFixed(2),
            refundable: ((40_00 - refundedSoFar) / 100).toFixed(2),
            pointsTakenBack: 0,
          },
        };
      },
    });
    const [row, atm] = await screen.findAllByTestId('terminal-transaction');
    if (!row || !atm) throw new Error('two transactions listed');
    expect(row.getAttribute('data-status')).toBe('posted');
    expect(within(row).getByTestId('terminal-refunded').textContent).toBe('Refunded $15.00');
    expect(within(atm).queryByRole('button', { name: 'Refund' })).toBeNull();
    // No Clear or Reverse for a cleared purchase: Refund, by default all that is left.
    expect(within(row).queryByRole('button', { name: 'Clear' })).toBeNull();
    const amount = within(row).getByLabelText<HTMLInputElement>(/^Amount to refund/);
    expect(amount.placeholder).toBe('25.00');

    await user.type(amount, '0');
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    expect(
      await within(row).findByText('Enter an amount such as 2.00, or leave it empty to refund all that is left.'),
    ).toBeTruthy();
    expect(server.to('POST', '/api/dev/terminal/settle')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '5.00');
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    const answer = screen.getByTestId('terminal-answer');
    await waitFor(() =>
      expect(within(answer).getByTestId('terminal-answer-headline').textContent).toBe('Refunded $5.00'),
    );
    expect(answer.textContent).toContain('$20.00 refunded in all; $20.00 left to refund.');
    expect(server.to('POST', '/api/dev/terminal/settle')[0]?.body).toEqual({
      authorizationId: 'terminal-2',
      action: 'refund',
      amount: '5.00',
    });
    // The list is read again: the new total, and what is left as the default.
    await waitFor(() => expect(within(row).getByTestId('terminal-refunded').textContent).toBe('Refunded $20.00'));

    // The field is emptied after a refund: by default, all that is left.
    expect(amount.value).toBe('');
    await waitFor(() => expect(amount.placeholder).toBe('20.00'));
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(within(answer).getByTestId('terminal-answer-headline').textContent).toBe('Refunded $20.00'),
    );
    expect(server.to('POST', '/api/dev/terminal/settle')[1]?.body).toEqual({
      authorizationId: 'terminal-2',
      action: 'refund',
    });
    // All of it refunded: nothing left to refund, no button.
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Refund' })).toBeNull());

    expect(
      refundAnswer({ status: 409, body: { code: 'CONFLICT', message: 'More than it cleared for.' } }),
    ).toMatchObject({ tone: 'refused', headline: 'Refused', detail: 'More than it cleared for.', status: 409 });
  });

  it('shows a refusal of the processor interface, and says when there is no terminal', async () => {
    const { user } = renderTerminal({
      'POST /api/dev/terminal/settle': {
        status: 409,
        body: { code: 'CONFLICT', message: 'Authorization terminal-1 was already cleared.' },
      },
    });
    const row = await screen.findByTestId('terminal-transaction');
    await user.click(within(row).getByRole('button', { name: 'Clear' }));
    const answer = screen.getByTestId('terminal-answer');
    await waitFor(() => expect(answer.getAttribute('data-tone')).toBe('refused'));
    expect(answer.textContent).toContain('Authorization terminal-1 was already cleared.');
  });

  it('says the terminal is not available when the server has none', async () => {
    stubFetch({ 'GET /api/dev/terminal': apiError(404, 'NOT_FOUND', 'Not found') });
    renderWithProviders(<DevTerminalPage />);
    expect(await screen.findByText('The card terminal is not available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Charge Card' })).toBeNull();
  });
});
