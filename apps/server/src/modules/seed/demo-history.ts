import type { CardChannel, TransactionCategory } from '@mutual/shared';
import type { Executor } from '../../db/client';
import { type GeneralLedgerAccount, generalLedger } from '../ledger/general-ledger';
import { postTransfer } from '../ledger/post-transfer';

/**
 * About six months of believable money for a demo member, posted through the ledger like any
 * other movement: salary by ACH, rent and utility bills, purchases and ATM cash with the member's
 * debit card (recorded on the card as the card path records them), a monthly move to Savings, and
 * transfers between members. Dates are in the past — effective and recorded on the
 * same day — and posted in date order, so each entry's running balance reads true and each
 * month's statement has that month's history. A small seeded generator keeps every demo database
 * the same.
 */

export interface DemoAccounts {
  userId: string;
  name: string;
  checking: string;
  savings: string;
}

export interface HistoryProfile {
  employer: string;
  /** Net pay per semi-monthly payday, in cents. */
  salary: bigint;
  rent: { payee: string; amount: bigint };
  openingChecking: bigint;
  openingSavings: bigint;
  monthlySavings: bigint;
  seed: number;
}

interface Movement {
  at: Date;
  member: DemoAccounts;
  /** Money in (+) or out (−) of the member's account. */
  direction: 'in' | 'out';
  account: 'checking' | 'savings';
  other: { gl: GeneralLedgerAccount } | { member: DemoAccounts; account: 'checking' | 'savings' };
  amount: bigint;
  category: TransactionCategory;
  memo: string;
  otherMemo?: string;
  reference?: string;
}

/** A use of the member's debit card on Checking: the card path writes its memo and category. */
export interface CardUse {
  at: Date;
  member: DemoAccounts;
  card: { merchant: string; channel: CardChannel; categoryCode?: string };
  amount: bigint;
}

export type Event = Movement | CardUse;

/**
 * Kinds of card purchase (how much, how often), each merchant with the merchant category code
 * (ISO 18245) its processor sends, which the card path files the purchase under: groceries,
 * restaurants and bars, fast food and bakeries (Food); shops (Shopping); fuel, bus, tolls and
 * rideshare (Transportation); streaming, movies and tickets (Entertainment); the post office,
 * government and the pharmacy (Shopping).
 */
const purchases: Array<{
  payees: Array<[merchant: string, categoryCode: string]>;
  min: number;
  max: number;
  perMonth: number;
}> = [
  {
    payees: [
      ['Hannaford Supermarket', '5411'],
      ['Whole Foods Market', '5411'],
      ['Sea Dog Brewing Co.', '5813'],
      ['Holy Donut', '5814'],
      ['Street & Co.', '5812'],
    ],
    min: 12,
    max: 140,
    perMonth: 9,
  },
  {
    payees: [
      ['Amazon Marketplace', '5999'],
      ['Target', '5310'],
      ['L.L.Bean', '5941'],
      ['Home Depot', '5200'],
      ['Portland Pie Co. Gift Shop', '5947'],
    ],
    min: 15,
    max: 180,
    perMonth: 5,
  },
  {
    payees: [
      ['Irving Oil', '5541'],
      ['Portland Metro Bus', '4131'],
      ['Maine Turnpike E-ZPass', '4784'],
      ['Lyft', '4121'],
    ],
    min: 8,
    max: 65,
    perMonth: 4,
  },
  {
    payees: [
      ['Netflix', '5815'],
      ['Cinemagic Theaters', '7832'],
      ['Spotify', '5815'],
      ['State Theatre Tickets', '7922'],
    ],
    min: 10,
    max: 75,
    perMonth: 2,
  },
  {
    payees: [
      ['USPS', '9402'],
      ['Portland Public Library Fines', '9399'],
      ['CVS Pharmacy', '5912'],
    ],
    min: 5,
    max: 40,
    perMonth: 1,
  },
];

/** Bought online rather than in store. */
const onlineMerchants = new Set(['Amazon Marketplace', 'Netflix', 'Spotify', 'Lyft']);

const bills = [
  { payee: 'Central Maine Power', min: 70, max: 135, day: 8 },
  { payee: 'Spectrum Internet', min: 65, max: 65, day: 12 },
  { payee: 'Verizon Wireless', min: 55, max: 62, day: 20 },
  { payee: 'Portland Water District', min: 38, max: 52, day: 24 },
];

/** mulberry32: a tiny deterministic generator, enough for demo data. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    cents: (min: number, max: number) => BigInt(min * 100 + Math.floor(next() * (max - min) * 100)),
  };
}

const day = (from: Date, monthsBack: number, dayOfMonth: number, hour: number) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() - monthsBack, dayOfMonth, hour, 0, 0));

/**
 * When a demo member's history starts: their opening deposits, on the first of the month six
 * months before `now`. They registered and were approved before it (demo-seed.ts).
 */
export const historyStart = (now: Date) => day(now, 6, 1, 13);

/** Events for one member over the six months before `now` (none in the future). */
export function memberHistory(member: DemoAccounts, profile: HistoryProfile, now: Date): Event[] {
  const rnd = generator(profile.seed);
  const events: Event[] = [];
  const start = historyStart(now);
  events.push(
    {
      at: start,
      member,
      direction: 'in',
      account: 'checking',
      other: { gl: 'cash' },
      amount: profile.openingChecking,
      category: 'Deposit',
      memo: 'Opening deposit',
    },
    {
      at: new Date(start.getTime() + 3_600_000),
      member,
      direction: 'in',
      account: 'savings',
      other: { gl: 'cash' },
      amount: profile.openingSavings,
      category: 'Deposit',
      memo: 'Opening deposit',
    },
  );
  for (let back = 5; back >= 0; back--) {
    for (const payday of [1, 15]) {
      events.push({
        at: day(now, back, payday, 11),
        member,
        direction: 'in',
        account: 'checking',
        other: { gl: 'achClearing' },
        amount: profile.salary,
        category: 'Income',
        memo: `Payroll ${profile.employer}`,
      });
    }
    events.push({
      at: day(now, back, 2, 15),
      member,
      direction: 'out',
      account: 'checking',
      other: { gl: 'billPayClearing' },
      amount: profile.rent.amount,
      category: 'Bill Pay',
      memo: profile.rent.payee,
    });
    for (const bill of bills) {
      events.push({
        at: day(now, back, bill.day, 14),
        member,
        direction: 'out',
        account: 'checking',
        other: { gl: 'billPayClearing' },
        amount: rnd.cents(bill.min, bill.max),
        category: 'Bill Pay',
        memo: bill.payee,
      });
    }
    events.push({
      at: day(now, back, 16, 9),
      member,
      direction: 'out',
      account: 'checking',
      other: { member, account: 'savings' },
      amount: profile.monthlySavings,
      category: 'Transfer',
      memo: 'Transfer to Savings',
      otherMemo: 'Transfer from Checking',
    });
    for (const withdrawal of [6, 21]) {
      events.push({
        at: day(now, back, withdrawal, 18),
        member,
        card: { merchant: 'Congress St', channel: 'atm' },
        amount: BigInt(rnd.pick([40, 60, 80, 100]) * 100),
      });
    }
    for (const kind of purchases) {
      for (let i = 0; i < kind.perMonth; i++) {
        // The generator's draws, in this order: day, hour, amount, merchant.
        const at = day(now, back, rnd.int(1, 28), rnd.int(8, 21));
        const amount = rnd.cents(kind.min, kind.max);
        const [merchant, categoryCode] = rnd.pick(kind.payees);
        events.push({
          at,
          member,
          card: { merchant, channel: onlineMerchants.has(merchant) ? 'online' : 'in_store', categoryCode },
          amount,
        });
      }
    }
  }
  return events.filter((event) => event.at.getTime() < now.getTime());
}

/** A few transfers between two members over the period, each way. */
export function transfersBetween(a: DemoAccounts, b: DemoAccounts, now: Date): Event[] {
  const reasons = ['Dinner at Eventide', 'Concert tickets', 'Camp rental share', 'Groceries', 'Birthday gift'];
  const events: Event[] = [];
  for (let back = 5; back >= 0; back--) {
    const [from, to] = back % 2 === 0 ? [a, b] : [b, a];
    events.push({
      at: day(now, back, 10 + back, 19),
      member: from,
      direction: 'out',
      account: 'checking',
      other: { member: to, account: 'checking' },
      amount: BigInt((25 + back * 12) * 100 + 50),
      category: 'Transfer',
      memo: `Transfer to ${to.name}`,
      otherMemo: `Transfer from ${from.name}`,
      reference: reasons[back % reasons.length],
    });
  }
  return events.filter((event) => event.at.getTime() < now.getTime());
}

/**
 * The events that are a member's outgoing transfer as the transfer limit counts one (spec: to a
 * member, a US bank, abroad): here, money sent to another member. Moves between the member's own
 * accounts, bills and card purchases are not.
 */
export function outgoingTransfers(events: readonly Event[]): Array<{ userId: string; at: Date }> {
  return events.flatMap((event) =>
    !('card' in event) && event.direction === 'out' && 'member' in event.other && event.other.member !== event.member
      ? [{ userId: event.member.userId, at: event.at }]
      : [],
  );
}

/**
 * Posts the events in date order: movements straight to the ledger, uses of a debit card through
 * `useCard` (which records them as the card path does: the hold, its posting, the card's record),
 * each with a processor id of its own. A purchase or withdrawal the account could not afford that
 * day is skipped, as a declined card would be (the member did not try it); the ledger would refuse
 * it anyway. The answer: the events posted, in date order.
 */
export async function postHistory(
  tx: Executor,
  events: Event[],
  useCard: (use: CardUse, processorId: string) => Promise<void>,
): Promise<Event[]> {
  const available = new Map<string, bigint>();
  const accountOf = (member: DemoAccounts, account: 'checking' | 'savings') =>
    account === 'checking' ? member.checking : member.savings;
  const posted: Event[] = [];
  let cardUses = 0;
  for (const event of [...events].sort((x, y) => x.at.getTime() - y.at.getTime())) {
    const [debit, credit] = movedBetween(event, accountOf);
    const isMemberAccount = !Object.values<string>(generalLedger).includes(debit);
    if (isMemberAccount && (available.get(debit) ?? 0n) < event.amount) continue;
    if ('card' in event) await useCard(event, `demo-card-${++cardUses}`);
    else
      await postTransfer(tx, {
        kind: 'single',
        debitAccountId: debit,
        creditAccountId: credit,
        amount: event.amount,
        category: event.category,
        debitMemo: event.direction === 'out' ? event.memo : (event.otherMemo ?? event.memo),
        creditMemo: event.direction === 'out' ? (event.otherMemo ?? event.memo) : event.memo,
        reference: event.reference ?? null,
        effectiveAt: event.at,
        // Recorded on its own date, as if the portal had been running then: each past month's
        // statement (posting dates) lists that month's demo history.
        now: event.at,
        createdBy: null,
      });
    available.set(debit, (available.get(debit) ?? 0n) - event.amount);
    available.set(credit, (available.get(credit) ?? 0n) + event.amount);
    posted.push(event);
  }
  return posted;
}

/** The accounts an event takes money from and gives it to: a card use, from Checking to card settlement. */
function movedBetween(
  event: Event,
  accountOf: (member: DemoAccounts, account: 'checking' | 'savings') => string,
): [debit: string, credit: string] {
  if ('card' in event) return [event.member.checking, generalLedger.cardSettlement];
  const mine = accountOf(event.member, event.account);
  const other =
    'gl' in event.other ? generalLedger[event.other.gl] : accountOf(event.other.member, event.other.account);
  return event.direction === 'out' ? [mine, other] : [other, mine];
}
