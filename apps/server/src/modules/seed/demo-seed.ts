import { count, eq } from 'drizzle-orm';
import { centsToDecimal, type Registration, registrationSchema } from '@mutual/shared';
import sharp from 'sharp';
import type { AppDeps } from '../../deps';
import { type Actor, type RequestMeta, systemActor } from '../audit/record-audit';
import { createUser } from '../admin/create-user';
import { placeHold } from '../holds/holds';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { backdateAccountOpening } from '../ledger/member-accounts';
import { findUserByEmail } from '../people/users';
import { createPaymentOrder } from '../payments/create-payment-order';
import { users } from '../people/people.tables';
import { seedBillPay } from '../bill-pay/demo-bill-pay';
import { issueDemoCards, recordDemoCardUse, seedCards, taylorCardStolenAt } from '../cards/demo-cards';
import { seedDeposits } from '../deposits/demo-deposits';
import { registerApplicant } from '../onboarding/register-applicant';
import { reviewApplication } from '../onboarding/review-application';
import {
  type DemoAccounts,
  historyStart,
  memberHistory,
  outgoingTransfers,
  postHistory,
  transfersBetween,
} from './demo-history';
import { countDemoTransfers } from './demo-transfer-counts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock' | 'storage' | 'secrets' | 'cardKeys' | 'logger'>;

/** Every demo person signs in with this password (shown on /login in demo mode only). */
export const DEMO_PASSWORD = 'demo-password-2026';
export const DEMO_STAFF_EMAIL = 'staff@mutual-demo.example';
export const DEMO_MEMBER_EMAIL = 'alex.morgan@mutual-demo.example';

export const DEMO_HELD_MEMBER_EMAIL = 'taylor.brooks@mutual-demo.example';

export const demoSignIns = [
  { label: 'Staff', email: DEMO_STAFF_EMAIL, password: DEMO_PASSWORD },
  { label: 'Member (joint account)', email: DEMO_MEMBER_EMAIL, password: DEMO_PASSWORD },
  { label: 'Member', email: 'sam.rivera@mutual-demo.example', password: DEMO_PASSWORD },
  { label: 'Member (transfers on hold)', email: DEMO_HELD_MEMBER_EMAIL, password: DEMO_PASSWORD },
  { label: 'Applicant (information requested)', email: 'priya.shah@mutual-demo.example', password: DEMO_PASSWORD },
  { label: 'Applicant (under review)', email: 'jordan.lee@mutual-demo.example', password: DEMO_PASSWORD },
  { label: 'Applicant (declined)', email: 'chris.doe@mutual-demo.example', password: DEMO_PASSWORD },
];

const seedMeta: RequestMeta = { ipAddress: null, userAgent: 'demo seed' };

/** A demo application from Maine; the e-mail is first.last@mutual-demo.example. */
function application(
  firstName: string,
  lastName: string,
  extra: { dob: string; city: string; idType: Registration['documents']['idCardType'] },
): Registration {
  const email = `${firstName}.${lastName}@mutual-demo.example`.toLowerCase();
  return registrationSchema.parse({
    email,
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    personalInfo: {
      firstName,
      lastName,
      dateOfBirth: extra.dob,
      nationality: 'American',
      maritalStatus: 'Single',
      address: {
        street: '12 Demo Lane',
        city: extra.city,
        state: 'ME',
        country: 'United States',
        postalCode: '04101',
      },
    },
    contactDetails: {
      phoneNumber: '(207) 555-0100',
      alternativeEmail: '',
      emergencyContact: { name: 'Pat Example', relationship: 'Sibling', phone: '(207) 555-0199' },
    },
    documents: { idCardType: extra.idType, idCardNumber: `D${Math.abs(hash(email)).toString().slice(0, 8)}` },
  });
}

const DAY_MS = 86_400_000;

/**
 * When the demo's people joined, before the history that starts at `historyStart` (their opening
 * deposits; the accounts are dated then), in office hours: staff long before; Alex and Taylor
 * created by staff in the days before; Sam's application sent a week before and approved two days
 * before. The applicants still waiting, asked for more or declined applied just now.
 */
export function demoJoinDates(now: Date) {
  const opened = historyStart(now).getTime();
  const daysBefore = (days: number, hourUtc: number) => {
    const at = new Date(opened - days * DAY_MS);
    at.setUTCHours(hourUtc, 0, 0, 0);
    return at;
  };
  return {
    staff: daysBefore(90, 14),
    alex: daysBefore(9, 15),
    samApplied: daysBefore(7, 19),
    samApproved: daysBefore(2, 14),
    taylor: daysBefore(1, 16),
  };
}

const hash = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

/** A made-up ID card image, obviously a demo, so the staff console has something to show. */
async function demoIdCard(name: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="24" fill="#e0ecf7"/>
    <rect x="24" y="24" width="592" height="60" rx="12" fill="#0f4c81"/>
    <text x="44" y="64" font-family="sans-serif" font-size="26"
      fill="#fff">DEMO IDENTITY CARD — NOT A REAL DOCUMENT</text>
    <rect x="44" y="120" width="150" height="190" rx="10" fill="#b6c8da"/>
    <text x="230" y="170" font-family="sans-serif" font-size="30" fill="#0f172a">${name}</text>
    <text x="230" y="220" font-family="sans-serif" font-size="20" fill="#334155">Issued for the demo credit union</text>
    </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Fills an empty demo database through the same services staff and applicants use: one staff
 * user, two approved members (one with a joint holder), and applicants pending, asked for more
 * information and rejected. Does nothing when any user exists.
 */
/** Whether the database holds the demo's staff account (production refuses to start on it). */
export async function holdsDemoSeed(db: Deps['db']): Promise<boolean> {
  return (await findUserByEmail(db, DEMO_STAFF_EMAIL)) !== undefined;
}

export async function seedDemo(deps: Deps): Promise<boolean> {
  const [existing] = await deps.db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  // Each person joins through the product's own services, on the day the demo's story says
  // (their records, review and audit rows dated then), not on the day the seed runs.
  const joined = demoJoinDates(deps.clock());
  const on = (at: Date): Deps => ({ ...deps, clock: () => at });

  const staff = await createUser(
    on(joined.staff),
    {
      name: 'Dana Whitfield',
      email: DEMO_STAFF_EMAIL,
      phone: '(207) 555-0110',
      password: DEMO_PASSWORD,
      role: 'admin',
      address: { street: '100 Harbor Street', city: 'Portland', state: 'ME', zipCode: '04101' },
      isJointAccount: false,
      jointAccountHolder: null,
    },
    systemActor,
    seedMeta,
  );
  const staffActor: Actor = { userId: staff.id, email: staff.email };

  const alex = await createUser(
    on(joined.alex),
    {
      name: 'Alex Morgan',
      email: DEMO_MEMBER_EMAIL,
      phone: '(207) 555-0123',
      password: DEMO_PASSWORD,
      role: 'user',
      address: { street: '48 Elm Street', city: 'Portland', state: 'ME', zipCode: '04102' },
      isJointAccount: true,
      jointAccountHolder: { name: 'Jamie Morgan', email: 'jamie.morgan@mutual-demo.example', phone: '(207) 555-0124' },
    },
    staffActor,
    seedMeta,
  );

  const sam = application('Sam', 'Rivera', { dob: '1988-04-12', city: 'Bangor', idType: "Driver's License" });
  await registerApplicant(on(joined.samApplied), sam, await demoIdCard('Sam Rivera'), seedMeta);
  const applicants = [
    application('Jordan', 'Lee', { dob: '1995-09-30', city: 'Augusta', idType: 'Passport' }),
    application('Priya', 'Shah', { dob: '1991-01-05', city: 'Lewiston', idType: 'National ID' }),
    application('Chris', 'Doe', { dob: '1979-07-21', city: 'Biddeford', idType: "Driver's License" }),
  ];
  for (const input of applicants) {
    const name = `${input.personalInfo.firstName} ${input.personalInfo.lastName}`;
    await registerApplicant(deps, input, await demoIdCard(name), seedMeta);
  }
  const idOf = async (email: string) => (await findUserByEmail(deps.db, email))?.id ?? '';
  const checklist = { identityVerified: true, addressVerified: true, employmentVerified: true, incomeVerified: true };
  await reviewApplication(
    on(joined.samApproved),
    await idOf('sam.rivera@mutual-demo.example'),
    { decision: 'approved', checklist },
    staffActor,
    seedMeta,
  );
  await reviewApplication(
    deps,
    await idOf('priya.shah@mutual-demo.example'),
    {
      decision: 'info_requested',
      details: 'Please send a recent utility bill or bank statement showing your current address.',
    },
    staffActor,
    seedMeta,
  );
  await reviewApplication(
    deps,
    await idOf('chris.doe@mutual-demo.example'),
    {
      decision: 'rejected',
      reason:
        'We could not verify the identity document provided. The name on the document does not match the application.',
    },
    staffActor,
    seedMeta,
  );

  const taylor = await createUser(
    on(joined.taylor),
    {
      name: 'Taylor Brooks',
      email: DEMO_HELD_MEMBER_EMAIL,
      phone: '(207) 555-0177',
      password: DEMO_PASSWORD,
      role: 'user',
      address: { street: '9 Fore Street', city: 'Portland', state: 'ME', zipCode: '04101' },
      isJointAccount: false,
      jointAccountHolder: null,
    },
    staffActor,
    seedMeta,
  );
  await seedMoney(
    deps,
    { alex: alex.id, sam: await idOf('sam.rivera@mutual-demo.example'), taylor: taylor.id },
    staffActor,
  );
  return true;
}

/**
 * Six months of history for the demo members, payments still pending for Payment Operations (an
 * ACH payment of Alex's, an international wire of Sam's), Bill Pay payees and payments (past,
 * cancelled, scheduled, a monthly series) for Alex and Sam, and a staff hold on Taylor's transfers
 * (so the "Transaction Denied" modals can be seen), check deposits (accepted, rejected, waiting for review),
 * and cards (demo-cards.ts: the debit cards the history's card purchases are made with, Alex's credit
 * card with its own history, Taylor's stolen card).
 */
async function seedMoney(deps: Deps, ids: { alex: string; sam: string; taylor: string }, staffActor: Actor) {
  const now = deps.clock();
  const accountsOf = async (userId: string, name: string): Promise<DemoAccounts> => {
    const rows = await deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
    const find = (type: string) => rows.find((row) => row.type === type)?.id ?? '';
    return { userId, name, checking: find('Checking'), savings: find('Savings') };
  };
  const alex = await accountsOf(ids.alex, 'Alex Morgan');
  const sam = await accountsOf(ids.sam, 'Sam Rivera');
  const taylor = await accountsOf(ids.taylor, 'Taylor Brooks');
  const history = [
    ...memberHistory(
      alex,
      {
        employer: 'Northwind Logistics',
        salary: 2_480_00n,
        rent: { payee: 'Harbor View Apartments', amount: 1_450_00n },
        openingChecking: 3_200_00n,
        openingSavings: 8_500_00n,
        monthlySavings: 300_00n,
        seed: 11,
      },
      now,
    ),
    ...memberHistory(
      sam,
      {
        employer: 'Maine Medical Center',
        salary: 2_150_00n,
        rent: { payee: 'Bayside Property Management', amount: 1_180_00n },
        openingChecking: 1_900_00n,
        openingSavings: 4_200_00n,
        monthlySavings: 200_00n,
        seed: 23,
      },
      now,
    ),
    ...memberHistory(
      taylor,
      {
        employer: 'Casco Bay Ferries',
        salary: 1_870_00n,
        rent: { payee: 'Munjoy Hill Rentals', amount: 990_00n },
        openingChecking: 1_200_00n,
        openingSavings: 2_600_00n,
        monthlySavings: 150_00n,
        seed: 37,
      },
      now,
    ),
    ...transfersBetween(alex, sam, now),
  ];
  // Taylor's card was reported stolen (demo-cards.ts): nothing is bought with it after that.
  const stolenAt = taylorCardStolenAt(now);
  const events = history.filter((event) => !('card' in event && event.member === taylor && event.at >= stolenAt));
  const demoCards = await deps.db.transaction(async (tx) => {
    // The demo accounts were "opened" when their history starts, after the members joined
    // (demoJoinDates), not when the seed ran.
    const opened = events.reduce((first, event) => (event.at < first ? event.at : first), now);
    await backdateAccountOpening(tx, [ids.alex, ids.sam, ids.taylor], opened);
    // The debit cards come first: the history's card purchases and ATM cash are made with them,
    // each cleared as soon as authorized, so every entry's running balance reads true in date order.
    const issued = await issueDemoCards(tx, deps, ids);
    const posted = await postHistory(tx, events, async (use, processorId) => {
      const debitCard = issued.debit.get(use.member.userId);
      if (!debitCard) throw new Error(`no demo debit card for ${use.member.name}`);
      await recordDemoCardUse(tx, deps.config.timeZone, debitCard, {
        id: processorId,
        ...use.card,
        amount: centsToDecimal(use.amount),
        authorizedAt: use.at,
        clearedAt: use.at,
      });
    });
    await createPaymentOrder(tx, deps.secrets, {
      userId: alex.userId,
      rail: 'ach',
      fromAccountId: alex.checking,
      amount: 125_00n,
      beneficiaryName: 'Jamie Morgan',
      bankName: 'TD Bank',
      routingNumber: '031101266',
      accountNumber: '4410023356',
      reference: 'Gym membership share',
      debitMemo: 'Transfer to Jamie Morgan, TD Bank ••3356',
      now,
    });
    await createPaymentOrder(tx, deps.secrets, {
      userId: sam.userId,
      rail: 'international',
      fromAccountId: sam.checking,
      amount: 400_00n,
      beneficiaryName: 'Inês Rivera',
      bankName: 'Banco Comercial Português',
      accountNumber: 'PT50000201231234567890154',
      swiftCode: 'BCOMPTPL',
      iban: 'PT50000201231234567890154',
      country: 'PT',
      currency: 'EUR',
      reference: 'Birthday gift',
      debitMemo: 'International transfer to Inês Rivera (Portugal, EUR)',
      now,
    });
    // The transfers to other members and these two payments count in the members' transfer
    // limit as if made in the portal: the ones in the current window are used up.
    await countDemoTransfers(tx, deps.config.limits, [
      ...outgoingTransfers(posted),
      { userId: alex.userId, at: now },
      { userId: sam.userId, at: now },
    ]);
    await seedBillPay(
      tx,
      deps,
      [
        {
          userId: alex.userId,
          checking: alex.checking,
          payees: [
            { billerId: 'demo-electric', nickname: 'Electric', accountNumber: '5512345678' },
            { billerId: 'demo-insurance', nickname: 'Car insurance', accountNumber: 'GA7731904' },
            { billerId: 'demo-internet', nickname: 'Internet', accountNumber: 'FN0098812' },
          ],
          monthly: 86_40n,
          oneOff: 312_50n,
        },
        {
          userId: sam.userId,
          checking: sam.checking,
          payees: [
            { billerId: 'demo-water', nickname: 'Water', accountNumber: '20455102' },
            { billerId: 'demo-mobile', nickname: 'Phone', accountNumber: '2075550188' },
          ],
          monthly: 42_15n,
          oneOff: 65_00n,
        },
      ],
      now,
    );
    await placeHold(tx, {
      userId: taylor.userId,
      reason: 'Card reported stolen and unusual transfers attempted; confirming identity with the member.',
      actor: staffActor,
      meta: seedMeta,
      now,
    });
    return issued;
  });
  await seedDeposits(deps, { alex: ids.alex, sam: ids.sam }, staffActor);
  await seedCards(deps, demoCards, staffActor);
}
