import {
  type Card,
  type CardCode,
  type CardDetails,
  type CardResult,
  type CardsOverview,
  type CardStatement,
  type CardTransaction,
  declineReasons,
  messages,
} from '@mutual/shared';
import { fixtureFactory } from '../../test/fixtures';

/** Test data shaped like the Cards API's answers (`packages/shared/src/cards.ts`). */

const m = messages.cards;

export const cardId = (n: number) => `cccccccc-0000-4000-8000-${String(n).padStart(12, '0')}`;
const transactionId = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const DEBIT_ID = cardId(1);
export const CREDIT_ID = cardId(2);
export const CHALLENGE_ID = 'bbbbbbbb-0000-4000-8000-000000000001';

export const cardTransaction = fixtureFactory<CardTransaction>({
  id: transactionId(1),
  merchant: 'Corner Coffee',
  channel: 'in_store',
  category: 'Food',
  amount: '4.50',
  clearedAmount: '4.50',
  status: 'posted',
  declineReason: null,
  authorizedAt: '2026-03-04T15:00:00.000Z',
  clearedAt: '2026-03-05T15:00:00.000Z',
  points: 0,
  reversedByStaffAt: null,
});

const controls = {
  perPurchase: '2500.00',
  dailyPurchases: '5000.00',
  dailyAtm: '500.00',
  online: true,
  international: false,
  atm: true,
};

/** The debit card, linked to Checking ••1234, with a posted purchase, a hold and a decline. */
export const debitCard = fixtureFactory<Card>({
  id: DEBIT_ID,
  kind: 'debit',
  design: 'Standard',
  nameOnCard: 'ALEX MEMBER',
  numberMasked: '•••• •••• •••• 4242',
  last4: '4242',
  expiry: '08/29',
  status: 'active',
  linkedAccount: { type: 'Checking', last4: '1234' },
  credit: null,
  controls,
  pinSet: true,
  closedReason: null,
  closedAt: null,
  replacedById: null,
  replacesId: null,
  issuedAt: '2025-01-10T12:00:00.000Z',
  recentTransactions: [
    cardTransaction({
      id: transactionId(3),
      merchant: 'Book Nook',
      category: 'Shopping',
      amount: '32.00',
      clearedAmount: null,
      status: 'declined',
      declineReason: declineReasons.card_locked,
      authorizedAt: '2026-03-06T10:00:00.000Z',
      clearedAt: null,
    }),
    cardTransaction({
      id: transactionId(2),
      merchant: 'Fresh Market',
      channel: 'online',
      amount: '61.20',
      clearedAmount: null,
      status: 'pending',
      authorizedAt: '2026-03-05T18:00:00.000Z',
      clearedAt: null,
    }),
    cardTransaction(),
  ],
});

/** The Platinum credit card: limit 5,000, available 3,500, 2,500 points (spec §3 Demo cards). */
export const creditCard = fixtureFactory<Card>({
  ...debitCard(),
  id: CREDIT_ID,
  kind: 'credit',
  design: 'Platinum',
  numberMasked: '•••• •••• •••• 8810',
  last4: '8810',
  expiry: '11/28',
  linkedAccount: null,
  credit: {
    limit: '5000.00',
    balance: '1450.00',
    pending: '50.00',
    available: '3500.00',
    rewardsPoints: 2500,
    rewardsValue: '25.00',
    rewardsRate: '2%',
  },
  recentTransactions: [
    cardTransaction({
      id: transactionId(4),
      merchant: 'Skyline Air',
      channel: 'online',
      amount: '420.00',
      clearedAmount: '420.00',
      points: 840,
    }),
  ],
});

export const cardsOverview = fixtureFactory<CardsOverview>({
  // The server's order is not the screen's: credit before debit here on purpose.
  cards: [creditCard(), debitCard()],
  limitCeilings: { perPurchase: '5000.00', dailyPurchases: '10000.00', dailyAtm: '1000.00' },
  detailsSeconds: 60,
});

export const cardResult = (card: Card, message: string): CardResult => ({ message, card });

export const cardCode = fixtureFactory<CardCode>({
  challengeId: CHALLENGE_ID,
  method: 'email',
  expiresAt: '2026-03-04T15:10:00.000Z',
  message: m.otpSent,
});

export const cardDetails = fixtureFactory<CardDetails>({
  number: '4000123412344242',
  expiry: '08/29',
  cvv: '731',
  nameOnCard: 'ALEX MEMBER',
  visibleUntil: '2026-03-04T15:01:00.000Z',
  message: m.detailsVisible(60),
});

/** The credit card's open month: one purchase so far. */
export const creditStatement = fixtureFactory<CardStatement>({
  cardId: CREDIT_ID,
  month: '2026-03',
  months: ['2026-03', '2026-02', '2026-01'],
  transactions: creditCard().recentTransactions,
  purchases: '420.00',
  withdrawals: '0.00',
  refunds: '0.00',
  credit: {
    openingBalance: '1030.00',
    otherCharges: '0.00',
    payments: '0.00',
    credits: '0.00',
    statementBalance: '1450.00',
    minimumPayment: '35.00',
    dueDate: '2026-04-25',
    pointsEarned: 840,
    pointsTakenBack: 0,
    open: true,
  },
});
