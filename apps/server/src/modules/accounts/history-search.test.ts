import type { Transaction, TransactionPage } from '@mutual/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../test/identity';
import { postDated } from '../../test/history';
import { accountId, type Member, memberWithMoney } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { history } from '../../test/transfer-forms';
import { generalLedger } from '../ledger/general-ledger';

const NOW = new Date('2026-03-15T16:00:00.000Z');
/** Longer than the rows a search walks in order (1,000) before it turns to the words index. */
const ROWS = 1_050;
/**
 * Where the rare word stands, counted from the oldest row (1). The newest row is 1,050, so the
 * walk's last row is 51 and 50 is the first past it: both sides of the turn, and the rest
 * further back, found only through the index.
 */
const RARE = [3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 50, 51, 1_040];

const descriptions = (page: TransactionPage) => page.items.map((row: Transaction) => row.description);
const rare = (numbers: number[]) => numbers.map((i) => `Zanzibar Spice Market ${i}`);

/**
 * A search through a history longer than its walk: the rows past the walk come from the words
 * index, and the two parts meet without a gap or a repeat, on every page, both ways.
 */
describe('[ACCOUNTS]: a search past the rows it walks in order', () => {
  let member: Member;
  const time = manualClock(NOW);
  const t = useLedgerTestApp({ clock: time.clock });

  beforeAll(async () => {
    member = await memberWithMoney(t, 0n);
    const checking = await accountId(t, member.id, 'Checking');
    await t.db.transaction(async (tx) => {
      for (let i = 1; i <= ROWS; i += 1) {
        const memo = RARE.includes(i)
          ? `Zanzibar Spice Market ${i}`
          : i % 3 === 0
            ? `Corner Coffee ${i}`
            : `Card purchase ${i}`;
        await postDated(tx, {
          kind: 'single',
          debit: generalLedger.achClearing,
          credit: checking,
          amount: BigInt(100 + i),
          memo,
          category: 'Income',
          effectiveAt: new Date(NOW.getTime() - (ROWS + 1 - i) * 3_600_000),
          now: time.now(),
        });
      }
    });
  });

  it('finds the rare word on both sides of the turn and far back, newest first', async () => {
    const first = await history(member.browser, 'pageSize=10&q=zanzibar');
    expect(descriptions(first)).toEqual(rare([1_040, 51, 50, 43, 39, 35, 31, 27, 23, 19]));
    expect(first.older).not.toBeNull();
    expect(first.newer).toBeNull();

    const second = await history(member.browser, `pageSize=10&q=zanzibar&olderThan=${first.older}`);
    expect(descriptions(second)).toEqual(rare([15, 11, 7, 3]));
    expect(second.older).toBeNull();

    const back = await history(member.browser, `pageSize=10&q=zanzibar&newerThan=${second.newer}`);
    expect(descriptions(back)).toEqual(descriptions(first));
  });

  it('fills a page of a common word from the newest rows', async () => {
    const page = await history(member.browser, 'pageSize=10&q=coffee');
    expect(descriptions(page)).toEqual(
      [1_050, 1_047, 1_044, 1_041, 1_038, 1_035, 1_032, 1_029, 1_026, 1_023].map((i) => `Corner Coffee ${i}`),
    );
  });

  it('finds every row with a page of 100, whose walk is longer (1,020 rows: it turns between 31 and 27)', async () => {
    const all = await history(member.browser, 'pageSize=100&q=zanzibar');
    expect(descriptions(all)).toEqual(rare([...RARE].reverse()));
  });
});
