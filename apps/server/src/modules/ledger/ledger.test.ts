import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountId, deposit, memberWithMoney } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { generalLedger } from './general-ledger';
import { ledgerAccounts } from './ledger.tables';
import { postTransfer, resolvePending, reverseTransfer } from './post-transfer';
import { verifyLedger } from './verify-ledger';

describe('[LEDGER]: the engine', () => {
  const t = useLedgerTestApp();

  const counters = async (id: string) => {
    const [row] = await t.db
      .select()
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.id} = ${id}`);
    if (!row) throw new Error('no account');
    return {
      balance: row.creditsPosted - row.debitsPosted,
      available: row.creditsPosted - row.debitsPosted - row.debitsPending,
      version: row.version,
    };
  };

  it('posts, holds, settles, voids and reverses, keeping every invariant', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const checking = await accountId(t, member.id, 'Checking');
    const savings = await accountId(t, member.id, 'Savings');
    const now = t.clock();
    const common = { category: 'Transfer' as const, debitMemo: 'out', creditMemo: 'in', now, createdBy: member.id };

    await t.db.transaction((tx) =>
      postTransfer(tx, {
        kind: 'single',
        debitAccountId: checking,
        creditAccountId: savings,
        amount: 25_00n,
        ...common,
      }),
    );
    expect(await counters(checking)).toMatchObject({ balance: 75_00n, available: 75_00n, version: 2n });
    expect(await counters(savings)).toMatchObject({ balance: 25_00n, version: 1n });

    const held = await t.db.transaction((tx) =>
      postTransfer(tx, {
        kind: 'pending',
        debitAccountId: checking,
        creditAccountId: generalLedger.achClearing,
        amount: 50_00n,
        ...common,
      }),
    );
    expect(held.debitAvailable).toBe(25_00n);
    expect(await counters(checking)).toMatchObject({ balance: 75_00n, available: 25_00n });

    // More than is available (held money counts) is refused and changes nothing.
    await expect(
      t.db.transaction((tx) =>
        postTransfer(tx, {
          kind: 'single',
          debitAccountId: checking,
          creditAccountId: savings,
          amount: 25_01n,
          ...common,
        }),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await counters(checking)).toMatchObject({ balance: 75_00n, available: 25_00n, version: 3n });

    await t.db.transaction((tx) =>
      resolvePending(tx, { pendingId: held.transferId, kind: 'post', now, createdBy: null }),
    );
    expect(await counters(checking)).toMatchObject({ balance: 25_00n, available: 25_00n });
    await expect(
      t.db.transaction((tx) => resolvePending(tx, { pendingId: held.transferId, kind: 'void', now, createdBy: null })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });

    const second = await t.db.transaction((tx) =>
      postTransfer(tx, {
        kind: 'pending',
        debitAccountId: checking,
        creditAccountId: generalLedger.wireClearing,
        amount: 10_00n,
        ...common,
      }),
    );
    await t.db.transaction((tx) =>
      resolvePending(tx, {
        pendingId: second.transferId,
        kind: 'void',
        reason: 'R03 No account',
        now,
        createdBy: null,
      }),
    );
    expect(await counters(checking)).toMatchObject({ balance: 25_00n, available: 25_00n });

    const deposited = await t.db.transaction((tx) =>
      postTransfer(tx, {
        kind: 'single',
        debitAccountId: generalLedger.cash,
        creditAccountId: savings,
        amount: 5_00n,
        ...common,
      }),
    );
    await t.db.transaction((tx) =>
      reverseTransfer(tx, { transferId: deposited.transferId, reason: 'Entered twice', now, createdBy: null }),
    );
    await expect(
      t.db.transaction((tx) =>
        reverseTransfer(tx, { transferId: deposited.transferId, reason: 'again', now, createdBy: null }),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await counters(savings)).toMatchObject({ balance: 25_00n });
  });

  it('refuses to rewrite or delete history', async () => {
    const member = await memberWithMoney(t, 1_00n);
    await deposit(t, member.id, 1_00n);
    await expect(t.db.execute(sql`update ledger_transfers set amount = 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_accounts where user_id = ${member.id}`)).rejects.toThrow();
  });

  it('ledger:verify notices a counter that disagrees with the journal', async () => {
    const member = await memberWithMoney(t, 10_00n);
    const checking = await accountId(t, member.id, 'Checking');
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update ledger_accounts set credits_posted = credits_posted + 1 where id = ${checking}`);
        const violations = await verifyLedger(tx);
        expect(violations.map((v) => v.check)).toEqual(
          expect.arrayContaining(['conservation', 'counters = journal', 'running balances']),
        );
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
  });
});
