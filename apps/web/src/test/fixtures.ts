import type {
  AccountSummary,
  Me,
  PublicSite,
  SessionInfo,
  SessionUser,
  Transaction,
  TransferChallenge,
  TransferResult,
} from '@mutual/shared';
import { messages } from '@mutual/shared';

/** The credit union's public facts, shaped like `GET /api/site` (publicSiteSchema). */
export const siteFacts: PublicSite = {
  demo: false,
  demoSignIns: [],
  devMailboxPublic: false,
  transferMaxAmount: '99999999.99',
  brand: {
    name: 'Test Mutual Credit Union',
    shortName: 'Test Mutual',
    logoText: 'TM',
    tagline: 'Banking for members',
    primaryColor: '#0f4c81',
    accentColor: '#f59e0b',
  },
  support: {
    email: 'help@testmutual.example',
    phone: '+1 555 0100',
    hours: 'Mon–Fri 8am–6pm',
    chatHours: 'Mon–Fri 9am–5pm',
    emailResponse: 'within 24 hours',
  },
  address: { street: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701' },
  routingNumber: '021000021',
  // Not the test machine's zone (UTC): screens must show the credit union's clock.
  timeZone: 'America/Chicago',
  textMessages: false,
  ncuaNotice: 'Federally insured by NCUA',
  approvalTime: '1-2 business days',
  rates: {
    satisfaction: '98%',
    savingsApy: '4.25%',
    introApr: '0%',
    introAprMonths: 12,
    mortgageFrom: '6.25%',
    personalLoanFrom: '7.99%',
    businessLoanFrom: '8.5%',
    businessSavingsUpTo: '3.5%',
    cashBack: '2%',
    autoLoanFrom: '5.49%',
    certificateApy: '4.75%',
  },
  about: {
    members: 100000,
    assetsMillions: 2500,
    satisfactionPercent: 98,
    branches: 12,
    impactMillions: 5,
    founded: 1950,
  },
  market: { asOf: '2026-01-01', embedUrl: null, indicators: [] },
};

export const checking: AccountSummary = {
  id: 'acc-checking',
  type: 'Checking',
  accountNumber: '4000001234',
  routingNumber: '021000021',
  balance: '1500.00',
  available: '1250.50',
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const savings: AccountSummary = {
  id: 'acc-savings',
  type: 'Savings',
  accountNumber: '4000005678',
  routingNumber: '021000021',
  balance: '300.00',
  available: '300.00',
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const memberAccounts = [checking, savings];

export const member: SessionUser = {
  id: 'user-1',
  email: 'jamie@example.com',
  name: 'Jamie Member',
  firstName: 'Jamie',
  role: 'user',
  status: 'active',
  isJointAccount: false,
  jointAccountHolderName: null,
  profileImageUrl: null,
  totpEnabled: false,
  mustEnrolTotp: false,
};

export const signedOutSession: SessionInfo = { user: null, idleExpiresAt: null, absoluteExpiresAt: null };

/** `GET /api/me` for the member. */
export const me: Me = {
  id: member.id,
  email: member.email,
  name: member.name,
  phone: '+1 555 0199',
  role: 'user',
  status: 'active',
  firstName: 'Jamie',
  lastName: 'Member',
  address: { street: '12 Elm St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'United States' },
  isJointAccount: false,
  jointAccountHolder: null,
  profileImageUrl: null,
  notifications: { email: true, sms: false, push: false },
  security: { twoFactor: false, loginAlerts: true },
  backupCodesRemaining: 0,
  registrationDate: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

/** A fixture factory: a fresh copy of `defaults` with the test's overrides on top. */
export function fixtureFactory<T extends object>(defaults: T): (overrides?: Partial<T>) => T {
  return (overrides = {}) => ({ ...structuredClone(defaults), ...overrides });
}

/** A transfer route's 201 answer (transferResultSchema). */
export const transferResult = fixtureFactory<TransferResult>({
  transferId: 'tr-1',
  transferType: 'internal',
  status: 'Completed',
  amount: '10.00',
  fromAccount: 'Checking',
  message: 'Done.',
  createdAt: '2026-03-04T12:00:00.000Z',
  paymentOrderId: null,
});

/** A confirmation code sent by e-mail, valid for 10 minutes from now (transferChallengeSchema). */
export const emailedChallenge = fixtureFactory<TransferChallenge>({
  challengeId: '3f0c9f8e-3c1a-4c55-9d7e-2f1f1a2b3c4d',
  method: 'email',
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  message: messages.transfers.otpSent,
});

/** One row of `GET /api/me/transactions` (transactionSchema). */
export const transaction = fixtureFactory<Transaction>({
  id: 'tx-1:debit',
  transferId: 'tx-1',
  accountType: 'Checking',
  accountNumberLast4: '1234',
  type: 'debit',
  amount: '25.00',
  description: 'Coffee shop',
  category: 'Food',
  status: 'Completed',
  statusReason: null,
  date: '2026-03-04',
  postedAt: '2026-03-04T12:00:00.000Z',
  reference: null,
  correction: null,
  paymentOrder: false,
});
