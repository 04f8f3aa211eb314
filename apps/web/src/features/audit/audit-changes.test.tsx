import type { AuditEntry } from '@mutual/shared';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
