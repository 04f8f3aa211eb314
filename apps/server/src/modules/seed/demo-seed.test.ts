import type { Card, CardStatement, CardTransaction, Transaction, TransferCountList, UserDetail } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { cardOf, cardPath, cardsOf } from '../../test/cards';
import { type Browser, DEMO, seedDemoPeople, signIn } from '../../test/identity';
import { overview, sendTransfer } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { history, userForm } from '../../test/transfer-forms';
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

/**
 * The demo's dates and its transfer limit tell the same story as its history: each member
 * registered and was approved before their accounts opened (the first of the month six months
 * back), and the outgoing transfers of the last day — Alex's ACH payment and Sam's wire made as
 * the demo opens, and here Alex's transfer to Sam of the evening before — are counted in the
 * limit as the same transfers made in the portal would be.
 */
describe('[DEMO]: the demo’s dates and transfer counts agree with its history', () => {
  // The 11th, 09:00 UTC: the transfer between Alex and Sam of this month (the 10th, 19:00,
  // demo-history.ts) is in the last day.
  const now = new Date('2026-11-11T09:00:00.000Z');
  const t = useLedgerTestApp({ clock: () => now });
  let ids: Awaited<ReturnType<typeof seedDemoPeople>>;
  let staff: Browser;
  beforeAll(async () => {
    ids = await seedDemoPeople(t);
    staff = await signIn(t, DEMO.staff);
  });

  async function detailOf(userId: string): Promise<UserDetail> {
    const response = await staff.get(`/api/admin/users/${userId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UserDetail>();
  }

  /** When the member's money history begins: the first transfer on any of their accounts. */
  async function firstMoneyOf(userId: string): Promise<Date> {
    const [row] = await queryRows<{ first: Date | string }>(
      t.db,
      sql`select min(t.effective_at) as first from ledger_transfers t
          join ledger_accounts a on a.id in (t.debit_account_id, t.credit_account_id)
          where a.user_id = ${userId}::uuid`,
    );
    return new Date(row?.first ?? 0);
  }

  /** The first thing the audit log says about the person. */
  async function firstAuditOf(userId: string): Promise<Date> {
    const [row] = await queryRows<{ first: Date | string }>(
      t.db,
      sql`select min(at) as first from audit_log where target_user_id = ${userId}::uuid`,
    );
    return new Date(row?.first ?? 0);
  }

  it.each([['alex'], ['sam'], ['taylor']] as const)(
    '%s registered, then was approved, before the accounts opened and the history began',
    async (who) => {
      const member = await detailOf(ids[who]);
      const staffMember = await detailOf(ids.staff);
      const registered = new Date(member.registrationDate);
      const approved = new Date(member.approvedAt ?? 0);
      const opened = member.accounts.map((account) => new Date(account.createdAt));
      const first = await firstMoneyOf(ids[who]);

      expect(member.accounts.map((account) => account.type).sort()).toEqual(['Checking', 'Savings']);
      // The accounts opened with the history, the first of the month six months back.
      expect(opened.map((at) => at.getTime())).toEqual([first.getTime(), first.getTime()]);
      expect(first.toISOString()).toBe('2026-05-01T13:00:00.000Z');
      expect(new Date(staffMember.registrationDate).getTime()).toBeLessThan(registered.getTime());
      expect(registered.getTime()).toBeLessThanOrEqual(approved.getTime());
      expect(approved.getTime()).toBeLessThan(first.getTime());
      // The staff console's "Registered" and the activity log start on the same day.
      expect((await firstAuditOf(ids[who])).getTime()).toBe(registered.getTime());
      // The review that approved Sam is dated with the approval.
      for (const review of member.reviews) expect(review.createdAt).toBe(member.approvedAt);
      if (who === 'sam') {
        expect(member.reviews.map((review) => review.decision)).toEqual(['approved']);
        expect(registered.getTime()).toBeLessThan(approved.getTime());
      }
    },
  );

  it('issues each demo card with its member’s accounts, never before, and uses it only after', async () => {
    const rows = await queryRows<{ kind: string; issued: string; opened: string; used: string | null }>(
      t.db,
      sql`select c.kind, extract(epoch from c.issued_at)::text as issued,
            extract(epoch from a.created_at)::text as opened,
            (select extract(epoch from min(x.authorized_at)) from card_authorizations x where x.card_id = c.id)::text
              as used
          from cards c join ledger_accounts a on a.user_id = c.user_id and a.type = 'Checking'`,
    );
    // Alex, Sam and Taylor's debit cards, Taylor's replacement, Alex's credit card.
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(Number(row.issued), row.kind).toBeGreaterThanOrEqual(Number(row.opened));
      if (row.used !== null) expect(Number(row.used), row.kind).toBeGreaterThanOrEqual(Number(row.issued));
    }
    expect(
      rows
        .filter((row) => row.used !== null)
        .map((row) => row.kind)
        .sort(),
    ).toEqual(['credit', 'debit', 'debit', 'debit']);
  });

  /** The member's outgoing transfers in the window, in the ledger: to another member, a payment order's hold. */
  async function outgoingInWindow(userId: string): Promise<number> {
    const since = new Date(now.getTime() - t.config.limits.transferLimitWindowHours * 3_600_000);
    const [row] = await queryRows<{ n: number | string }>(
      t.db,
      sql`select count(*) as n from ledger_transfers t
          join ledger_accounts mine on mine.id = t.debit_account_id and mine.user_id = ${userId}::uuid
          join ledger_accounts other on other.id = t.credit_account_id
          where t.kind in ('single', 'pending') and t.reverses_id is null
            and t.created_at > ${since.toISOString()}::timestamptz
            and ((other.user_id is not null and other.user_id <> mine.user_id)
              or other.id in (${generalLedger.achClearing}::uuid, ${generalLedger.wireClearing}::uuid))`,
    );
    return Number(row?.n ?? 0);
  }

  it('counts the last day’s outgoing transfers in the limit: on Reset Transfer Counts and the dashboard', async () => {
    const response = await staff.get('/api/admin/transfer-counts');
    expect(response.statusCode, response.body).toBe(200);
    const counts = Object.fromEntries(
      response.json<TransferCountList>().users.map((row) => [row.email, row.count] as const),
    );
    // Alex: the transfer to Sam last evening and the ACH payment; Sam: the wire; Taylor none.
    expect([counts[DEMO.alex], counts[DEMO.sam], counts[DEMO.taylor]]).toEqual([2, 1, 0]);
    for (const who of ['alex', 'sam', 'taylor'] as const)
      expect(counts[DEMO[who]], who).toBe(await outgoingInWindow(ids[who]));

    const alex = await signIn(t, DEMO.alex);
    expect((await overview(alex)).transferLimit).toMatchObject({ limit: 10, used: 2 });
    // A transfer Alex makes now counts after them.
    const sent = await sendTransfer(alex, '/api/transfers/user', userForm(DEMO.sam, { amount: '5.00' }));
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await overview(alex)).transferLimit.used).toBe(3);
    expect(await outgoingInWindow(ids.alex)).toBe(3);
  });
});
