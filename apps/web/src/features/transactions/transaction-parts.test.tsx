import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transaction } from '../../test/fixtures';
import { SignedAmount, TransactionStatus, accountLabel, formatTransactionDate } from './transaction-parts';

describe('one transaction as a member reads it', () => {
  it('shows a calendar date as that very day, in every time zone', () => {
    expect(formatTransactionDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatTransactionDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('shows a debit sent as "-5.00" with one minus sign, never two', () => {
    render(<SignedAmount transaction={transaction({ type: 'debit', amount: '-5.00' })} />);
    expect(screen.getByText('$5.00').parentElement?.textContent).toBe('Debit −$5.00');
  });

  it('shows a large credit with separators and cents: "+$12,345.60"', () => {
    render(<SignedAmount transaction={transaction({ type: 'credit', amount: '12345.6' })} />);
    expect(screen.getByText('$12,345.60').parentElement?.textContent).toBe('Credit +$12,345.60');
  });

  it('gives the reason next to a Failed payment, and the account by its last four digits', () => {
    const returned = transaction({ status: 'Failed', statusReason: 'Account closed (R02)' });
    render(<TransactionStatus transaction={returned} />);
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Account closed (R02)')).toBeTruthy();
    expect(accountLabel(returned)).toBe('Checking ••1234');
  });

  it('shows a bill payment the member cancelled as Cancelled, with who cancelled it — never Failed', () => {
    const cancelled = transaction({ category: 'Bill Pay', status: 'Cancelled', statusReason: 'Cancelled by you' });
    render(<TransactionStatus transaction={cancelled} />);
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByText('Cancelled by you')).toBeTruthy();
    expect(screen.queryByText('Failed')).toBeNull();
  });
});
