import { describe, expect, it } from 'vitest';
import { cellsOf, quotedCsvLines } from '../../test/csv';
import { Browser, manualClock } from '../../test/identity';
import { accountId, cashEntry, memberWithMoney, sendTransfer } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { internationalForm, userTransfer } from '../../test/transfer-forms';
import { EXPORT_BATCH } from './export-transactions';
import { generalLedger } from '../ledger/general-ledger';
import { postTransfer } from '../ledger/post-transfer';

/** 22:30 on 14 March in New York is already 15 March in UTC. */
const NOW = new Date('2026-03-15T02:30:00.000Z');
const HEADER =
  '"Date","Posted","Description","Category","Account","Type","Amount","Status","Reference","Balance after"';

describe('[ACCOUNTS]: transaction history as CSV', () => {
  const time = manualClock(NOW);
  const t = useLedgerTestApp({ clock: time.clock });

  const depositAt = (userId: string, cents: bigint, at: string, memo: string) =>
    cashEntry(t, userId, cents, { memo, effectiveAt: new Date(at) });

  async function exportCsv(browser: Browser, query = '') {
    const response = await browser.get(`/api/me/transactions/export${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = quotedCsvLines(response.body);
    expect(lines[0]).toBe(HEADER);
    return { response, rows: lines.slice(1) };
  }

  it("exports every matching row, quoted, with a dated file name, dates in the credit union's time zone", async () => {
    const member = await memberWithMoney(t, 0n);
    for (let i = 1; i <= 22; i += 1)
      await depositAt(member.id, 1_00n, new Date(Date.UTC(2026, 1, 1, 12, i)).toISOString(), `Deposit ${i}`);
    await depositAt(member.id, 12_34n, '2026-03-01T04:30:00Z', 'Late night deposit');

    const { response, rows } = await exportCsv(member.browser);
    expect(response.headers['content-disposition']).toBe('attachment; filename="transactions-2026-03-14.csv"');
    expect(rows).toHaveLength(23);
    const checking = (await member.browser.get('/api/me/accounts')).json<{
      accounts: Array<{ type: string; accountNumber: string }>;
    }>().accounts[0];
    expect(rows[0]).toBe(
      `"2026-02-28","${NOW.toISOString()}","Late night deposit","Deposit",` +
        `"Checking ${checking?.accountNumber.slice(-4)}","credit","12.34","Completed","","34.34"`,
    );
    expect(rows[22]).toContain('"Deposit 1"');
  });

  it('makes text a spreadsheet would run harmless: = + - @ tab and CR are prefixed with an apostrophe', async () => {
    const member = await memberWithMoney(t, 0n);
    const memos = [
      '=HYPERLINK("http://evil.example","Click")',
      '+1+2',
      '-3+4',
      '@SUM(A1:A9)',
      '\tTabbed',
      '\rReturn',
      'Plain "quoted" memo',
    ];
    for (const [i, memo] of memos.entries())
      await depositAt(member.id, 1_00n, new Date(Date.UTC(2026, 2, 1, 12, i)).toISOString(), memo);
    const sender = await memberWithMoney(t, 10_00n, '=Sender');
    expect((await userTransfer(sender, member, { amount: '1.00', reference: '=1+1' })).statusCode).toBe(201);

    const { rows } = await exportCsv(member.browser);
    expect(rows.map((row) => cellsOf(row)[2])).toEqual([
      'Transfer from =Sender',
      'Plain "quoted" memo',
      "'\rReturn",
      "'\tTabbed",
      "'@SUM(A1:A9)",
      "'-3+4",
      "'+1+2",
      `'=HYPERLINK("http://evil.example","Click")`,
    ]);
    expect(rows.at(-1)).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(cellsOf(rows[0] ?? '')[8]).toBe("'=1+1");
  });

  it('applies the history filters, without paging', async () => {
    const member = await memberWithMoney(t, 100_00n);
    expect(
      (await sendTransfer(member.browser, '/api/transfers/international', internationalForm({ amount: '25.00' })))
        .statusCode,
    ).toBe(201);
    await depositAt(member.id, 5_00n, '2026-02-10T12:00:00Z', 'February deposit');

    const debits = (await exportCsv(member.browser, 'type=debit')).rows;
    expect(debits).toHaveLength(1);
    expect(debits[0]).toContain('"International transfer to Lena Vogel (Germany, EUR)","Transfer"');
    expect(debits[0]).toMatch(/"debit","25\.00","Pending","Invoice 7",""$/);
    expect((await exportCsv(member.browser, 'q=february')).rows).toHaveLength(1);
    expect((await exportCsv(member.browser, 'to=2026-02-28')).rows).toHaveLength(1);
    expect((await exportCsv(member.browser, 'status=Completed')).rows).toHaveLength(2);
    expect((await exportCsv(member.browser, 'account=Savings')).rows).toHaveLength(0);
    // Paging does not apply: the export is every matching row.
    expect((await exportCsv(member.browser, 'pageSize=10&olderThan=bm90LWEtY3Vyc29y')).rows).toHaveLength(3);
    expect((await member.browser.get('/api/me/transactions/export?status=Lost')).statusCode).toBe(400);
    expect((await new Browser(t).get('/api/me/transactions/export')).statusCode).toBe(401);
  });

  it('streams a history longer than a batch: every row once, newest first, each kept formula-safe', async () => {
    const member = await memberWithMoney(t, 0n);
    const [checking, savings] = [await accountId(t, member.id, 'Checking'), await accountId(t, member.id, 'Savings')];
    const rows = EXPORT_BATCH + 150;
    // A credit a minute, and every tenth a move to Savings (two rows of the history, which a batch
    // must not split), with memos a spreadsheet would run.
    await t.db.transaction(async (tx) => {
      for (let i = 1; i <= rows; i += 1) {
        const move = i % 10 === 0;
        await postTransfer(tx, {
          kind: 'single',
          debitAccountId: move ? checking : generalLedger.cash,
          creditAccountId: move ? savings : checking,
          amount: 1_00n,
          category: move ? 'Transfer' : 'Deposit',
          debitMemo: `=Row ${i}`,
          creditMemo: `=Row ${i}`,
          effectiveAt: new Date(Date.UTC(2026, 2, 1, 0, i)),
          now: time.now(),
          createdBy: null,
        });
      }
    });
    const { rows: lines } = await exportCsv(member.browser);
    const expected = Array.from({ length: rows }, (_, n) => rows - n).flatMap((i) =>
      i % 10 === 0 ? [`'=Row ${i}`, `'=Row ${i}`] : [`'=Row ${i}`],
    );
    expect(lines.map((line) => cellsOf(line)[2])).toEqual(expected);
    const pair = lines
      .filter((line) => cellsOf(line)[2] === `'=Row ${rows - (rows % 10)}`)
      .map((line) => cellsOf(line)[5]);
    expect(pair).toEqual(['credit', 'debit']);
  });
});
