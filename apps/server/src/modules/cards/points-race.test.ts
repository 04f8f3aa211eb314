import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import {
  cardTestEnv,
  giveCreditCard,
  memberWithCard,
  plasticOf,
  Processor,
  staffReversePurchase,
} from '../../test/cards';
import { manualClock } from '../../test/identity';
import { someoneWaitsOnALock } from '../../test/lock-wait';
import { useLedgerTestApp } from '../../test/test-app';
import { replaceLostCard } from './card-controls';
import { memberCard } from './card-view';
import { cards } from './cards.tables';

const onPostgres = inject('testDatabase').kind === 'postgres';

/**
 * Reward points belong to the card in use. Report Lost or Stolen closes a card and moves its points
 * to the replacement under the card's row lock; a clearing or a staff reversal changing the points
 * at that moment waits for the lock, then finds the replacement — never the closed card.
 * PostgreSQL only: PGlite runs one statement at a time.
 */
describe('[CARDS]: points earned or taken back while a card is reported lost go to its replacement', () => {
  const time = manualClock(new Date('2026-11-20T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: cardTestEnv });
  const processor = new Processor(t);

  /** A credit card with 200 points earned (100.00 cleared) and a 50.00 purchase approved, not yet cleared. */
  async function creditCardWithPoints() {
    const { member } = await memberWithCard(t, 0n);
    const creditId = await giveCreditCard(t, member);
    const plastic = await plasticOf(t, creditId);
    const earned = await processor.authorize(plastic, '100.00');
    expect((await processor.clear(earned.id, '100.00')).statusCode).toBe(200);
    const pending = await processor.authorize(plastic, '50.00');
    expect(pending.decision, pending.message).toBe('approved');
    return { member, creditId, earned, pending };
  }

  /**
   * Report Lost or Stolen's change, its transaction held (the card's row lock taken, as the route
   * takes it) until `during`'s request waits on a lock; then the card is closed and replaced, and
   * the request's answer awaited.
   */
  async function reportLostWhile<T>(member: { id: string }, cardId: string, during: () => Promise<T>): Promise<T> {
    let answer: Promise<T> | undefined;
    await t.db.transaction(async (tx) => {
      const card = await memberCard(tx, member.id, cardId, true);
      answer = during();
      await someoneWaitsOnALock(t);
      await replaceLostCard(tx, t, card, 'lost', t.clock());
    });
    if (!answer) throw new Error('nothing ran');
    return answer;
  }

  /** Each of the member's cards' points, by its status (one card of each). */
  const pointsOf = async (memberId: string) => {
    const rows = await t.db
      .select({ status: cards.status, points: cards.rewardsPoints })
      .from(cards)
      .where(eq(cards.userId, memberId));
    return Object.fromEntries(rows.map((row) => [row.status, row.points]));
  };

  it.skipIf(!onPostgres)(
    'a purchase clearing as its card is reported lost: its points go to the replacement',
    async () => {
      const { member, creditId, pending } = await creditCardWithPoints();
      const cleared = await reportLostWhile(member, creditId, () => processor.clear(pending.id, '50.00'));
      expect(cleared.statusCode, cleared.body).toBe(200);
      // The debit card stays active with none; the closed credit card has none; the replacement has all 300.
      expect(await pointsOf(member.id)).toEqual({ active: 0, closed: 0, inactive: 300 });
    },
  );

  it.skipIf(!onPostgres)(
    'a purchase staff reverse as its card is reported lost: its points come off the replacement',
    async () => {
      const { member, creditId, earned } = await creditCardWithPoints();
      const reversed = await reportLostWhile(member, creditId, () =>
        staffReversePurchase(t, member.id, earned.id, 'Merchant refund'),
      );
      expect(reversed.statusCode, reversed.body).toBe(200);
      expect(await pointsOf(member.id)).toEqual({ active: 0, closed: 0, inactive: 0 });
    },
  );
});
