import type { AuditEntry } from '@mutual/shared';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldLabel } from './audit-changes';
import { AuditChanges } from './audit-parts';

const entry = (patch: Pick<AuditEntry, 'before' | 'after'> & Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-11-29T05:08:00.000Z',
  action: 'admin.transaction.reversed',
  label: 'Transaction reversed',
  actorUserId: null,
  actorEmail: 'staff@mutual-demo.example',
  target: null,
  ipAddress: null,
  userAgent: null,
  reason: null,
  ...patch,
});

/** The cell as staff see it, one line per field (the words only a screen reader hears left out). */
function shownLines(value: AuditEntry): string[] {
  const { container } = render(<AuditChanges entry={value} />);
  for (const hidden of container.querySelectorAll('.sr-only')) hidden.remove();
  return [...container.querySelectorAll('p, dl > div')].map((line) =>
    line.textContent
      .replace(/\s*→\s*/g, ' → ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

describe('AuditChanges', () => {
  it('shows the fields only the "before" record has as the record\'s values, not as erased', () => {
    const lines = shownLines(
      entry({
        reason: 'Posted twice',
        before: {
          transferId: '6f1c1a8e-3b7d-4c55-9d2e-0a4b5c6d7e8f',
          amount: '200.00',
          type: 'credit',
          description: 'Walk payroll',
          status: 'Completed',
        },
        after: { status: 'Reversed', reason: 'Posted twice' },
      }),
    );
    expect(lines).toContain('Amount: $200.00 · Type: credit · Description: Walk payroll');
    expect(lines.join('\n')).not.toContain('→ —');
    expect(lines).toContain('Status: Completed → Reversed');
  });

  it('shows the fields only the "after" record has as values, with every amount as money', () => {
    const lines = shownLines(
      entry({
        action: 'deposit.returned',
        label: 'Deposit returned',
        reason: 'Insufficient funds',
        before: { depositId: 'd-1', status: 'accepted' },
        after: {
          depositId: 'd-1',
          status: 'returned',
          amount: '240.00',
          reason: 'Insufficient funds',
          takenBack: '240.00',
          owed: '0.00',
        },
      }),
    );
    expect(lines).toEqual(expect.arrayContaining(['Amount: $240.00', 'Taken back: $240.00', 'Owed: $0.00']));
    expect(lines.join('\n')).not.toContain('—');
  });

  it('still shows a field set to nothing as "—", and a deleted record as removed', () => {
    expect(shownLines(entry({ before: { nickname: 'Rainy day' }, after: { nickname: null } }))).toContain(
      'Nickname: Rainy day → —',
    );
    expect(shownLines(entry({ before: { name: 'City Power', amount: '42.15' }, after: null }))).toEqual(
      expect.arrayContaining(['Name: City Power (removed)', 'Amount: $42.15 (removed)']),
    );
  });

  it('labels a field in words, splitting camel case at words and acronyms', () => {
    expect(fieldLabel('failedInARow')).toBe('Failed in a row');
    expect(fieldLabel('liftReason')).toBe('Lift reason');
    expect(fieldLabel('otherSessionsEnded')).toBe('Other sessions ended');
    expect(fieldLabel('dailyATM')).toBe('Daily ATM');
    expect(fieldLabel('accountIBANNumber')).toBe('Account IBAN number');
    expect(fieldLabel('last4')).toBe('Last 4');
    expect(fieldLabel('verification_status')).toBe('Verification status');
    expect(fieldLabel('balances.Checking')).toBe('Balances · Checking');
    expect(
      shownLines(
        entry({ action: 'auth.sign_in_failed', label: 'Sign-in failed', before: null, after: { failedInARow: 3 } }),
      ),
    ).toEqual(['Failed in a row: 3']);
  });

  const PAYEE = 'da29c1f0-6b1e-4f3a-9c55-1d2e3f4a5b6c';
  const RECIPIENT = '05d7e8a1-2b3c-4d5e-8f90-a1b2c3d4e5f6';
  const TRANSFER = '6f1c1a8e-3b7d-4c55-9d2e-0a4b5c6d7e8f';

  it('shows an id by the name the API resolved, labelled by what it names, never the bare id', () => {
    const payeeAdded = shownLines(
      entry({
        action: 'bill_pay.payee_added',
        before: null,
        after: { payeeId: PAYEE, billerId: 'demo-electric', nickname: 'House power', accountNumber: '••••0001' },
        names: { [PAYEE]: 'House power (Riverside Electric Co.)', 'demo-electric': 'Riverside Electric Co.' },
      }),
    );
    expect(payeeAdded).toEqual(
      expect.arrayContaining(['Payee: House power (Riverside Electric Co.)', 'Biller: Riverside Electric Co.']),
    );
    const sent = shownLines(
      entry({
        action: 'transfer.member',
        before: null,
        after: { transferId: TRANSFER, amount: '5.00', from: 'Checking', recipientUserId: RECIPIENT },
        names: { [RECIPIENT]: 'Rory Recipient (rory@example.com)' },
      }),
    );
    expect(sent).toEqual(
      expect.arrayContaining(['Recipient: Rory Recipient (rory@example.com)', 'Transfer: #6f1c1a8e', 'Amount: $5.00']),
    );
    for (const text of [...payeeAdded, ...sent]) {
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
      expect(text).not.toMatch(/\b(id|user id):/i);
    }
  });

  it('says an id whose record is gone was removed, with a short reference; a named one is context', () => {
    const removed = shownLines(
      entry({
        action: 'bill_pay.cancelled',
        before: { paymentId: TRANSFER, status: 'scheduled', payeeId: PAYEE },
        after: { status: 'cancelled' },
        names: { [TRANSFER]: '$42.15 to House power on 2026-03-14', [PAYEE]: null },
      }),
    );
    expect(removed).toContain('Payment: $42.15 to House power on 2026-03-14');
    expect(removed).toContain('Status: scheduled → cancelled');
    expect(removed.join('\n')).not.toContain(PAYEE);
    const gone = shownLines(entry({ before: null, after: { payeeId: PAYEE }, names: { [PAYEE]: null } }));
    expect(gone).toEqual(['Payee: (removed) #da29c1f0']);
  });
});
