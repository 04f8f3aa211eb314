import type { BillPaymentPage, BillPaymentView, BillPayOverview, BillSeries, Payee } from '@mutual/shared';
import { fixtureFactory } from '../../test/fixtures';

/** Test data shaped like the Bill Pay API's answers (`packages/shared/src/bill-pay.ts`). */

export const electricPayee: Payee = {
  id: '6f1d3c2a-1b2c-4d5e-8f90-1234567890ab',
  nickname: 'Home power',
  billerId: 'city-electric',
  billerName: 'City Electric',
  category: 'electric',
  accountNumberMasked: '••••6789',
  createdAt: '2026-01-10T15:00:00.000Z',
};

export const overviewFixture = fixtureFactory<BillPayOverview>({
  billers: [
    { id: 'city-electric', name: 'City Electric', category: 'electric', delivery: 'electronic' },
    { id: 'metro-water', name: 'Metro Water', category: 'water', delivery: 'check' },
    { id: 'fastnet', name: 'FastNet Internet', category: 'internet', delivery: 'electronic' },
  ],
  payees: [electricPayee],
  series: [],
  // A Thursday; Saturday the 7th and Memorial Day (Monday May 25) are not business days.
  earliestDate: '2026-03-05',
  latestDate: '2027-03-05',
  cutOff: '2:00 PM CT',
  holidays: [{ date: '2026-05-25', name: 'Memorial Day' }],
});

export const paymentFixture = fixtureFactory<BillPaymentView>({
  id: '0b7f9a52-5c1e-4a8e-9d3b-000000000001',
  status: 'scheduled',
  payee: {
    id: electricPayee.id,
    nickname: electricPayee.nickname,
    billerName: electricPayee.billerName,
    accountNumberMasked: electricPayee.accountNumberMasked,
  },
  fromAccount: 'Checking',
  amount: '84.20',
  payOn: '2026-03-10',
  memo: '',
  holdsOn: '2026-03-04',
  held: true,
  cancelUntil: '2026-03-10T19:00:00.000Z',
  confirmationNumber: null,
  series: null,
  createdAt: '2026-03-04T15:00:00.000Z',
  sentAt: null,
  cancelledAt: null,
  returnedAt: null,
  reason: null,
});

export const seriesFixture = fixtureFactory<BillSeries>({
  id: '9c3e5d7f-2a4b-4c6d-8e0f-000000000009',
  status: 'active',
  payee: paymentFixture().payee,
  fromAccount: 'Checking',
  amount: '84.20',
  frequency: 'monthly',
  startsOn: '2026-02-10',
  endsOn: null,
  count: null,
  occurrences: 2,
  nextPayOn: '2026-04-10',
  memo: '',
  stopReason: null,
});

export function pageOf(payments: BillPaymentView[], page = 1, total = payments.length): BillPaymentPage {
  return { payments, total, page, pageSize: 10 };
}
