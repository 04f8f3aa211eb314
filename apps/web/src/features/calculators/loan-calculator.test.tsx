import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { LoanCalculator } from './loan-calculator';

function renderCalculator() {
  stubFetch();
  const user = userEvent.setup();
  renderWithProviders(<LoanCalculator />);
  const amount = screen.getByLabelText<HTMLInputElement>('Loan amount');
  const rate = screen.getByLabelText<HTMLInputElement>('Interest rate (APR)');
  const term = screen.getByLabelText<HTMLInputElement>('Loan term');
  const calculate = async (values: { amount?: string; rate?: string; term?: string; unit?: string }) => {
    for (const [input, text] of [
      [amount, values.amount],
      [rate, values.rate],
      [term, values.term],
    ] as const) {
      if (text === undefined) continue;
      await user.clear(input);
      if (text) await user.type(input, text);
    }
    if (values.unit) await user.selectOptions(screen.getByLabelText('Term unit'), values.unit);
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
  };
  const estimate = () => screen.getByRole('region', { name: 'Your estimate' });
  return { user, amount, rate, term, calculate, estimate };
}

describe('loan calculator', () => {
  it('asks for each figure that is missing', async () => {
    const { calculate } = renderCalculator();
    await calculate({ amount: '', rate: '', term: '' });
    expect(await screen.findByText('Please enter a loan amount')).toBeTruthy();
    expect(screen.getByText('Please enter an interest rate')).toBeTruthy();
    expect(screen.getByText('Please enter a loan term')).toBeTruthy();
  });

  it.each([
    [
      'a non-number amount',
      { amount: 'ten grand' },
      'Enter a positive amount in dollars, for example 25000 or 25000.00',
    ],
    ['a negative amount', { amount: '-2500' }, 'Enter a positive amount in dollars, for example 25000 or 25000.00'],
    ['an amount with fractions of a cent', { amount: '25000.555' }, 'Use at most two decimals for cents'],
    ['an amount out of range', { amount: '0.50' }, 'The loan amount must be between $1.00 and $100,000,000.00'],
    ['a rate above 100%', { rate: '100.01' }, 'The rate must be between 0% and 100%'],
    ['a term that is not a whole number', { term: '2.5' }, 'Enter the term as a whole number'],
    ['a term of zero', { term: '0' }, 'The term must be at least 1'],
    ['a term above 50 years', { term: '51', unit: 'Years' }, 'The term must be between 1 and 50 years'],
    ['a term above 600 months', { term: '601', unit: 'Months' }, 'The term must be between 1 and 600 months'],
  ])('explains what is wrong with %s', async (_case, values, message) => {
    const { calculate } = renderCalculator();
    await calculate(values);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it(
    'reads "$25,000" as typed and shows the payment to the cent, ' + 'with the last one settling the rounding',
    async () => {
      const { calculate, estimate } = renderCalculator();
      await calculate({ amount: '$25,000', rate: '0', term: '12', unit: 'Months' });
      const result = estimate();
      expect(within(result).getByText('$25,000.00 at 0.00% APR over 1 year')).toBeTruthy();
      expect(within(result).getByTestId('monthly-payment').textContent).toBe('$2,083.33');
      expect(within(result).getByTestId('total-interest').textContent).toBe('$0.00');
      expect(within(result).getByTestId('total-paid').textContent).toBe('$25,000.00');
      expect(
        within(result).getByText(/12 payments; the last one is \$2,083\.37, because payments are rounded to the cent/),
      ).toBeTruthy();
    },
  );

  it('takes the last estimate away while the figures do not make a loan', async () => {
    const { calculate, estimate } = renderCalculator();
    expect(within(estimate()).getByTestId('monthly-payment')).toBeTruthy();
    await calculate({ amount: '-2500', term: '0' });
    expect(await screen.findByText('The term must be at least 1')).toBeTruthy();
    expect(within(estimate()).queryByTestId('monthly-payment')).toBeNull();
    expect(estimate().textContent).not.toMatch(/APR over/);
    expect(within(estimate()).getByText('Enter a loan amount, a rate and a term, then select Calculate.')).toBeTruthy();
  });

  it('starts from one of the credit union’s own rates with a preset', async () => {
    const { user, amount, rate, term, estimate } = renderCalculator();
    await user.click(screen.getByRole('button', { name: 'Mortgage · 6.25%' }));
    expect([amount.value, rate.value, term.value]).toEqual(['300000', '6.25', '30']);
    expect(within(estimate()).getByText('$300,000.00 at 6.25% APR over 30 years')).toBeTruthy();
    expect(within(estimate()).getByTestId('monthly-payment').textContent).toBe('$1,847.15');
  });
});
