import type { Transaction, TransactionCategory, TransactionPage } from '@mutual/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, manualClock } from '../../test/identity';
import { type DatedRow, postDated } from '../../test/history';
import { accountId, type Member, memberWithMoney } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { history } from '../../test/transfer-forms';
import { generalLedger } from '../ledger/general-ledger';
import { resolvePending, reverseTransfer } from '../ledger/post-transfer';
import { localDay } from '../../time';

const NOW = new Date('2026-03-15T16:00:00.000Z');
const ZONE = 'America/New_York';

/** Every row of a query, following the `older` cursors (small pages, so they are many). */
async function everyRow(browser: Browser, query: string): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  let page: TransactionPage | undefined = await history(browser, `pageSize=10&${query}`);
  while (page) {
    rows.push(...page.items);
    page = page.older ? await history(browser, `pageSize=10&${query}&olderThan=${page.older}`) : undefined;
  }
  return rows;
}

/**
 * The filters against their definition: a long, mixed history read with each filter must give
 * exactly the rows of the whole history (corrections shown) that the filter describes, in the same
 * order. Long enough that a search goes past the rows it checks in order to the words index.
 */
describe('[ACCOUNTS]: history filters give the rows they describe, on every page', () => {
  let member: Member;
  let all: Transaction[];
  const time = manualClock(NOW);

  const t = useLedgerTestApp({ clock: time.clock });
  beforeAll(async () => {
    member = await memberWithMoney(t, 0n);
    const checking = await accountId(t, member.id, 'Checking');
    const savings = await accountId(t, member.id, 'Savings');
    const categories: TransactionCategory[] = ['Food', 'Shopping', 'Income', 'Transportation'];
    await t.db.transaction(async (tx) => {
      const post = (
        i: number,
        kind: DatedRow['kind'],
        debit: string,
        credit: string,
        memo: string,
        category: TransactionCategory,
      ) =>
        postDated(tx, {
          kind,
          debit,
          credit,
          amount: BigInt(100 + i),
          memo,
          category,
          reference: i % 7 === 0 ? `Ref ${i}` : null,
          // Every 25th row at 04:30Z: the evening before, in New York.
          effectiveAt: new Date(Date.UTC(2026, 1, 1 + Math.floor(i / 10), i % 25 === 0 ? 4 : 15, 30)),
          now: time.now(),
        });
      await postDated(tx, {
        kind: 'single',
        debit: generalLedger.cash,
        credit: checking,
        amount: 1_000_00n,
        memo: 'Opening deposit',
        category: 'Deposit',
        effectiveAt: new Date('2026-01-31T12:00:00Z'),
        now: time.now(),
      });
      for (let i = 1; i <= 400; i += 1) {
        const category = categories[i % categories.length] ?? 'Food';
        // A rare word on old rows only (found through the words index), a common one throughout.
        const memo =
          i < 20 && i % 5 === 0
            ? `Zanzibar Spice Market ${i}`
            : i % 3 === 0
              ? `Corner Coffee ${i}`
              : `Card purchase ${i}`;
        if (i % 40 === 0) await post(i, 'single', checking, savings, `Move to Savings ${i}`, 'Transfer');
        else if (i % 17 === 0) {
          const held = await post(i, 'pending', checking, generalLedger.cardSettlement, memo, category);
          if (i % 34 === 0)
            await resolvePending(tx, {
              pendingId: held.transferId,
              kind: 'void',
              reason: 'Declined later',
              now: time.now(),
              createdBy: null,
            });
          // Voided by the member (a bill payment they cancelled): Cancelled, not Failed.
          else if (i % 51 === 0)
            await resolvePending(tx, {
              pendingId: held.transferId,
              kind: 'void',
              reason: 'Cancelled by you',
              now: time.now(),
              createdBy: member.id,
            });
        } else if (i % 23 === 0) await post(i, 'failed', checking, generalLedger.cardSettlement, memo, category);
        else if (category === 'Income') await post(i, 'single', generalLedger.achClearing, checking, memo, category);
        else {
          const spent = await post(i, 'single', checking, generalLedger.cardSettlement, memo, category);
          if (i % 29 === 0)
            await reverseTransfer(tx, {
              transferId: spent.transferId,
              reason: 'Duplicate',
              now: time.now(),
              createdBy: null,
            });
        }
      }
    });
    all = await everyRow(member.browser, 'corrections=true');
  });

  const day = (row: Transaction) => localDay(new Date(row.date), ZONE);
  /** What a search means: the words appear in the row's description or reference, in any case. */
  const has = (q: string) => (row: Transaction) =>
    `${row.description}\n${row.reference ?? ''}`.toLowerCase().includes(q.toLowerCase());
  const cases: [string, (row: Transaction) => boolean][] = [
    ['', (row) => row.correction === null],
    ['corrections=true', () => true],
    ['account=Savings', (row) => row.accountType === 'Savings' && row.correction === null],
    [
      'type=debit&account=Checking',
      (row) => row.type === 'debit' && row.accountType === 'Checking' && row.correction === null,
    ],
    ['category=Income', (row) => row.category === 'Income' && row.correction === null],
    ['category=Transfer&corrections=true', (row) => row.category === 'Transfer'],
    ['status=Pending', (row) => row.status === 'Pending' && row.correction === null],
    ['status=Failed', (row) => row.status === 'Failed' && row.correction === null],
    ['status=Cancelled', (row) => row.status === 'Cancelled' && row.correction === null],
    ['status=Pending&type=debit', (row) => row.status === 'Pending' && row.type === 'debit' && row.correction === null],
    ['status=Completed&corrections=true', (row) => row.status === 'Completed'],
    [
      'from=2026-02-10&to=2026-02-20',
      (row) => day(row) >= '2026-02-10' && day(row) <= '2026-02-20' && row.correction === null,
    ],
    ['to=2026-02-03', (row) => day(row) <= '2026-02-03' && row.correction === null],
    ['q=zanzibar', (row) => has('zanzibar')(row) && row.correction === null],
    [
      'q=ZANZIBAR SPICE&type=debit',
      (row) => has('Zanzibar Spice')(row) && row.type === 'debit' && row.correction === null,
    ],
    ['q=coffee&corrections=true', has('coffee')],
    ['q=ref 1', (row) => has('ref 1')(row) && row.correction === null],
    ['q=to savings', (row) => has('to savings')(row) && row.correction === null],
    ['q=ee', (row) => has('ee')(row) && row.correction === null],
    [
      'q=coffee&category=Food&from=2026-02-15',
      (row) => has('coffee')(row) && row.category === 'Food' && day(row) >= '2026-02-15' && row.correction === null,
    ],
    ['q=no such words', () => false],
  ];

  it.each(cases)('%s', async (query, wanted) => {
    const expected = all.filter(wanted).map((row) => row.id);
    expect((await everyRow(member.browser, query)).map((row) => row.id)).toEqual(expected);
  });

  it('has what the cases need: a long history with each kind of row', () => {
    expect(all.length).toBeGreaterThan(400);
    for (const status of ['Completed', 'Pending', 'Failed', 'Cancelled'] as const)
      expect(
        all.some((row) => row.status === status),
        status,
      ).toBe(true);
    const corrections = all.filter((row) => row.correction !== null);
    expect(corrections.length).toBeGreaterThan(0);
    expect(corrections.filter((row) => row.correction === 'reversal')).toHaveLength(corrections.length / 2);
    expect(all.filter((row) => row.description.startsWith('Zanzibar'))).toHaveLength(3);
    expect(all.some((row) => row.accountType === 'Savings')).toBe(true);
  });
});
