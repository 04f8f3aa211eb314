import type { StatementDocument, StatementLine } from './statement-document';

/**
 * Sample statements for looking at the PDF and for benches: a Savings with dividends and ~40
 * lines, a Checking with ~120 lines (a backdated staff entry, a reversal, fees, a long
 * description, money pending at close). Built from a fixed seed, so every call gives the same
 * documents; the balances reconcile (opening + credits − debits = closing).
 */

const creditUnion: StatementDocument['creditUnion'] = {
  name: 'Mutual Demo Credit Union',
  addressLines: ['100 Harbor Street', 'Portland, ME 04101'],
  routingNumber: '211274450',
  phone: '1-800-555-0142',
  email: 'support@mutual-demo.example',
  hours: 'Monday to Friday 8AM-8PM EST',
  ncuaNotice:
    'Federally insured by NCUA. Your savings are federally insured to at least $250,000 ' +
    'and backed by the full faith and credit of the United States Government.',
};

const member: StatementDocument['member'] = {
  name: 'Jordan A. Rivera',
  addressLines: ['48 Maple Avenue, Apt 3B', 'South Portland, ME 04106'],
  memberNumber: '00418237',
};

type LineInput = Omit<StatementLine, 'balance'>;

/** A small deterministic generator (LCG), so samples never change between runs. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function day(period: string, n: number): string {
  return `${period}-${String(n).padStart(2, '0')}`;
}

function withBalances(opening: bigint, inputs: LineInput[]): StatementLine[] {
  let balance = opening;
  return inputs.map((input) => {
    balance += input.direction === 'credit' ? input.amount : -input.amount;
    return { ...input, balance };
  });
}

/** The sample member's October statement of one account, issued on November's first morning. */
function octoberStatement(
  account: { type: 'Checking' | 'Savings'; last4: string },
  figures: Pick<StatementDocument, 'openingBalance' | 'pendingAtClose' | 'fees' | 'dividends'>,
  inputs: LineInput[],
): StatementDocument {
  const base = {
    creditUnion,
    member,
    account: { type: account.type, maskedNumber: `••••${account.last4}` },
    period: october,
    issuedAt: '2026-11-01T05:00:00.000Z',
    statementId: `stmt-${october.id}-${account.type.toLowerCase()}-${account.last4}`,
    ...figures,
  };
  return withLines(base, withBalances(base.openingBalance, inputs));
}

type Totals = 'totalCredits' | 'creditCount' | 'totalDebits' | 'debitCount' | 'closingBalance';

/** A statement with these lines, and the totals and closing balance they add up to. */
export function withLines(base: Omit<StatementDocument, 'lines' | Totals>, lines: StatementLine[]): StatementDocument {
  const credits = lines.filter((line) => line.direction === 'credit');
  const debits = lines.filter((line) => line.direction === 'debit');
  const sum = (list: StatementLine[]) => list.reduce((total, line) => total + line.amount, 0n);
  return {
    ...base,
    lines,
    totalCredits: sum(credits),
    creditCount: credits.length,
    totalDebits: sum(debits),
    debitCount: debits.length,
    closingBalance: base.openingBalance + sum(credits) - sum(debits),
  };
}

const october = { id: '2026-10', label: 'October 2026', from: '2026-10-01', to: '2026-10-31', days: 31 };

const payees = [
  'Central Maine Power',
  'Portland Water District',
  'Spectrum Internet',
  'Maine Mutual Auto Insurance',
  'Hannaford Supermarkets',
  'City of Portland Excise Tax',
];

function checkingLines(count: number, random: () => number): LineInput[] {
  const lines: LineInput[] = [];
  for (let i = 0; i < count; i += 1) {
    const date = day(october.id, 1 + Math.floor((i * 31) / count));
    const roll = random();
    const cents = BigInt(500 + Math.floor(random() * 24_000));
    if (i % 14 === 0) {
      lines.push({
        postedOn: date,
        effectiveOn: null,
        description: 'Payroll direct deposit',
        type: 'Deposit',
        counterparty: 'Casco Bay Logistics LLC',
        reference: `PPD ${String(40_000 + i)}`,
        direction: 'credit',
        amount: 241_837n,
      });
    } else if (roll < 0.35) {
      const payee = payees[i % payees.length] ?? 'Payee';
      lines.push({
        postedOn: date,
        effectiveOn: null,
        description: `Bill payment to ${payee}`,
        type: 'Bill Pay',
        counterparty: payee,
        reference: `Account ending ${String(1000 + ((i * 37) % 9000))}`,
        direction: 'debit',
        amount: cents,
      });
    } else if (roll < 0.6) {
      lines.push({
        postedOn: date,
        effectiveOn: null,
        description: 'Transfer to Savings ••••5521',
        type: 'Transfer',
        counterparty: null,
        reference: roll < 0.45 ? 'Rainy day fund' : null,
        direction: 'debit',
        amount: cents / 2n,
      });
    } else if (roll < 0.8) {
      lines.push({
        postedOn: date,
        effectiveOn: null,
        description: 'Member transfer',
        type: 'Transfer',
        counterparty: roll < 0.7 ? 'Avery Chen' : 'Sam Okafor',
        reference: roll < 0.7 ? 'Dinner split' : 'Concert tickets',
        direction: roll < 0.7 ? 'credit' : 'debit',
        amount: cents / 3n,
      });
    } else {
      lines.push({
        postedOn: date,
        effectiveOn: null,
        description: 'External transfer (ACH) to Bank of America',
        type: 'Transfer',
        counterparty: 'Jordan Rivera ••••8812',
        reference: null,
        direction: 'debit',
        amount: cents,
      });
    }
  }
  return lines;
}

/** A Checking statement with `count` generated lines plus the special cases. */
export function sampleCheckingStatement(count = 112): StatementDocument {
  const random = sequence(20_261_031);
  const inputs = checkingLines(count, random);
  const special: LineInput[] = [
    {
      postedOn: '2026-10-15',
      effectiveOn: '2026-10-09',
      description: 'Adjustment: ATM deposit corrected by staff',
      type: 'Adjustment',
      counterparty: null,
      reference: 'Case 18-2291',
      direction: 'credit',
      amount: 4_000n,
    },
    {
      postedOn: '2026-10-17',
      effectiveOn: null,
      description: 'Bill payment to Spectrum Internet',
      type: 'Bill Pay',
      counterparty: 'Spectrum Internet',
      reference: 'Account ending 7710',
      direction: 'debit',
      amount: 8_999n,
    },
    {
      postedOn: '2026-10-18',
      effectiveOn: null,
      description: 'Reversal: Bill payment to Spectrum Internet (duplicate payment returned by the payee)',
      type: 'Reversal',
      counterparty: 'Spectrum Internet',
      reference: 'Account ending 7710',
      direction: 'credit',
      amount: 8_999n,
    },
    {
      postedOn: '2026-10-20',
      effectiveOn: null,
      description:
        'International wire transfer to Banco Santander S.A., Madrid, Spain — family support for ' +
        'October, beneficiary María-José Fernández de la Cruz, intermediary bank charges may apply',
      type: 'Wire',
      counterparty: 'María-José Fernández de la Cruz',
      reference: 'Family support October; invoice 2026-10-0042 for the apartment deposit and utilities',
      direction: 'debit',
      amount: 125_000n,
    },
    {
      postedOn: '2026-10-20',
      effectiveOn: null,
      description: 'Outgoing international wire fee',
      type: 'Fee',
      counterparty: null,
      reference: null,
      direction: 'debit',
      amount: 3_500n,
    },
    {
      postedOn: '2026-10-31',
      effectiveOn: null,
      description: 'Monthly maintenance fee',
      type: 'Fee',
      counterparty: null,
      reference: null,
      direction: 'debit',
      amount: 500n,
    },
  ];
  const merged = [...inputs, ...special].sort((a, b) => a.postedOn.localeCompare(b.postedOn));
  return octoberStatement(
    { type: 'Checking', last4: '3407' },
    {
      openingBalance: 1_284_311n,
      pendingAtClose: 12_450n,
      fees: { period: 4_000n, yearToDate: 21_500n },
      dividends: null,
    },
    merged,
  );
}

/** A Savings statement with `count` lines, the dividend last. */
export function sampleSavingsStatement(count = 40): StatementDocument {
  const random = sequence(5521);
  const inputs: LineInput[] = [];
  for (let i = 0; i < count - 1; i += 1) {
    const date = day(october.id, 1 + Math.floor((i * 30) / count));
    const deposit = random() < 0.7;
    inputs.push({
      postedOn: date,
      effectiveOn: null,
      description: deposit ? 'Transfer from Checking ••••3407' : 'Transfer to Checking ••••3407',
      type: 'Transfer',
      counterparty: null,
      reference: deposit && i % 3 === 0 ? 'Rainy day fund' : null,
      direction: deposit ? 'credit' : 'debit',
      amount: BigInt(2_500 + Math.floor(random() * 60_000)),
    });
  }
  inputs.push({
    postedOn: '2026-10-31',
    effectiveOn: null,
    description: 'Dividend earned at 3.50% APY',
    type: 'Dividend',
    counterparty: null,
    reference: null,
    direction: 'credit',
    amount: 5_342n,
  });
  return octoberStatement(
    { type: 'Savings', last4: '5521' },
    {
      openingBalance: 1_812_044n,
      pendingAtClose: 0n,
      fees: { period: 0n, yearToDate: 0n },
      dividends: {
        earned: 5_342n,
        yearToDate: 48_119n,
        apyEarned: '3.49%',
        apy: '3.50%',
        averageDailyBalance: 1_834_912n,
        days: 31,
      },
    },
    inputs,
  );
}

/** The two statements to look at (and to bench with). */
export function statementSamples(): { savings: StatementDocument; checking: StatementDocument } {
  return { savings: sampleSavingsStatement(), checking: sampleCheckingStatement() };
}
