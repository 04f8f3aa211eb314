import type { DepositView, StaffDeposit, StaffDepositDetail, StaffDepositPage } from '@mutual/shared';
import { urlOf } from '@mutual/shared/contract/endpoint';
import { filesApi } from '@mutual/shared/contract/files';
import { fixtureFactory } from '../../test/fixtures';

/** Test fixtures for Deposit Review, shaped like the staff API's answers. */

export const depositId = (n: number) => `5d1e8c2a-7b3f-4c6d-9e0a-${String(n).padStart(12, '0')}`;
/** A check image's address, as the API gives it (`GET /api/files/:id`). */
const imageUrl = (n: number) =>
  urlOf(filesApi.file, { params: { id: `9f3a6b2c-1d4e-4f5a-8b6c-${String(n).padStart(12, '0')}` } });

/** One deposit as the member's history lists it. */
export const depositView = fixtureFactory<DepositView>({
  id: depositId(90),
  toAccount: 'Checking',
  accountNumberLast4: '4821',
  amount: '120.00',
  checkNumber: null,
  status: 'accepted',
  submittedAt: '2026-02-10T16:00:00.000Z',
  reviewedAt: '2026-02-10T18:00:00.000Z',
  availableOn: '2026-02-12',
  availability: [{ amount: '120.00', availableOn: '2026-02-11', released: true }],
  rejectReason: null,
  returnedAt: null,
  returnReason: null,
  amountOwed: null,
  reversedAt: null,
  reversalReason: null,
  frontImageUrl: imageUrl(901),
  backImageUrl: imageUrl(902),
});

/** A deposit waiting for review, as the queue and the detail give it. */
export const staffDeposit = fixtureFactory<StaffDeposit>({
  ...depositView(),
  id: depositId(1),
  amount: '1250.00',
  checkNumber: '1042',
  status: 'pending_review',
  submittedAt: '2026-03-04T15:30:00.000Z',
  reviewedAt: null,
  availableOn: null,
  availability: [],
  frontImageUrl: imageUrl(11),
  backImageUrl: imageUrl(12),
  member: {
    id: '2a9b7c1d-3e4f-4a5b-8c6d-000000000007',
    name: 'Alex Member',
    email: 'alex@example.com',
    memberSince: '2025-06-01',
  },
  flags: [],
  reviewedBy: null,
  returnedBy: null,
  reversedBy: null,
});

/** A deposit staff accepted (Mar 4, 2026), its money released in two parts: the first released, the second on hold. */
export const acceptedDeposit = fixtureFactory<StaffDeposit>({
  ...staffDeposit(),
  status: 'accepted',
  reviewedAt: '2026-03-04T16:00:00.000Z',
  reviewedBy: 'ops@example.com',
  availableOn: '2026-03-06',
  availability: [
    { amount: '275.00', availableOn: '2026-03-05', released: true },
    { amount: '975.00', availableOn: '2026-03-06', released: false },
  ],
});

export function depositPage(deposits: StaffDeposit[], overrides: Partial<StaffDepositPage> = {}): StaffDepositPage {
  return {
    deposits,
    counts: { pending_review: deposits.length, accepted: 0, rejected: 0, returned: 0 },
    total: deposits.length,
    page: 1,
    pageSize: 10,
    ...overrides,
  };
}

export function depositDetail(
  deposit: StaffDeposit = staffDeposit(),
  overrides: Partial<StaffDepositDetail> = {},
): StaffDepositDetail {
  return {
    deposit,
    history: [depositView()],
    usual: { count: 1, average: '120.00' },
    ...overrides,
  };
}
