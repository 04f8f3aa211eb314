import type { Card, CardStatement, CardTransaction, Transaction } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { cardOf, cardPath, cardsOf } from '../../test/cards';
import { type Browser, DEMO, seedDemoPeople, signIn } from '../../test/identity';
import { useLedgerTestApp } from '../../test/test-app';
import { history } from '../../test/transfer-forms';
import { localDay } from '../../time';
import { generalLedger } from '../ledger/general-ledger';

/**
 * The demo's debit cards and Checking histories tell one story: every card purchase and ATM
 * withdrawal in a demo member's Checking history is on their debit card, as the Cards panel shows
 * it (its recent transactions and each month's statement), and the card lists nothing else.
 */
describe('[DEMO]: a demo member’s debit card lists the card purchases of their Checking history', () => {
  const t = useLedgerTestApp();
  beforeAll(async () => {
    await seedDemoPeople(t);
  });

  /** Every row of the member's Checking history, newest first, page by page. */
  async function checkingHistory(member: Browser): Promise<Transaction[]> {
    const rows: Transaction[] = [];
    let older: string | null = null;
    do {
      const page = await history(member, `account=Checking&pageSize=100${older ? `&olderThan=${older}` : ''}`);
      rows.push(...page.items);
      older = page.older;
    } while (older);
    return rows;
  }

  /** Every month the card's Statements tab offers, each month's transactions, newest first. */
  async function cardTransactions(member: Browser, cardId: string): Promise<CardTransaction[]> {
    const statement = async (month = '') => {
      const response = await member.get(`${cardPath(cardId, 'statements')}${month ? `?month=${month}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CardStatement>();
    };
    const { months } = await statement();
    const all: CardTransaction[] = [];
    for (const month of months) all.push(...(await statement(month)).transactions);
    return all;
  }

  const day = (iso: string) => localDay(new Date(iso), t.config.timeZone);

  /** Expects the card to list exactly the Checking history's card purchases and ATM cash; its transactions. */
  async function expectSameAsChecking(member: Browser, card: Card): Promise<CardTransaction[]> {
    const onCard = await cardTransactions(member, card.id);
    const cardRows = (await checkingHistory(member)).filter((row) =>
      /^(Card purchase|ATM withdrawal): /.test(row.description),
    );
    expect(cardRows.length, 'six months of card purchases and ATM cash').toBeGreaterThan(100);
    expect(new Set(onCard.map((x) => x.status))).toEqual(new Set(['posted']));
    expect(new Set(cardRows.map((row) => `${row.type} ${row.status}`))).toEqual(new Set(['debit Completed']));

    // Side by side, as "day amount merchant category" (purchases at the same moment may list in either order).
    const asOnCard = onCard.map(
      (x) => `${day(x.authorizedAt)} ${x.clearedAmount ?? x.amount} ${x.merchant} ${x.category}`,
    );
    const asInChecking = cardRows.map(
      (row) => `${day(row.date)} ${row.amount} ${row.description.replace(/^[^:]+: /, '')} ${row.category}`,
    );
    expect(asOnCard.sort()).toEqual(asInChecking.sort());

    // The panel opens on the newest ten of them.
    expect(card.recentTransactions.map((x) => x.id)).toEqual(onCard.slice(0, 10).map((x) => x.id));
    return onCard;
  }

  it.each([
    ['Alex', DEMO.alex],
    ['Sam', DEMO.sam],
  ])('%s: same purchases on the debit card and in Checking (count, amounts, days, merchants)', async (_name, email) => {
    const member = await signIn(t, email);
    await expectSameAsChecking(member, await cardOf(member, 'debit'));
  });

  it.each([
    ['Alex', DEMO.alex],
    ['Sam', DEMO.sam],
  ])(
    '%s: the history’s category filters find card purchases of each kind, by the merchant’s category code',
    async (_name, email) => {
      const member = await signIn(t, email);
      const merchants = async (category: string) =>
        new Set(
          (await history(member, `account=Checking&category=${category}&pageSize=100`)).items
            .filter((row) => row.description.startsWith('Card purchase: '))
            .map((row) => row.description.replace('Card purchase: ', '')),
        );
      // Each kind's merchants (six months of draws need not visit every one of them).
      const kinds = {
        Food: ['Hannaford Supermarket', 'Whole Foods Market', 'Sea Dog Brewing Co.', 'Holy Donut', 'Street & Co.'],
        Transportation: ['Irving Oil', 'Portland Metro Bus', 'Maine Turnpike E-ZPass', 'Lyft'],
        Entertainment: ['Netflix', 'Cinemagic Theaters', 'Spotify', 'State Theatre Tickets'],
      };
      for (const [category, expected] of Object.entries(kinds)) {
        const found = await merchants(category);
        expect(found.size, category).toBeGreaterThan(1);
        expect(
          [...found].filter((merchant) => !expected.includes(merchant)),
          category,
        ).toEqual([]);
      }
      expect(await merchants('Shopping')).toContain('Target');
      expect(await merchants('Shopping')).not.toContain('Netflix');
    },
  );

  it('Alex’s credit card files each purchase by its merchant category code', async () => {
    const member = await signIn(t, DEMO.alex);
    const credit = await cardOf(member, 'credit');
    const categories = Object.fromEntries(credit.recentTransactions.map((x) => [x.merchant, x.category]));
    expect(categories).toEqual({
      'Harbor Furniture Co.': 'Shopping',
      'Casco Bay Grocers': 'Food',
      'Portland Hardware': 'Shopping',
      'Amtrak Downeaster': 'Transportation',
      'Luxe Watches Online': 'Shopping',
      'Blue Ocean Sushi': 'Food',
      'Harbor ATM': 'Withdrawal',
      'Longfellow Books': 'Shopping',
    });
  });

  it('Taylor: the stolen card lists Checking’s card purchases, none after the report; the new card none', async () => {
    const member = await signIn(t, DEMO.taylor);
    const { cards } = await cardsOf(member);
    const stolen = cards.find((card) => card.kind === 'debit' && card.closedReason === 'stolen');
    const replacement = cards.find((card) => card.replacesId === stolen?.id);
    if (!stolen?.closedAt || !replacement) throw new Error('no stolen card and replacement');
    expect(replacement.recentTransactions).toEqual([]);
    const onCard = await expectSameAsChecking(member, stolen);
    const closedAt = stolen.closedAt;
    expect(onCard.filter((x) => x.authorizedAt >= closedAt)).toEqual([]);
  });

  it('moves no demo member’s Checking money to card settlement except through a card authorization', async () => {
    const unexplained = await queryRows<{ debit_memo: string }>(
      t.db,
      sql`select t.debit_memo from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
          where a.type = 'Checking' and t.credit_account_id = ${generalLedger.cardSettlement}::uuid
            and t.kind in ('single', 'pending')
            and not exists (select 1 from card_authorizations c
              where c.hold_transfer_id = t.id or c.post_transfer_id = t.id)`,
    );
    expect(unexplained).toEqual([]);
  });
});
