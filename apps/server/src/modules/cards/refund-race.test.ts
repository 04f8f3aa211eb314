import type { ProcessorRefundResult } from '@mutual/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { cardOf, cardTestEnv, giveCreditCard, memberWithCard, plasticOf, Processor } from '../../test/cards';
import { manualClock } from '../../test/identity';
import { someoneWaitsOnALock } from '../../test/lock-wait';
import { balances } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { cardAuthorizations, cardRefunds } from './cards.tables';

const onPostgres = inject('testDatabase').kind === 'postgres';

/**
 * Refunds of one purchase are counted under its authorization's row lock: racing refunds pass only
 * as far as what it cleared for, and together take back its points exactly once.
 * PostgreSQL only: PGlite runs one statement at a time.
 */
describe('[CARDS]: racing refunds of one purchase cannot together pass what it cleared for', () => {
  const time = manualClock(new Date('2026-11-20T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: cardTestEnv });
  const processor = new Processor(t);

  /**
   * Sends `count` refunds of `amount` of `processorId` while a transaction holds the authorization's
   * row lock, so they reach the lock before any is decided; their answers. (Fewer than the pool's 10
   * connections with the one holding the lock and the one watching for a waiter.)
   */
  async function racingRefunds(processorId: string, amount: string, count: number) {
    let answers: Promise<Array<{ statusCode: number; body: string }>> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from card_authorizations where processor_id = ${processorId} for update`);
      answers = Promise.all(Array.from({ length: count }, () => processor.refund(processorId, amount)));
      await someoneWaitsOnALock(t);
    });
    if (!answers) throw new Error('nothing sent');
    return answers;
  }

  const refundsOf = async (processorId: string) => {
    const rows = await t.db
      .select({ amount: cardRefunds.amount, points: cardRefunds.points })
      .from(cardRefunds)
      .innerJoin(cardAuthorizations, eq(cardAuthorizations.id, cardRefunds.authorizationId))
      .where(eq(cardAuthorizations.processorId, processorId));
    return {
      count: rows.length,
      amount: rows.reduce((sum, row) => sum + row.amount, 0n),
      points: rows.reduce((sum, row) => sum + row.points, 0),
    };
  };

  it.skipIf(!onPostgres)('six refunds of 30.00 on a 100.00 purchase: three pass, the others are refused', async () => {
    const { member, card } = await memberWithCard(t, 500_00n);
    const purchase = await processor.authorize(await plasticOf(t, card.id), '100.00');
    expect((await processor.clear(purchase.id, '100.00')).statusCode).toBe(200);

    const answers = await racingRefunds(purchase.id, '30.00', 6);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    expect(await refundsOf(purchase.id)).toMatchObject({ count: 3, amount: 90_00n });
    expect((await balances(member.browser)).Checking.balance).toBe('490.00');
    // Each answer's running total is a different one of 30, 60 and 90.
    const totals = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => (JSON.parse(a.body) as ProcessorRefundResult).refunded)
      .sort();
    expect(totals).toEqual(['30.00', '60.00', '90.00']);
  });

  it.skipIf(!onPostgres)(
    'on a credit card, racing refunds of the whole purchase take its points back once',
    async () => {
      const { member } = await memberWithCard(t, 0n);
      const creditId = await giveCreditCard(t, member);
      const purchase = await processor.authorize(await plasticOf(t, creditId), '100.00');
      expect((await processor.clear(purchase.id, '100.00')).statusCode).toBe(200);
      expect((await cardOf(member.browser, 'credit')).credit?.rewardsPoints).toBe(200);

      const answers = await racingRefunds(purchase.id, '25.00', 6);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
      expect(await refundsOf(purchase.id)).toEqual({ count: 4, amount: 100_00n, points: 200 });
      expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '0.00', rewardsPoints: 0 });
    },
  );
});
