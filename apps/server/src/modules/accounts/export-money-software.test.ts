import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AccountSummary, type AccountType, centsToDecimal, type TransactionCategory } from '@mutual/shared';
import { parseSync } from 'ofx-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, manualClock } from '../../test/identity';
import { accountId, type Member, memberWithMoney, sendTransfer } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { internationalForm, userTransfer } from '../../test/transfer-forms';
import { generalLedger } from '../ledger/general-ledger';
import { postTransfer, resolvePending, reverseTransfer } from '../ledger/post-transfer';
import { fitIdOf, transactionsOfx } from './export-money-software';
import { asciiText, ofxDateTime, sgmlText } from './export-money-software-text';

/** 22:30 on 14 March in New York (EDT since 8 March) is already 15 March in UTC. */
const NOW = new Date('2026-03-15T02:30:00.000Z');
const ZONE = 'America/New_York';

/** What one of the member's rows should be in the money files, worked out here from what the test posted. */
interface Expected {
  transferId: string;
  account: AccountType;
  side: 'credit' | 'debit';
  cents: bigint;
  at: Date;
  trnType: string;
  name: string;
  memo?: string;
  category: TransactionCategory;
  reference?: string;
}

const fitId = (row: Expected) => fitIdOf({ transferId: row.transferId, type: row.side });
const signedAmount = (row: Expected) => centsToDecimal(row.side === 'debit' ? -row.cents : row.cents);
const total = (rows: Expected[]) =>
  rows.reduce((sum, row) => sum + (row.side === 'debit' ? -row.cents : row.cents), 0n);

/** An OFX date read back: the wall clock and the offset in hours, as an instant. */
function instantOf(ofxDate: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\.(\d{3})\[([+-]?\d+)(?::[A-Z]+)?\]$/.exec(ofxDate);
  if (!match) throw new Error(`not an OFX date: ${ofxDate}`);
  const [, y, mo, d, h, mi, s, ms, offset] = match.map(Number) as number[];
  return new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s, ms) - (offset ?? 0) * 3_600_000);
}

/** What ofxdump (C locale, TZ=UTC) prints for a time: `%c %Z`, e.g. "Sun Mar  1 14:00:00 2026 UTC". */
function cTime(date: Date): string {
  const [weekday, day, month, year, time] = date.toUTCString().replace(',', '').split(' ');
  return `${weekday} ${month} ${String(Number(day)).padStart(2, ' ')} ${time} ${year} UTC`;
}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

interface OfxTransaction {
  TRNTYPE: string;
  DTPOSTED: string;
  TRNAMT: string;
  FITID: string;
  NAME?: string;
  MEMO?: string;
}
interface OfxStatement {
  TRNUID: string;
  STATUS: { CODE: string };
  STMTRS: {
    CURDEF: string;
    BANKACCTFROM: { BANKID: string; ACCTID: string; ACCTTYPE: string };
    BANKTRANLIST: { DTSTART: string; DTEND: string; STMTTRN?: OfxTransaction | OfxTransaction[] };
    LEDGERBAL: { BALAMT: string; DTASOF: string };
    AVAILBAL: { BALAMT: string; DTASOF: string };
  };
}

/** Our OFX read by ofx-js, an OFX parser from npm (SGML made XML, then parsed). */
function readOfx(body: string) {
  const parsed = parseSync(body);
  const statements = list(parsed.OFX.BANKMSGSRSV1?.STMTTRNRS as OfxStatement | OfxStatement[] | undefined);
  return {
    header: parsed.header,
    signOn: parsed.OFX.SIGNONMSGSRSV1.SONRS as {
      STATUS: { CODE: string };
      DTSERVER: string;
      FI: { ORG: string; FID: string };
    },
    statements: statements.map((s) => ({ ...s.STMTRS, transactions: list(s.STMTRS.BANKTRANLIST.STMTTRN) })),
  };
}

/** ofxdump's blocks (`ofx_proc_transaction():` and its indented lines), each as label → value. */
function ofxdumpBlocks(stdout: string) {
  return stdout
    .split(/\n\s*\n/)
    .map((block) => block.trim().split('\n'))
    .filter((lines) => lines[0]?.endsWith('():'))
    .map((lines) => ({
      kind: lines[0]?.slice(0, -3) ?? '',
      fields: Object.fromEntries(
        lines.slice(1).map((line) => {
          const at = line.indexOf(': ');
          return [line.slice(0, at).trim(), line.slice(at + 2)];
        }),
      ),
    }));
}

const ofxdumpFound = spawnSync('ofxdump', ['--version']).error === undefined;
const ofxdumpRequired = process.env.CI === 'true';
if (!ofxdumpFound && !ofxdumpRequired)
  console.warn('[ACCOUNTS] OFX: skipping the LibOFX (ofxdump) checks: ofxdump is not installed (apt-get install ofx).');

/** Runs LibOFX's ofxdump on the file: exit status, what it printed, and every line that is a warning or error. */
function ofxdump(body: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-ofx-'));
  try {
    const file = path.join(dir, 'transactions.ofx');
    fs.writeFileSync(file, body, 'latin1');
    const run = spawnSync('ofxdump', [file], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC', LC_ALL: 'C' } });
    expect(run.error, 'ofxdump must be installed (Debian package ofx)').toBeUndefined();
    const complaints = `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => /error|warning/i.test(line));
    return { status: run.status, stdout: run.stdout, complaints };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('[ACCOUNTS]: transactions for money software (OFX 1.0.2 and QIF)', () => {
  const time = manualClock(NOW);
  const t = useLedgerTestApp({ clock: time.clock, env: { TIME_ZONE: ZONE } });

  let robin: Member;
  let other: Member;
  let otherDeposit: string;
  let accounts: Record<AccountType, AccountSummary>;
  let pendingBill: string;
  /** Every posted row of Robin's, as the files must list them. */
  const expected: Expected[] = [];

  async function post(
    row: Omit<Expected, 'transferId'>,
    counterpart: string = generalLedger.cash,
    kind: 'single' | 'pending' | 'failed' = 'single',
    userId = robin.id,
  ) {
    const own = await accountId(t, userId, row.account);
    const description = row.name;
    const posted = await t.db.transaction((tx) =>
      postTransfer(tx, {
        kind,
        debitAccountId: row.side === 'debit' ? own : counterpart,
        creditAccountId: row.side === 'debit' ? counterpart : own,
        amount: row.cents,
        category: row.category,
        debitMemo: description,
        creditMemo: description,
        reference: row.reference ?? null,
        reason: kind === 'failed' ? 'The account is closed.' : null,
        effectiveAt: row.at,
        now: time.now(),
        createdBy: null,
      }),
    );
    return posted.transferId;
  }

  /** Posts a completed row and records what the files must show for it. */
  async function posted(row: Omit<Expected, 'transferId'>) {
    const transferId = await post(row);
    expected.push({ ...row, transferId });
    return transferId;
  }

  beforeAll(async () => {
    robin = await memberWithMoney(t, 0n, 'Robin Tester');
    other = await memberWithMoney(t, 0n, 'Zoë Ångström');
    otherDeposit = await post(
      {
        account: 'Checking',
        side: 'credit',
        cents: 50_00n,
        at: new Date('2026-02-01T15:00:00Z'),
        name: 'Cash',
        category: 'Deposit',
        trnType: 'DEP',
      },
      generalLedger.cash,
      'single',
      other.id,
    );

    await posted({
      account: 'Checking',
      side: 'credit',
      cents: 500_00n,
      at: new Date('2026-02-10T15:00:00.000Z'),
      trnType: 'DEP',
      name: 'Payroll – Café Zoë & Co <ACME> for February',
      memo: 'Payroll - Cafe Zoe & Co <ACME> for February',
      category: 'Deposit',
    });
    await posted({
      account: 'Checking',
      side: 'debit',
      cents: 40_00n,
      at: new Date('2026-02-20T17:30:00.250Z'),
      trnType: 'DEBIT',
      name: 'ATM withdrawal',
      category: 'Withdrawal',
    });
    await posted({
      account: 'Savings',
      side: 'credit',
      cents: 42n,
      at: new Date('2026-02-28T23:00:00Z'),
      trnType: 'DIV',
      name: 'Dividend',
      category: 'Dividend',
    });
    await posted({
      account: 'Checking',
      side: 'debit',
      cents: 2_50n,
      at: new Date('2026-03-01T14:00:00Z'),
      trnType: 'FEE',
      name: 'Monthly service fee',
      category: 'Fee',
    });
    // A move between Robin's own accounts: one row in each account's statement, each its own FITID.
    const [checking, savings] = [await accountId(t, robin.id, 'Checking'), await accountId(t, robin.id, 'Savings')];
    const move = await t.db.transaction((tx) =>
      postTransfer(tx, {
        kind: 'single',
        debitAccountId: checking,
        creditAccountId: savings,
        amount: 100_00n,
        category: 'Transfer',
        debitMemo: 'Transfer to Savings',
        creditMemo: 'Transfer from Checking',
        effectiveAt: new Date('2026-03-10T16:00:00Z'),
        now: time.now(),
        createdBy: null,
      }),
    );
    const moveRow = { transferId: move.transferId, cents: 100_00n, at: new Date('2026-03-10T16:00:00Z') };
    expected.push(
      {
        ...moveRow,
        account: 'Checking',
        side: 'debit',
        trnType: 'XFER',
        name: 'Transfer to Savings',
        category: 'Transfer',
      },
      {
        ...moveRow,
        account: 'Savings',
        side: 'credit',
        trnType: 'XFER',
        name: 'Transfer from Checking',
        category: 'Transfer',
      },
    );
    // A staff correction: the reversed deposit and its reversal are both listed.
    const duplicate = await posted({
      account: 'Checking',
      side: 'credit',
      cents: 30_00n,
      at: new Date('2026-03-11T15:00:00Z'),
      trnType: 'DEP',
      name: 'Duplicate deposit',
      category: 'Deposit',
    });
    const reversal = await t.db.transaction((tx) =>
      reverseTransfer(tx, { transferId: duplicate, reason: 'Entered twice', now: time.now(), createdBy: null }),
    );
    expected.push({
      transferId: reversal.transferId,
      account: 'Checking',
      side: 'debit',
      cents: 30_00n,
      at: NOW,
      trnType: 'DEBIT',
      name: 'Reversal: Duplicate deposit',
      category: 'Deposit',
    });
    // Money from another member, with a reference.
    expect((await userTransfer(other, robin, { amount: '12.00', reference: 'Dinner & drinks <3' })).statusCode).toBe(
      201,
    );
    // Not money that moved: a pending international payment, a pending bill payment and a failed row.
    expect(
      (await sendTransfer(robin.browser, '/api/transfers/international', internationalForm({ amount: '25.00' })))
        .statusCode,
    ).toBe(201);
    pendingBill = await post(
      {
        account: 'Checking',
        side: 'debit',
        cents: 60_00n,
        at: new Date('2026-03-12T14:00:00Z'),
        name: 'Power & Light Co.',
        category: 'Bill Pay',
        trnType: 'PAYMENT',
      },
      generalLedger.billPayClearing,
      'pending',
    );
    await post(
      {
        account: 'Checking',
        side: 'debit',
        cents: 15_00n,
        at: new Date('2026-03-13T14:00:00Z'),
        name: 'Returned payment',
        category: 'Bill Pay',
        trnType: 'PAYMENT',
      },
      generalLedger.billPayClearing,
      'failed',
    );

    const history = await robin.browser.get('/api/me/transactions?type=credit&q=Dinner');
    const fromOther = history.json<{ items: Array<{ transferId: string; description: string }> }>().items[0];
    if (!fromOther) throw new Error('no transfer from the other member');
    expected.push({
      transferId: fromOther.transferId,
      account: 'Checking',
      side: 'credit',
      cents: 12_00n,
      at: NOW,
      trnType: 'XFER',
      name: fromOther.description,
      memo: `${asciiText(fromOther.description)} (Ref: Dinner & drinks <3)`,
      category: 'Transfer',
      reference: 'Dinner & drinks <3',
    });
    const summaries = (await robin.browser.get('/api/me/accounts')).json<{ accounts: AccountSummary[] }>().accounts;
    const byType = (type: AccountType) => summaries.find((a) => a.type === type) ?? expect.fail(`no ${type}`);
    accounts = { Checking: byType('Checking'), Savings: byType('Savings') };
  });

  async function download(browser: Browser, format: 'ofx' | 'qif', query = '') {
    const response = await browser.get(`/api/me/transactions/export.${format}${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    // Plain ASCII, every line ended by CRLF.
    expect(/^[\x20-\x7e\r\n]*$/.test(response.rawPayload.toString('latin1'))).toBe(true);
    expect(response.body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    return response;
  }

  const rowsOf = (account: AccountType) => expected.filter((row) => row.account === account);

  it('writes OFX 1.0.2 SGML an OFX parser reads: each posted row (FITID, date, amount), the balances', async () => {
    const response = await download(robin.browser, 'ofx');
    expect(response.headers['content-type']).toBe('application/x-ofx');
    expect(response.headers['content-disposition']).toBe('attachment; filename="transactions-2026-03-14.ofx"');
    expect(response.body.startsWith('OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\n')).toBe(true);
    expect(response.body).toContain('\r\nNEWFILEUID:NONE\r\n\r\n<OFX>\r\n');
    // SGML: leaf elements are not closed, aggregates are.
    expect(response.body).not.toContain('</TRNAMT>');
    expect(response.body).toContain('<NAME>Payroll - Cafe Zoe &amp; Co &lt;ACME&gt; f\r\n');

    const ofx = readOfx(response.body);
    expect(ofx.header).toMatchObject({ VERSION: '102', ENCODING: 'USASCII', CHARSET: '1252', DATA: 'OFXSGML' });
    expect(ofx.signOn.STATUS.CODE).toBe('0');
    expect(ofx.signOn.DTSERVER).toBe('20260314223000.000[-4:EDT]');
    expect(ofx.signOn.FI).toEqual({ ORG: t.config.brand.shortName, FID: t.config.routingNumber });
    expect(ofx.statements.map((s) => s.BANKACCTFROM)).toEqual([
      { BANKID: accounts.Checking.routingNumber, ACCTID: accounts.Checking.accountNumber, ACCTTYPE: 'CHECKING' },
      { BANKID: accounts.Savings.routingNumber, ACCTID: accounts.Savings.accountNumber, ACCTTYPE: 'SAVINGS' },
    ]);

    for (const [index, type] of (['Checking', 'Savings'] as const).entries()) {
      const statement = ofx.statements[index] ?? expect.fail(`no ${type} statement`);
      const rows = rowsOf(type);
      expect(statement.CURDEF).toBe('USD');
      const byFitId = new Map(statement.transactions.map((trn) => [trn.FITID, trn]));
      expect(byFitId.size).toBe(statement.transactions.length);
      expect([...byFitId.keys()].sort()).toEqual(rows.map(fitId).sort());
      for (const row of rows) {
        const trn = byFitId.get(fitId(row)) ?? expect.fail(`no ${row.name}`);
        expect(trn.TRNAMT, row.name).toBe(signedAmount(row));
        expect(trn.TRNTYPE, row.name).toBe(row.trnType);
        expect(instantOf(trn.DTPOSTED).toISOString(), row.name).toBe(row.at.toISOString());
        expect(trn.NAME, row.name).toBe(asciiText(row.name).slice(0, 32).trimEnd());
        expect(trn.MEMO, row.name).toBe(row.memo);
      }
      // No date cuts the history, so the rows add up to the ledger's balance; money on hold is
      // only the difference between the ledger and the available balance.
      expect(statement.LEDGERBAL.BALAMT).toBe(centsToDecimal(total(rows)));
      expect(statement.LEDGERBAL.BALAMT).toBe(accounts[type].balance);
      expect(statement.AVAILBAL.BALAMT).toBe(accounts[type].available);
      expect(statement.LEDGERBAL.DTASOF).toBe('20260314223000.000[-4:EDT]');
      expect(statement.BANKTRANLIST.DTEND).toBe('20260314223000.000[-4:EDT]');
    }
    expect(accounts.Checking).toMatchObject({ balance: '369.50', available: '284.50' });
    expect(accounts.Savings).toMatchObject({ balance: '100.42', available: '100.42' });
    // Dates carry the offset of their own day: EST in February, EDT after 8 March.
    expect(ofx.statements[0]?.BANKTRANLIST.DTSTART).toBe('20260210100000.000[-5:EST]');
    const [withdrawal, fee, move] = ['ATM withdrawal', 'Monthly service fee', 'Transfer to Savings'].map(
      (name) => ofx.statements[0]?.transactions.find((trn) => trn.NAME === name)?.DTPOSTED,
    );
    expect([withdrawal, fee, move]).toEqual([
      '20260220123000.250[-5:EST]',
      '20260301090000.000[-5:EST]',
      '20260310120000.000[-4:EDT]',
    ]);
  });

  it.skipIf(!ofxdumpFound && !ofxdumpRequired)(
    "is read by LibOFX's ofxdump with no warning or error: every FITID, amount, date and both balances",
    async () => {
      const { body } = await download(robin.browser, 'ofx');
      const dump = ofxdump(body);
      expect(dump.status).toBe(0);
      expect(dump.complaints).toEqual([]);
      const blocks = ofxdumpBlocks(dump.stdout);
      const statuses = blocks.filter((b) => b.kind === 'ofx_proc_status');
      expect(statuses.map((b) => b.fields['Code'])).toEqual([
        '0, name: Success',
        '0, name: Success',
        '0, name: Success',
      ]);

      for (const type of ['Checking', 'Savings'] as const) {
        const accountLabel = `${accounts[type].routingNumber}  ${accounts[type].accountNumber}`;
        const account = blocks.find((b) => b.kind === 'ofx_proc_account' && b.fields['Account ID'] === accountLabel);
        expect(account?.fields['Account type']).toBe(type.toUpperCase());
        const statement = blocks.find(
          (b) => b.kind === 'ofx_proc_statement' && b.fields['Account ID'] === accountLabel,
        );
        expect(statement?.fields).toMatchObject({
          'Ledger balance': accounts[type].balance,
          'Available balance': accounts[type].available,
          'Ledger balance date': cTime(NOW),
          'End date of this statement': cTime(NOW),
        });
        const transactions = blocks.filter(
          (b) => b.kind === 'ofx_proc_transaction' && b.fields['Account ID'] === accountLabel,
        );
        const rows = rowsOf(type);
        expect(transactions).toHaveLength(rows.length);
        for (const row of rows) {
          const found = transactions.find(
            (b) => b.fields["Financial institution's ID for this transaction"] === fitId(row),
          );
          expect(found?.fields, row.name).toMatchObject({
            'Total money amount': signedAmount(row),
            'Date posted': cTime(row.at),
            'Name of payee or transaction description': asciiText(row.name).slice(0, 32).trimEnd(),
          });
          if (row.memo) expect(found?.fields['Extra transaction information (memo)']).toBe(row.memo);
        }
      }
    },
  );

  it('writes QIF: !Option:AutoSwitch, then a !Type:Bank list per account with each posted row', async () => {
    const response = await download(robin.browser, 'qif');
    expect(response.headers['content-type']).toBe('application/qif');
    expect(response.headers['content-disposition']).toBe('attachment; filename="transactions-2026-03-14.qif"');
    const name = (type: AccountType) => `${t.config.brand.shortName} ${type} ${accounts[type].accountNumber.slice(-4)}`;
    const lines = response.body.slice(0, -2).split('\r\n');
    expect(lines.slice(0, 9)).toEqual([
      '!Option:AutoSwitch',
      '!Account',
      `N${name('Checking')}`,
      'TBank',
      '^',
      `N${name('Savings')}`,
      'TBank',
      '^',
      '!Clear:AutoSwitch',
    ]);
    const sections = response.body.split('!Account\r\n').slice(2);
    for (const [index, type] of (['Checking', 'Savings'] as const).entries()) {
      const [head, body = ''] = (sections[index] ?? '').split('!Type:Bank\r\n');
      expect(head).toBe(`N${name(type)}\r\nTBank\r\n^\r\n`);
      const records = body
        .split('^\r\n')
        .filter(Boolean)
        .map((record) =>
          Object.fromEntries(
            record
              .split('\r\n')
              .filter(Boolean)
              .map((l) => [l[0], l.slice(1)]),
          ),
        );
      const rows = rowsOf(type);
      expect(records).toHaveLength(rows.length);
      const day = (at: Date) => {
        const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at).split('-');
        return `${m}/${d}/${y}`;
      };
      const wanted = rows.map((row) => ({
        D: day(row.at),
        T: signedAmount(row),
        P: asciiText(row.name),
        M: row.category,
        ...(row.reference ? { N: row.reference } : {}),
      }));
      const key = (r: Record<string, string | undefined>) => `${r['D']} ${r['T']} ${r['P']}`;
      expect(records.map(key).sort()).toEqual(wanted.map(key).sort());
      for (const record of records) expect(record).toEqual(wanted.find((w) => key(w) === key(record)));
    }
    // Dated by the credit union's day: the reversal at 22:30 on 14 March in New York (the 15th in UTC).
    expect(response.body).toContain('D03/14/2026\r\nT-30.00\r\nPReversal: Duplicate deposit\r\n');
  });

  it('keeps each FITID across exports; a held payment appears, under its own FITID, once it posts', async () => {
    const before = readOfx((await download(robin.browser, 'ofx')).body).statements[0]?.transactions ?? [];
    expect(before.map((trn) => trn.FITID)).not.toContain(fitIdOf({ transferId: pendingBill, type: 'debit' }));
    await t.db.transaction((tx) =>
      resolvePending(tx, { pendingId: pendingBill, kind: 'post', now: time.now(), createdBy: null }),
    );
    const after = readOfx((await download(robin.browser, 'ofx')).body).statements[0];
    const posted = after?.transactions.find((trn) => trn.FITID === fitIdOf({ transferId: pendingBill, type: 'debit' }));
    expect(posted).toMatchObject({ TRNTYPE: 'PAYMENT', TRNAMT: '-60.00', NAME: 'Power & Light Co.' });
    expect(after?.transactions.filter((trn) => trn !== posted)).toEqual(before);
    expect(after?.LEDGERBAL.BALAMT).toBe('309.50');
    expect(after?.AVAILBAL.BALAMT).toBe('284.50');
    // From here on the posted bill is one of the rows every file lists.
    expected.push({
      transferId: pendingBill,
      account: 'Checking',
      side: 'debit',
      cents: 60_00n,
      at: new Date('2026-03-12T14:00:00Z'),
      trnType: 'PAYMENT',
      name: 'Power & Light Co.',
      category: 'Bill Pay',
    });
  });

  it("applies the history's filters: one account, a date range, a status; corrections stay in", async () => {
    const savings = readOfx((await download(robin.browser, 'ofx', 'account=Savings')).body);
    expect(savings.statements.map((s) => s.BANKACCTFROM.ACCTTYPE)).toEqual(['SAVINGS']);
    expect(savings.statements[0]?.transactions.map((trn) => trn.FITID).sort()).toEqual(
      rowsOf('Savings').map(fitId).sort(),
    );

    const march = readOfx(
      (await download(robin.browser, 'ofx', 'account=Checking&from=2026-03-01&to=2026-03-11')).body,
    );
    const statement = march.statements[0];
    expect(statement?.BANKTRANLIST.DTSTART).toBe('20260301000000.000[-5:EST]');
    expect(statement?.BANKTRANLIST.DTEND).toBe('20260311235959.999[-4:EDT]');
    expect(statement?.transactions.map((trn) => trn.NAME)).toEqual([
      'Duplicate deposit',
      'Transfer to Savings',
      'Monthly service fee',
    ]);
    // The balances are the account's, whatever the filters.
    expect(statement?.LEDGERBAL.BALAMT).toBe('309.50');

    const pending = readOfx((await download(robin.browser, 'ofx', 'status=Pending')).body);
    expect(pending.statements.map((s) => s.transactions)).toEqual([[], []]);
    const corrections = readOfx((await download(robin.browser, 'ofx', 'corrections=false&q=duplicate')).body);
    expect(corrections.statements[0]?.transactions.map((trn) => trn.TRNAMT)).toEqual(['-30.00', '30.00']);

    const qif = (await download(robin.browser, 'qif', 'account=Savings&type=credit')).body;
    expect(qif.startsWith('!Type:Bank\r\n')).toBe(true);
    expect(qif).not.toContain('!Account');
    expect(qif.match(/\^\r\n/g)).toHaveLength(rowsOf('Savings').length);

    expect((await robin.browser.get('/api/me/transactions/export.ofx?status=Lost')).statusCode).toBe(400);
    expect((await new Browser(t).get('/api/me/transactions/export.ofx')).statusCode).toBe(401);
    expect((await new Browser(t).get('/api/me/transactions/export.qif')).statusCode).toBe(401);
  });

  it("holds only the signed-in member's accounts: another member's transfers and numbers never appear", async () => {
    const [mine, theirs] = [await download(robin.browser, 'ofx'), await download(other.browser, 'ofx')];
    const otherAccounts = (await other.browser.get('/api/me/accounts')).json<{ accounts: AccountSummary[] }>().accounts;
    const dashless = otherDeposit.replaceAll('-', '');
    for (const body of [mine.body, (await download(robin.browser, 'qif')).body]) {
      expect(body).not.toContain(dashless);
      for (const account of otherAccounts) expect(body).not.toContain(account.accountNumber);
    }
    const theirFile = readOfx(theirs.body);
    const theirIds = theirFile.statements.flatMap((s) => s.transactions.map((trn) => trn.FITID));
    expect(theirIds).toContain(`${dashless}C`);
    // The one transfer between them is in both files, each on its own side.
    const shared = expected.find((row) => row.reference) ?? expect.fail('no shared transfer');
    expect(theirIds).toContain(fitIdOf({ transferId: shared.transferId, type: 'debit' }));
    expect(theirIds).not.toContain(fitId(shared));
    expect(theirFile.statements.map((s) => s.BANKACCTFROM.ACCTID).sort()).toEqual(
      otherAccounts.map((a) => a.accountNumber).sort(),
    );
  });

  it('writes the same file in batches of any size', async () => {
    const context = {
      timeZone: ZONE,
      now: time.now(),
      institution: { shortName: t.config.brand.shortName, routingNumber: t.config.routingNumber },
    };
    let small = '';
    for await (const chunk of transactionsOfx(t.db, robin.id, { corrections: false }, context, 2)) small += chunk;
    expect(small).toBe((await download(robin.browser, 'ofx')).body);
  });
});

describe('[ACCOUNTS]: text and dates for money software', () => {
  it('turns any text into one line of ASCII', () => {
    expect(asciiText('Café Zoë — “Ångström” naïve façade')).toBe('Cafe Zoe - "Angstrom" naive facade');
    expect(asciiText('Straße Œuvre ﬁne ½ €5 ™')).toBe('Strasse OEuvre fine 1/2 EUR5 TM');
    expect(asciiText('tab\there\r\nnew line\u0085next')).toBe('tab here new line next');
    expect(asciiText('北京 🙂 ok')).toBe('?? ? ok');
  });

  it('escapes the SGML specials after cutting to the length, never inside an entity', () => {
    expect(sgmlText('Tom & Jerry <Inc> > them', 32)).toBe('Tom &amp; Jerry &lt;Inc&gt; &gt; them');
    expect(sgmlText('AT&T', 3)).toBe('AT&amp;');
    expect(sgmlText('12345678901234567890123456789012345', 32)).toHaveLength(32);
  });

  it("writes OFX dates on the credit union's clock with that day's offset", () => {
    expect(ofxDateTime(new Date('2026-01-15T17:04:05.006Z'), 'America/New_York')).toBe('20260115120405.006[-5:EST]');
    expect(ofxDateTime(new Date('2026-07-15T17:04:05Z'), 'America/Los_Angeles')).toBe('20260715100405.000[-7:PDT]');
    expect(ofxDateTime(new Date('2026-07-15T17:04:05Z'), 'UTC')).toBe('20260715170405.000[0:UTC]');
    expect(ofxDateTime(new Date('2026-07-15T17:04:05Z'), 'Europe/Berlin')).toBe('20260715190405.000[+2]');
    // Not whole hours: written in UTC.
    expect(ofxDateTime(new Date('2026-07-15T17:04:05Z'), 'Asia/Kolkata')).toBe('20260715170405.000[0:GMT]');
  });
});
