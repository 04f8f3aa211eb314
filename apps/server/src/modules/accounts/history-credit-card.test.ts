import { type ApiError, messages, type Transaction } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardOf, giveCreditCard } from '../../test/cards';
import { cellsOf, quotedCsvLines } from '../../test/csv';
import { manualClock } from '../../test/identity';
import { type Member, memberWithMoney } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { history, internalTransfer } from '../../test/transfer-forms';
import { generalLedger } from '../ledger/general-ledger';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { postTransfer } from '../ledger/post-transfer';

/**
 * The history's Account filter and its exports include the member's credit card: its line is a
 * ledger account of theirs (Transfers pays it as "Credit Card ••6307"), so its purchases and
 * payments can be searched and exported like Checking's — and only the member's own.
 */
describe('[ACCOUNTS]: the credit card in the transaction history', () => {
  const time = manualClock(new Date('2026-03-15T16:00:00.000Z'));
  const t = useLedgerTestApp({ clock: time.clock });

  async function creditLineOf(member: Member): Promise<string> {
    const [line] = await t.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, member.id), eq(ledgerAccounts.type, 'Credit Card')));
    if (!line) throw new Error('no credit line');
    return line.id;
  }

  /** A member with a credit card, a $40 purchase on it and $15 paid towards it from Checking. */
  async function cardholder(name: string) {
    const member = await memberWithMoney(t, 100_00n, name);
    await giveCreditCard(t, member);
    const card = await cardOf(member.browser, 'credit');
    const line = await creditLineOf(member);
    time.advance(60_000);
    await t.db.transaction((tx) =>
      postTransfer(tx, {
        kind: 'single',
        debitAccountId: line,
        creditAccountId: generalLedger.cardSettlement,
        amount: 40_00n,
        category: 'Shopping',
        debitMemo: `Card purchase: Harbor Gifts ${name}`,
        creditMemo: 'Card purchase',
        now: time.now(),
        createdBy: null,
      }),
    );
    time.advance(60_000);
    const paid = await internalTransfer(member, { fromAccount: 'Checking', toAccount: 'Credit Card', amount: '15.00' });
    expect(paid.statusCode, paid.body).toBe(201);
    time.advance(60_000);
    return { member, card, line };
  }

  const shown = (rows: Transaction[]) =>
    rows.map((row) => [row.accountType, row.accountNumberLast4, row.type, row.amount]);

  it('lists the line as "Credit Card" and its card\'s last four: filtered, in all accounts, exported', async () => {
    const { member, card } = await cardholder('Casey');
    const cardRows = (await history(member.browser, 'account=Credit%20Card')).items;
    expect(shown(cardRows)).toEqual([
      ['Credit Card', card.last4, 'credit', '15.00'],
      ['Credit Card', card.last4, 'debit', '40.00'],
    ]);
    expect(cardRows[1]?.description).toBe('Card purchase: Harbor Gifts Casey');
    expect((await history(member.browser, 'account=Credit%20Card&q=harbor')).items).toHaveLength(1);

    // All accounts: both sides of the payment, as a move between Checking and Savings shows.
    const all = (await history(member.browser)).items;
    expect(all.filter((row) => row.transferId === cardRows[0]?.transferId).map((row) => row.accountType)).toEqual([
      'Credit Card',
      'Checking',
    ]);
    expect(all.some((row) => row.description === 'Card purchase: Harbor Gifts Casey')).toBe(true);

    const response = await member.browser.get('/api/me/transactions/export?account=Credit%20Card');
    expect(response.statusCode, response.body).toBe(200);
    const rows = quotedCsvLines(response.body).slice(1).map(cellsOf);
    // The line's balance owed keeps its minus sign: a number to a spreadsheet, not a formula.
    expect(rows.map((cells) => [cells[4], cells[5], cells[6], cells[9]])).toEqual([
      [`Credit Card ${card.last4}`, 'credit', '15.00', '-25.00'],
      [`Credit Card ${card.last4}`, 'debit', '40.00', '-40.00'],
    ]);

    // OFX and QIF are bank statements of Checking and Savings: the card's line is refused, saying so.
    for (const path of ['/api/me/transactions/export.ofx', '/api/me/transactions/export.qif']) {
      const refused = await member.browser.get(`${path}?account=Credit%20Card`);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json<ApiError>()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: messages.history.moneyFilesForDepositAccounts,
        fields: { account: messages.history.moneyFilesForDepositAccounts },
      });
    }
  });

  it("shows only the member's own card: another member's line cannot be named, and no card is no rows", async () => {
    const quinn = await cardholder('Quinn');
    const other = await cardholder('Morgan');
    const mine = (await history(quinn.member.browser, 'account=Credit%20Card')).items;
    expect(mine.map((row) => row.accountNumberLast4)).toEqual([quinn.card.last4, quinn.card.last4]);
    expect(mine.some((row) => row.description.includes('Morgan'))).toBe(false);

    // The filter names a kind of account, never an account: another member's line id is refused.
    for (const path of ['/api/me/transactions', '/api/me/transactions/export']) {
      const named = await quinn.member.browser.get(`${path}?account=${other.line}`);
      expect(named.statusCode, path).toBe(400);
      expect(named.json<ApiError>().code).toBe('VALIDATION_FAILED');
    }
    const searched = await quinn.member.browser.get('/api/me/transactions/export?account=Credit%20Card&q=morgan');
    expect(quotedCsvLines(searched.body).slice(1)).toEqual([]);

    const noCard = await memberWithMoney(t, 10_00n);
    expect((await history(noCard.browser, 'account=Credit%20Card')).items).toEqual([]);
    expect((await history(noCard.browser)).items.map((row) => row.accountType)).toEqual(['Checking']);
  });
});
