import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../test/identity';
import { accountId, cashEntry, type Member, memberWithMoney } from '../../test/money';
import { statementRow } from '../../test/statements';
import { daysLongTestEnv, useLedgerTestApp } from '../../test/test-app';
import { ledgerTransfers } from '../ledger/ledger.tables';
import { reverseTransfer } from '../ledger/post-transfer';
import { postDividend } from './dividends';
import { pdfText } from './pdf-text';
import { dividendPostings } from './statements.tables';

/** Noon in New York on a day of 2026 (EDT until November 1). */
const noon = (day: string) => new Date(`${day}T16:00:00Z`);
/** Five past midnight in New York on the first of a month: the month before has closed. */
const afterClose = (day: string) => new Date(`${day}T04:06:00Z`);

describe('[STATEMENTS]: fees and dividends net their reversals, this period and year to date alike', () => {
  const time = manualClock(noon('2026-08-20'));
  const t = useLedgerTestApp({ clock: time.clock, env: daysLongTestEnv });
  const to = (instant: Date) => time.advance(instant.getTime() - time.now().getTime());

  const textOf = async (member: Member, account: string, period: string) => {
    const response = await member.browser.get(`/api/me/statements/${account}/${period}`);
    expect(response.statusCode, response.body).toBe(200);
    return (await pdfText(response.rawPayload)).pages.join('\n');
  };
  const reverseWhere = async (debitMemo: string) => {
    const [original] = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.debitMemo, debitMemo));
    await t.db.transaction((tx) =>
      reverseTransfer(tx, { transferId: original?.id ?? '', reason: 'Refunded', now: time.now(), createdBy: null }),
    );
  };

  let feeMember: Member;
  let checking: string;
  let dividendMember: Member;
  let savings: string;

  it('a fee refunded in its own month counts for nothing, this period and year to date alike', async () => {
    to(noon('2026-09-15'));
    feeMember = await memberWithMoney(t, 100_00n, 'Frances Fee');
    checking = await accountId(t, feeMember.id, 'Checking');
    to(noon('2026-09-16'));
    await cashEntry(t, feeMember.id, 5_00n, { side: 'debit', category: 'Fee', memo: 'Paper statement fee' });
    to(noon('2026-09-17'));
    await reverseWhere('Paper statement fee');
    // And one charged on the last day of September, refunded in October.
    to(noon('2026-09-30'));
    await cashEntry(t, feeMember.id, 2_50n, { side: 'debit', category: 'Fee', memo: 'Wire notice fee' });
    to(noon('2026-10-02'));
    await reverseWhere('Wire notice fee');

    to(afterClose('2026-11-01'));
    const text = await textOf(feeMember, checking, '2026-09');
    expect(text).toContain('Reversal: Paper statement fee');
    expect(text).toContain('Fees this period $2.50');
    expect(text).toContain('Fees year to date $2.50');
    expect(await statementRow(t, checking, '2026-09')).toMatchObject({ fees: 2_50n, totalDebits: 7_50n });
  });

  it('a fee refunded the month after: that month nets it; year to date agrees with the months added up', async () => {
    const text = await textOf(feeMember, checking, '2026-10');
    expect(text).toContain('Reversal: Wire notice fee');
    expect(text).toContain('Fees this period -$2.50');
    expect(text).toContain('Fees year to date $0.00');
    expect(await statementRow(t, checking, '2026-10')).toMatchObject({ fees: -2_50n, totalCredits: 2_50n });
  });

  it('a dividend staff reversed is no longer earned year to date; the month it was earned keeps it', async () => {
    to(noon('2026-08-20'));
    dividendMember = await memberWithMoney(t, 0n, 'Dana Dividend');
    savings = await accountId(t, dividendMember.id, 'Savings');
    to(noon('2026-08-31'));
    await cashEntry(t, dividendMember.id, 10_000_00n, { account: 'Savings' });

    // September's dividend is posted once the month closes; staff reverse it on October 5, before
    // anyone asked for September's statement.
    to(afterClose('2026-10-01'));
    await t.db.transaction((tx) => postDividend(tx, t.config, savings, '2026-09', time.now()));
    const [september] = await t.db
      .select()
      .from(dividendPostings)
      .where(and(eq(dividendPostings.accountId, savings), eq(dividendPostings.period, '2026-09')));
    expect(september?.amount).toBe(28_32n);
    to(noon('2026-10-05'));
    await t.db.transaction((tx) =>
      reverseTransfer(tx, {
        transferId: september?.transferId ?? '',
        reason: 'Posted in error',
        now: time.now(),
        createdBy: null,
      }),
    );

    to(afterClose('2026-11-01'));
    // September as the ledger stood when it closed: the reversal is October's.
    const septemberText = await textOf(dividendMember, savings, '2026-09');
    expect(septemberText).toContain('Dividend earned for September 2026');
    expect(septemberText).toContain('Dividends earned this period $28.32');
    // August's 94¢ (one day of $10,000.00) and September's.
    expect(septemberText).toContain('Dividends year to date $29.26');

    const octoberText = await textOf(dividendMember, savings, '2026-10');
    expect(octoberText).toContain('Reversal: Dividend earned for September 2026');
    expect(octoberText).toContain('Dividends earned this period $29.27');
    // August's 94¢ and October's $29.27: September's $28.32 went back (it was $58.53).
    expect(octoberText).toContain('Dividends year to date $30.21');
    expect(await statementRow(t, savings, '2026-10')).toMatchObject({
      openingBalance: 10_029_26n,
      totalDebits: 28_32n,
      totalCredits: 29_27n,
      closingBalance: 10_030_21n,
      dividends: 29_27n,
    });
    const earned = await t.db.select().from(dividendPostings).where(eq(dividendPostings.accountId, savings));
    expect(Object.fromEntries(earned.map((d) => [d.period, d.amount]))).toEqual({
      '2026-08': 94n,
      '2026-09': 28_32n,
      '2026-10': 29_27n,
    });
  });
});
