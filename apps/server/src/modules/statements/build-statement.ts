import { previousPeriod } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Executor, queryRows } from '../../db/client';
import { AppError } from '../../errors';
import { localDay } from '../../time';
import { roundHalfUp } from './dividend-math';
import { savingsApy } from './dividends';
import type { StatementDocument, StatementLine } from './statement-document';
import { cutBefore } from '../ledger/balance-at';
import { balanceAtEnd, dividendsEarned, type EntryRow, feesCharged, postedEntries } from './statement-ledger';
import { periodBounds } from './statement-periods';

/**
 * One account's statement for one month, read from the ledger (docs/features/statements-and-exports.md).
 *
 * It follows **posting dates**: it lists the entries the ledger recorded during the month — the
 * account's versions after the last one recorded before the month began, up to the last one
 * recorded before it ended — so every entry is on exactly one statement and an issued statement
 * never needs to change. A backdated staff entry appears on the statement of the month it was
 * entered, with its effective date printed under it. The one exception is the month's dividend:
 * posted just after the month closes, it is dated and shown on the month it was earned for (and
 * left off the next one).
 *
 * Opening + credits − debits = closing is checked here, to the cent, before anything is issued.
 */

export type StatementConfig = Pick<
  Config,
  'brand' | 'address' | 'routingNumber' | 'support' | 'ncuaNotice' | 'timeZone' | 'rates'
>;

/** What the `statements` row keeps besides the PDF. */
export interface StatementFigures {
  accountId: string;
  userId: string;
  period: string;
  fromVersion: bigint;
  throughVersion: bigint;
  openingBalance: bigint;
  closingBalance: bigint;
  totalCredits: bigint;
  totalDebits: bigint;
  fees: bigint;
  dividends: bigint;
}

interface AccountRow {
  type: 'Checking' | 'Savings';
  account_number: string | null;
  user_id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

export async function buildStatement(
  db: Executor,
  config: StatementConfig,
  accountId: string,
  period: string,
  issuedAt: Date,
  statementId: string,
): Promise<{ document: StatementDocument; figures: StatementFigures }> {
  const [account] = await queryRows<AccountRow>(
    db,
    sql`select a.type, a.account_number, a.user_id, u.name, u.street, u.city, u.state, u.postal_code, u.country
        from ledger_accounts a join users u on u.id = a.user_id where a.id = ${accountId}`,
  );
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  const zone = config.timeZone;
  const bounds = periodBounds(period, zone);
  const open = await balanceAtEnd(db, accountId, previousPeriod(period), bounds.start);
  const close = await balanceAtEnd(db, accountId, period, bounds.end);
  const rows = await postedEntries(db, accountId, open.cut.version, close.cut.version);
  const dividend = account.type === 'Savings' ? await dividendOf(db, accountId, period) : null;

  const lines: StatementLine[] = [];
  let balance = open.balance;
  const add = (line: Omit<StatementLine, 'balance'>) => {
    balance += line.direction === 'credit' ? line.amount : -line.amount;
    lines.push({ ...line, balance });
  };
  for (const row of rows) {
    // An earlier month's dividend recorded this month was on that month's statement.
    if (row.dividend_period !== null) continue;
    const postedOn = localDay(new Date(row.created_at), zone);
    const effectiveOn = localDay(new Date(row.effective_at), zone);
    add({
      postedOn,
      effectiveOn: effectiveOn === postedOn ? null : effectiveOn,
      description: row.memo,
      type: row.reverses_id ? 'Reversal' : row.category,
      counterparty: counterparty(row, account.user_id),
      reference: row.reference,
      direction: row.side,
      amount: BigInt(String(row.amount)),
    });
  }
  if (dividend && dividend.amount > 0n) {
    add({
      postedOn: bounds.to,
      effectiveOn: null,
      description: `Dividend earned for ${bounds.label}`,
      type: 'Dividend',
      counterparty: null,
      reference: null,
      direction: 'credit',
      amount: dividend.amount,
    });
  }
  if (balance !== close.balance) {
    // The ledger's own balance disagrees with the sum of the lines: never issue such a statement.
    throw new Error(`statement ${accountId} ${period} does not reconcile: ${balance} ≠ ${close.balance}`);
  }

  const sum = (direction: 'credit' | 'debit') =>
    lines.filter((line) => line.direction === direction).reduce((total, line) => total + line.amount, 0n);
  // Fees and dividends by the ledger's category, a reversal netting its original (statement-ledger.ts):
  // a reversal's line says "Reversal", so the lines' types cannot tell a refunded fee.
  const yearStart = periodBounds(`${period.slice(0, 4)}-01`, zone).start;
  const yearFrom = (await cutBefore(db, accountId, yearStart)).version;
  const through = close.cut.version;
  const fees = await feesCharged(db, accountId, { yearFrom, periodFrom: open.cut.version, through });
  const dividendsYearToDate =
    account.type === 'Savings'
      ? await dividendsEarned(db, accountId, { yearFrom, through, yearStart, periodEnd: bounds.end, period })
      : 0n;
  const masked = `••••${(account.account_number ?? '').slice(-4)}`;

  const document: StatementDocument = {
    creditUnion: {
      name: config.brand.name,
      addressLines: [
        config.address.street,
        `${config.address.city}, ${config.address.state} ${config.address.postalCode}`,
      ],
      routingNumber: config.routingNumber,
      phone: config.support.phone,
      email: config.support.email,
      hours: config.support.hours,
      ncuaNotice: config.ncuaNotice,
    },
    member: { name: account.name, addressLines: mailingAddress(account), memberNumber: null },
    account: { type: account.type, maskedNumber: masked },
    period: { id: period, label: bounds.label, from: bounds.from, to: bounds.to, days: bounds.days },
    issuedAt: issuedAt.toISOString(),
    statementId,
    openingBalance: open.balance,
    closingBalance: close.balance,
    totalCredits: sum('credit'),
    creditCount: lines.filter((line) => line.direction === 'credit').length,
    totalDebits: sum('debit'),
    debitCount: lines.filter((line) => line.direction === 'debit').length,
    pendingAtClose: close.cut.balance - close.cut.available,
    fees,
    dividends:
      account.type === 'Savings'
        ? {
            earned: dividend?.amount ?? 0n,
            yearToDate: dividendsYearToDate,
            apyEarned: `${dividend?.apyEarned ?? '0.00'}%`,
            apy: `${dividend?.apy ?? savingsApy(config)}%`,
            averageDailyBalance:
              dividend && dividend.days > 0 ? roundHalfUp(dividend.balanceDays, BigInt(dividend.days)) : 0n,
            days: bounds.days,
          }
        : null,
    lines,
  };
  return {
    document,
    figures: {
      accountId,
      userId: account.user_id,
      period,
      fromVersion: open.cut.version,
      throughVersion: close.cut.version,
      openingBalance: open.balance,
      closingBalance: close.balance,
      totalCredits: document.totalCredits,
      totalDebits: document.totalDebits,
      fees: fees.period,
      dividends: dividend?.amount ?? 0n,
    },
  };
}

function mailingAddress(account: AccountRow): string[] {
  const cityLine = [account.city, [account.state, account.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const country = account.country && !/^(us|usa|united states)/i.test(account.country) ? account.country : '';
  return [account.street, cityLine, country].filter((line) => line.trim() !== '');
}

/** Who the money went to or came from, when the ledger knows: a member, a payee, a bank's customer. */
function counterparty(row: EntryRow, ownerId: string): string | null {
  if (row.other_user_id !== null) {
    if (row.other_user_id === ownerId) return `Your ${row.other_type} ••••${(row.other_number ?? '').slice(-4)}`;
    return row.other_user_name;
  }
  if (row.order_beneficiary)
    return row.order_bank ? `${row.order_beneficiary}, ${row.order_bank}` : row.order_beneficiary;
  return row.bill_payee;
}

interface DividendRow {
  amount: bigint;
  apy: string;
  apyEarned: string;
  balanceDays: bigint;
  days: number;
}

async function dividendOf(db: Executor, accountId: string, period: string): Promise<DividendRow | null> {
  const [row] = await queryRows<{
    amount: unknown;
    apy: string;
    apy_earned: string;
    balance_days: unknown;
    days: number;
  }>(
    db,
    sql`select amount, apy, apy_earned, balance_days, days from dividend_postings
        where account_id = ${accountId} and period = ${period}`,
  );
  if (!row) return null;
  return {
    amount: BigInt(String(row.amount)),
    apy: row.apy,
    apyEarned: row.apy_earned,
    balanceDays: BigInt(String(row.balance_days)),
    days: row.days,
  };
}
