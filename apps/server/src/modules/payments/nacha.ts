import { type AchSecCode, isValidRoutingNumber } from '@mutual/shared';

/**
 * A NACHA ACH file (the Nacha Operating Rules' fixed-width format): 94-character records, a File
 * Header (1), per SEC code a Batch Header (5), its Entry Details (6) and a Batch Control (8), a
 * File Control (9), and `9…9` filler records to a multiple of ten lines (a block). We only
 * originate credits to checking accounts (transaction code 22, service class 220).
 */

export const RECORD_LENGTH = 94;
const BLOCKING_FACTOR = 10;
const CHECKING_CREDIT = '22';
const CREDITS_ONLY = '220';
/** Largest amount one entry's 10-digit field holds: $99,999,999.99. */
export const MAX_ENTRY_CENTS = 9_999_999_999n;

export interface NachaEntry {
  /** The receiving bank's 9-digit ABA routing number. */
  routingNumber: string;
  accountNumber: string;
  amount: bigint;
  /** The receiver's name (upper-cased and trimmed to 22 characters here). */
  name: string;
  /** Our reference for the entry (Individual Identification Number, 15 characters). */
  individualId: string;
}

export interface NachaFile {
  immediateDestination: string;
  immediateDestinationName: string;
  /** The originating credit union's routing number (Immediate Origin and ODFI). */
  originRoutingNumber: string;
  originName: string;
  companyName: string;
  companyId: string;
  entryDescription: string;
  /** When the file is created, as the credit union's local date (YYMMDD) and time (HHMM). */
  creationDate: string;
  creationTime: string;
  /** Settlement requested for (YYMMDD). */
  effectiveDate: string;
  /** A–Z then 0–9: tells apart files sent to one destination on one day. */
  fileIdModifier: string;
  /** WEB/PPD: members' transfers; CCD: bill payments to billers (corporate credits). */
  batches: Array<{ sec: AchSecCode | 'CCD'; entries: NachaEntry[] }>;
}

/**
 * What a NACHA text field may hold here: upper-case ASCII letters, digits, space and a few
 * punctuation marks. Accents are dropped (José → JOSE); anything else, line breaks included,
 * becomes a space, so a name can never break the fixed-width layout.
 */
export function achText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .,&'/-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The DFI account number as the entry carries it: letters and digits only, at most 17. */
const accountField = (accountNumber: string) => accountNumber.replace(/[^0-9A-Za-z]/g, '');

/** Why an entry cannot be written as it is, so the file must leave it out. */
export type EntryProblem = 'amount' | 'amountTooLarge' | 'routingNumber' | 'accountNumber' | 'name';

/**
 * What would keep `entry` out of a valid file, or null. Nothing is ever cut to fit: a longer
 * account number or a larger amount would be a different payment.
 */
export function entryProblem(entry: NachaEntry): EntryProblem | null {
  if (entry.amount <= 0n) return 'amount';
  if (entry.amount > MAX_ENTRY_CENTS) return 'amountTooLarge';
  if (!/^\d{9}$/.test(entry.routingNumber) || !isValidRoutingNumber(entry.routingNumber)) return 'routingNumber';
  const account = accountField(entry.accountNumber);
  if (account.length === 0 || account.length > 17) return 'accountNumber';
  if (achText(entry.name) === '') return 'name';
  return null;
}

/** A text field: sanitised, cut to `width`, blank-filled on the right. */
const alpha = (value: string, width: number) => achText(value).slice(0, width).padEnd(width, ' ');

/** A numeric field: zero-filled on the left; a value that does not fit is a bug, never truncated. */
function num(value: bigint | number | string, width: number): string {
  const text = value.toString();
  if (!/^\d+$/.test(text) || text.length > width) throw new Error(`NACHA field of ${width} digits cannot hold ${text}`);
  return text.padStart(width, '0');
}

function record(fields: string[]): string {
  const line = fields.join('');
  if (line.length !== RECORD_LENGTH)
    throw new Error(`NACHA record is ${line.length} characters, not ${RECORD_LENGTH}: ${line}`);
  return line;
}

/** The receiving DFI identification (first 8 digits of the routing number) as a number, for hashes. */
const dfiId = (routingNumber: string) => BigInt(routingNumber.slice(0, 8));
const hash10 = (sum: bigint) => sum % 10_000_000_000n;

export function buildNachaFile(file: NachaFile): { content: string; entryCount: number; totalCredit: bigint } {
  const odfi = file.originRoutingNumber.slice(0, 8);
  const lines: string[] = [];
  lines.push(
    record([
      '1',
      '01', // priority code
      ` ${num(file.immediateDestination, 9)}`,
      ` ${num(file.originRoutingNumber, 9)}`,
      num(file.creationDate, 6),
      num(file.creationTime, 4),
      file.fileIdModifier,
      '094', // record size
      num(BLOCKING_FACTOR, 2),
      '1', // format code
      alpha(file.immediateDestinationName, 23),
      alpha(file.originName, 23),
      alpha('', 8), // reference code
    ]),
  );

  let trace = 0;
  let fileEntries = 0;
  let fileHash = 0n;
  let fileCredit = 0n;
  file.batches.forEach((batch, index) => {
    const batchNumber = num(index + 1, 7);
    lines.push(
      record([
        '5',
        CREDITS_ONLY,
        alpha(file.companyName, 16),
        alpha('', 20), // company discretionary data
        alpha(file.companyId, 10),
        batch.sec,
        alpha(file.entryDescription, 10),
        alpha('', 6), // company descriptive date
        num(file.effectiveDate, 6),
        alpha('', 3), // settlement date: the ACH operator fills it in
        '1', // originator status: a depository financial institution
        odfi,
        batchNumber,
      ]),
    );
    let batchHash = 0n;
    let batchCredit = 0n;
    for (const entry of batch.entries) {
      // The export leaves such entries out (entryProblem); reaching here with one is a bug.
      const problem = entryProblem(entry);
      if (problem) throw new Error(`ACH entry ${entry.individualId} is out of range: ${problem}`);
      trace += 1;
      lines.push(
        record([
          '6',
          CHECKING_CREDIT,
          entry.routingNumber.slice(0, 8),
          entry.routingNumber.slice(8, 9),
          alpha(accountField(entry.accountNumber), 17),
          num(entry.amount, 10),
          alpha(entry.individualId, 15),
          alpha(entry.name, 22),
          batch.sec === 'WEB' ? 'S ' : '  ', // WEB: payment type code, S = single entry
          '0', // no addenda record
          odfi + num(trace, 7),
        ]),
      );
      batchHash += dfiId(entry.routingNumber);
      batchCredit += entry.amount;
    }
    lines.push(
      record([
        '8',
        CREDITS_ONLY,
        num(batch.entries.length, 6),
        num(hash10(batchHash), 10),
        num(0, 12), // total debits
        num(batchCredit, 12),
        alpha(file.companyId, 10),
        alpha('', 19), // message authentication code
        alpha('', 6), // reserved
        odfi,
        batchNumber,
      ]),
    );
    fileEntries += batch.entries.length;
    fileHash += batchHash;
    fileCredit += batchCredit;
  });

  // The File Control record counts the blocks, itself and the filler included.
  const blocks = Math.ceil((lines.length + 1) / BLOCKING_FACTOR);
  lines.push(
    record([
      '9',
      num(file.batches.length, 6),
      num(blocks, 6),
      num(fileEntries, 8),
      num(hash10(fileHash), 10),
      num(0, 12),
      num(fileCredit, 12),
      alpha('', 39),
    ]),
  );
  while (lines.length % BLOCKING_FACTOR !== 0) lines.push('9'.repeat(RECORD_LENGTH));
  return { content: `${lines.join('\n')}\n`, entryCount: fileEntries, totalCredit: fileCredit };
}
