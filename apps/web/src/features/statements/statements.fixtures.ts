import type { StaffStatement, Statement, StatementsOverview } from '@mutual/shared';
import { fixtureFactory } from '../../test/fixtures';

export const checkingId = '11111111-1111-4111-8111-111111111111';
export const savingsId = '22222222-2222-4222-8222-222222222222';

/** One issued statement (statementSchema). */
export const statement = fixtureFactory<Statement>({
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  accountId: checkingId,
  accountType: 'Checking',
  accountNumberLast4: '1234',
  period: '2026-10',
  label: 'October 2026',
  issuedAt: '2026-11-01T11:00:00.000Z',
  pages: 2,
  sizeBytes: 49_152,
  sha256: 'a'.repeat(64),
});

/** `GET /api/me/statements`: two accounts, two closed months, the October statements issued. */
export const statementsOverview = fixtureFactory<StatementsOverview>({
  accounts: [
    { id: checkingId, type: 'Checking', numberLast4: '1234' },
    { id: savingsId, type: 'Savings', numberLast4: '5678' },
  ],
  periods: [
    { period: '2026-10', label: 'October 2026' },
    { period: '2026-09', label: 'September 2026' },
  ],
  statements: [
    statement(),
    statement({
      id: 'aaaaaaaa-0000-4000-8000-000000000002',
      accountId: savingsId,
      accountType: 'Savings',
      accountNumberLast4: '5678',
      sizeBytes: 3_482,
    }),
  ],
  earliestLabel: 'March 2024',
  olderOffline: true,
});

/** One of a member's statements as staff see them. */
export const staffStatement = fixtureFactory<StaffStatement>({ ...statement(), notifiedAt: null });
