import type { AccountSummary, Transaction, TransactionCategory } from '@mutual/shared';
import { type Executor, queryRows } from '../../db/client';
import { instantAt, localDay } from '../../time';
import { findMemberAccounts } from '../ledger/member-accounts';
import { EXPORT_BATCH, transactionBatches } from './export-transactions';
import { asciiText, nextDay, ofxDateTime, qifDate, sgmlText } from './export-money-software-text';
import { historyReads, historyRowsSql, type HistoryRow } from './history-sql';
import type { TransactionFilters } from './list-transactions';

/**
 * The history for money software: OFX 1.0.2 (SGML, what Quicken, GnuCash and Moneydance import)
 * and QIF, streamed batch by batch as the CSV is (export-transactions.ts).
 *
 * Only money that moved is a transaction there: Completed rows. A Pending hold has not posted (it
 * is the difference between LEDGERBAL and AVAILBAL) and a Failed row never moved money, so
 * neither is listed. Staff corrections — a reversal and the row it reversed — are both real
 * movements on the ledger and are always listed, whatever the page's Corrections switch says, so
 * the listed amounts add up to the ledger's balance. The page's other filters apply.
 *
 * Importers take one account per statement: OFX gets one `<STMTTRNRS>` per account (the member's
 * accounts, or the one the filter names), each matched by its routing and full account number;
 * QIF gets one `!Type:Bank` list, or — with no account filter — Quicken's multi-account form:
 * `!Option:AutoSwitch` and an `!Account` block before each account's list.
 *
 * The balances are read once, before the rows: money that posts while a long file is being
 * written shows in the next download (a row may then be listed while the balance read before it
 * does not include it yet; both agree again on the next export).
 */

export interface MoneyFileContext {
  timeZone: string;
  now: Date;
  /** `<ORG>` / the QIF account names' prefix, and `<FID>`. */
  institution: { shortName: string; routingNumber: string };
}

type ExportAccount = Pick<AccountSummary, 'id' | 'type' | 'accountNumber' | 'routingNumber' | 'balance' | 'available'>;

/** The member's accounts the filters name, with their balances from the ledger. */
async function exportAccounts(db: Executor, userId: string, filters: TransactionFilters): Promise<ExportAccount[]> {
  const accounts = await findMemberAccounts(db, userId);
  return accounts.filter((account) => !filters.account || account.type === filters.account);
}

/**
 * The filters for one account's posted rows, or null when the page's status filter leaves none
 * (Pending or Failed: nothing posted is either).
 */
function postedFilters(filters: TransactionFilters, account: ExportAccount): TransactionFilters | null {
  if (filters.status && filters.status !== 'Completed') return null;
  return { ...filters, account: account.type, status: 'Completed', corrections: true };
}

/** One account's posted rows (`postedFilters`), a batch at a time, each as the file's `record` writes it. */
async function* postedRecords(
  db: Executor,
  userId: string,
  filters: TransactionFilters | null,
  timeZone: string,
  batch: number,
  record: (row: Transaction, timeZone: string) => string,
): AsyncGenerator<string> {
  if (!filters) return;
  for await (const rows of transactionBatches(db, userId, filters, timeZone, batch, false)) {
    yield rows.map((row) => record(row, timeZone)).join('');
  }
}

/** A money-software file of the member's posted transactions, streamed (`batch` rows read at a time). */
export type MoneyFile = (
  db: Executor,
  userId: string,
  filters: TransactionFilters,
  context: MoneyFileContext,
  batch?: number,
) => AsyncGenerator<string>;

const signed = (row: Transaction) => (row.type === 'debit' ? `-${row.amount}` : row.amount);

/** A FITID: the transfer and the account's side of it, so both sides of a move stay distinct; 33 characters. */
export const fitIdOf = (row: Pick<Transaction, 'transferId' | 'type'>) =>
  `${row.transferId.replaceAll('-', '')}${row.type === 'credit' ? 'C' : 'D'}`;

const crlf = (lines: string[]) => lines.map((line) => `${line}\r\n`).join('');

// ---------------------------------------------------------------------------------------------
// OFX 1.0.2

/** The OFX header block (spec §2.2): plain lines, a blank line, then the SGML body. */
const ofxHeader = [
  'OFXHEADER:100',
  'DATA:OFXSGML',
  'VERSION:102',
  'SECURITY:NONE',
  'ENCODING:USASCII',
  'CHARSET:1252',
  'COMPRESSION:NONE',
  'OLDFILEUID:NONE',
  'NEWFILEUID:NONE',
  '',
];

const ok = ['<STATUS>', '<CODE>0', '<SEVERITY>INFO', '</STATUS>'];

/** TRNTYPE where a category says more than CREDIT/DEBIT and the sign agrees with it. */
const trnTypes: Partial<Record<TransactionCategory, Partial<Record<Transaction['type'], string>>>> = {
  Dividend: { credit: 'DIV' },
  Fee: { debit: 'FEE' },
  Deposit: { credit: 'DEP' },
  'Bill Pay': { debit: 'PAYMENT' },
  Transfer: { credit: 'XFER', debit: 'XFER' },
};

/** A reversal undoes what it reverses: it is a plain credit or debit, not another fee or dividend. */
function trnType(row: Transaction): string {
  const specific = row.correction === 'reversal' ? undefined : trnTypes[row.category]?.[row.type];
  return specific ?? (row.type === 'credit' ? 'CREDIT' : 'DEBIT');
}

/** What MEMO adds to NAME: the whole description when NAME had to be cut, and the reference. */
function memoOf(row: Transaction): string | undefined {
  const description = asciiText(row.description);
  const reference = row.reference ? asciiText(row.reference) : '';
  if (description.length <= NAME_MAX && !reference) return undefined;
  return reference ? `${description} (Ref: ${reference})` : description;
}

const NAME_MAX = 32;
const MEMO_MAX = 255;

function stmtTrn(row: Transaction, timeZone: string): string {
  const name = sgmlText(row.description, NAME_MAX);
  const memo = memoOf(row);
  return crlf([
    '<STMTTRN>',
    `<TRNTYPE>${trnType(row)}`,
    `<DTPOSTED>${ofxDateTime(new Date(row.date), timeZone)}`,
    `<TRNAMT>${signed(row)}`,
    `<FITID>${fitIdOf(row)}`,
    ...(name ? [`<NAME>${name}`] : []),
    ...(memo ? [`<MEMO>${sgmlText(memo, MEMO_MAX)}`] : []),
    '</STMTTRN>',
  ]);
}

/**
 * The period a statement covers: from the `from` day's start (else the oldest row listed), to
 * now or the end of the `to` day, whichever is earlier.
 */
async function statementPeriod(
  db: Executor,
  account: ExportAccount,
  filters: TransactionFilters | null,
  context: MoneyFileContext,
): Promise<{ start: Date; end: Date }> {
  const { timeZone, now } = context;
  const toEnd = filters?.to ? new Date(instantAt(nextDay(filters.to), '00:00', timeZone).getTime() - 1) : now;
  const end = toEnd < now ? toEnd : now;
  if (filters?.from) return { start: instantAt(filters.from, '00:00', timeZone), end };
  const [oldest] = filters
    ? await queryRows<HistoryRow>(
        db,
        historyRowsSql(historyReads([account], filters), filters, timeZone, { direction: 'newer', limit: 1 }),
      )
    : [];
  return { start: oldest ? new Date(`${oldest.effective_key.slice(0, 23)}Z`) : end, end };
}

/** The signed-in member's posted transactions as an OFX 1.0.2 SGML file, one statement per account. */
export const transactionsOfx: MoneyFile = async function* (db, userId, filters, context, batch = EXPORT_BATCH) {
  const { timeZone, institution } = context;
  const now = ofxDateTime(context.now, timeZone);
  const accounts = await exportAccounts(db, userId, filters);
  yield crlf([
    ...ofxHeader,
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    ...ok,
    `<DTSERVER>${now}`,
    '<LANGUAGE>ENG',
    '<FI>',
    `<ORG>${sgmlText(institution.shortName, 32)}`,
    `<FID>${institution.routingNumber}`,
    '</FI>',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
  ]);
  for (const account of accounts) {
    const posted = postedFilters(filters, account);
    const { start, end } = await statementPeriod(db, account, posted, context);
    yield crlf([
      '<STMTTRNRS>',
      '<TRNUID>0',
      ...ok,
      '<STMTRS>',
      '<CURDEF>USD',
      '<BANKACCTFROM>',
      `<BANKID>${account.routingNumber || institution.routingNumber}`,
      `<ACCTID>${account.accountNumber}`,
      `<ACCTTYPE>${account.type === 'Savings' ? 'SAVINGS' : 'CHECKING'}`,
      '</BANKACCTFROM>',
      '<BANKTRANLIST>',
      `<DTSTART>${ofxDateTime(start, timeZone)}`,
      `<DTEND>${ofxDateTime(end, timeZone)}`,
    ]);
    yield* postedRecords(db, userId, posted, timeZone, batch, stmtTrn);
    yield crlf([
      '</BANKTRANLIST>',
      '<LEDGERBAL>',
      `<BALAMT>${account.balance}`,
      `<DTASOF>${now}`,
      '</LEDGERBAL>',
      '<AVAILBAL>',
      `<BALAMT>${account.available}`,
      `<DTASOF>${now}`,
      '</AVAILBAL>',
      '</STMTRS>',
      '</STMTTRNRS>',
    ]);
  }
  yield crlf(['</BANKMSGSRSV1>', '</OFX>']);
};

// ---------------------------------------------------------------------------------------------
// QIF

/** How the account is named in money software: "Mutual Demo Checking 7890". */
const qifAccountName = (account: ExportAccount, context: MoneyFileContext) =>
  asciiText(`${context.institution.shortName} ${account.type} ${account.accountNumber.slice(-4)}`);

function qifRecord(row: Transaction, timeZone: string): string {
  const payee = asciiText(row.description);
  const reference = row.reference ? asciiText(row.reference) : '';
  return crlf([
    `D${qifDate(localDay(new Date(row.date), timeZone))}`,
    `T${signed(row)}`,
    ...(payee ? [`P${payee}`] : []),
    `M${row.category}`,
    ...(reference ? [`N${reference}`] : []),
    '^',
  ]);
}

/**
 * The signed-in member's posted transactions as QIF: `D` date (MM/DD/YYYY, the credit union's
 * day), `T` signed amount, `P` payee (the description), `M` memo (the category), `N` the
 * reference if any, `^` to end each record.
 */
export const transactionsQif: MoneyFile = async function* (db, userId, filters, context, batch = EXPORT_BATCH) {
  const accounts = await exportAccounts(db, userId, filters);
  // With the account filter the file is one account's list, imported into whichever account the
  // member picks; without it each list is preceded by the account it belongs to.
  const several = !filters.account;
  if (several) {
    yield crlf([
      '!Option:AutoSwitch',
      '!Account',
      ...accounts.flatMap((account) => [`N${qifAccountName(account, context)}`, 'TBank', '^']),
      '!Clear:AutoSwitch',
    ]);
  }
  for (const account of accounts) {
    yield crlf([...(several ? ['!Account', `N${qifAccountName(account, context)}`, 'TBank', '^'] : []), '!Type:Bank']);
    yield* postedRecords(db, userId, postedFilters(filters, account), context.timeZone, batch, qifRecord);
  }
};
