import type { DepositOverview, DepositResult, DepositView } from '@mutual/shared';
import { messages } from '@mutual/shared';
import { urlOf } from '@mutual/shared/contract/endpoint';
import { filesApi } from '@mutual/shared/contract/files';
import { fixtureFactory } from '../../test/fixtures';

/** Test data shaped like the Mobile Deposit API's answers (`packages/shared/src/deposits.ts`). */

export const depositId = (n: number) => `dddddddd-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A check photo's address, as the API gives it (`GET /api/files/:id`). */
const imageUrl = (n: number) =>
  urlOf(filesApi.file, { params: { id: `ffffffff-0000-4000-8000-${String(n).padStart(12, '0')}` } });

/** One of my deposits, waiting for review. */
export const depositView = fixtureFactory<DepositView>({
  id: depositId(1),
  toAccount: 'Checking',
  accountNumberLast4: '1234',
  amount: '500.00',
  checkNumber: '1042',
  status: 'pending_review',
  submittedAt: '2026-11-27T16:30:00.000Z',
  reviewedAt: null,
  availableOn: null,
  availability: [],
  rejectReason: null,
  returnedAt: null,
  returnReason: null,
  amountOwed: null,
  reversedAt: null,
  reversalReason: null,
  frontImageUrl: imageUrl(1),
  backImageUrl: imageUrl(2),
});

/** `GET /api/deposits`: two accounts, the standard limits with some used today, no deposits yet. */
export const depositOverview = fixtureFactory<DepositOverview>({
  accounts: [
    { type: 'Checking', accountNumberLast4: '1234' },
    { type: 'Savings', accountNumberLast4: '5678' },
  ],
  endorsement: messages.deposits.endorsement('Test Mutual Credit Union'),
  limits: {
    perCheck: '10000.00',
    daily: { amount: '5000.00', count: 5, amountLeft: '4500.00', countLeft: 4 },
    thirtyDays: { amount: '20000.00', count: 20, amountLeft: '19500.00', countLeft: 19 },
    newMember: false,
    newMemberUntil: null,
  },
  imageMaxBytes: 10 * 1024 * 1024,
  policy: 'The first $275.00 of a deposit is available the next business day and the rest on the second business day.',
  deposits: [],
  total: 0,
  page: 1,
  pageSize: 10,
});

/** The 201 answer of `POST /api/deposits`. */
export const depositResult = fixtureFactory<DepositResult>({
  message: messages.deposits.submitted,
  deposit: depositView(),
});

/** A photo as the camera gives it. */
export const photo = (name = 'front.jpg', { type = 'image/jpeg', size = 2048 } = {}) =>
  new File([new Uint8Array(size)], name, { type });
