import { type InternalTransferInput, type TransferResult, type UserTransferInput } from '@mutual/shared';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { describe, expect, inject, it, vi } from 'vitest';
import type * as DbErrors from '../../db/errors';
import { AppError } from '../../errors';
import type { TestApp } from '../../test/identity';
import {
  accountId,
  balances,
  deposit,
  dollars,
  type Member,
  memberWithMoney,
  newKey,
  sendTransfer,
} from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { generalLedger } from '../ledger/general-ledger';
import { ledgerTransfers } from '../ledger/ledger.tables';
import { postTransfer, resolvePending, reverseTransfer } from '../ledger/post-transfer';

/**
 * Races the real thing: many requests at once through the API (the app's pool has 10 PostgreSQL
 * connections), so account locks, the idempotency claim and the limit counter are contended for
 * real. PGlite runs one statement at a time and cannot race, so this file needs PostgreSQL.
 */

/**
 * Every database error a transaction was retried for (withRetry, around each transfer). Locking
 * accounts in id order means a transfer never deadlocks: the retry is a safety net, and a test
 * that sees it used has found a lock-order bug the retry would otherwise hide.
 */
const retried = vi.hoisted(() => ({ states: [] as string[] }));
vi.mock('../../db/errors', async (importOriginal) => {
  const original = await importOriginal<typeof DbErrors>();
  return {
    ...original,
    withRetry: <T>(work: () => Promise<T>, attempts?: number) =>
      original.withRetry(async () => {
        try {
          return await work();
        } catch (error) {
          retried.states.push(original.sqlState(error) ?? 'none');
          throw error;
        }
      }, attempts),
  };
});

const onPostgres = inject('testDatabase').kind === 'postgres';
const describeOnPostgres = onPostgres ? describe : describe.skip;
const title = (name: string) =>
  onPostgres ? name : `${name} (skipped: needs PostgreSQL, run with TEST_DATABASE_URL=postgres://…)`;

const userTransfer = (
  to: Member,
  amount: string,
  fromAccount: 'Checking' | 'Savings' = 'Checking',
): UserTransferInput => ({
  transferType: 'user',
  fromAccount,
  recipientEmail: to.email,
  amount,
  reference: 'Race',
});

const internalTransfer = (fromAccount: 'Checking' | 'Savings', amount: string): InternalTransferInput => ({
  transferType: 'internal',
  fromAccount,
  toAccount: fromAccount === 'Checking' ? 'Savings' : 'Checking',
  amount,
  reference: 'Savings top-up',
});

/** Status and error code of each response; a 500 or a database error text never belongs here. */
function outcomes(responses: InjectResponse[]) {
  for (const response of responses) {
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.body).not.toMatch(/deadlock|serializ|could not|duplicate key/i);
  }
  return responses.map((r) => (r.statusCode === 201 ? '201' : `${r.statusCode} ${r.json<{ code: string }>().code}`));
}

const tally = (values: string[]) =>
  values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

async function outgoingTransfers(t: TestApp, debitAccountId: string) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.debitAccountId, debitAccountId));
  return row?.n ?? 0;
}

describeOnPostgres(title('[TRANSFERS]: concurrent requests on PostgreSQL'), () => {
  // No transfer limit (0): it would refuse most of these requests, and its per-member counter
  // row would also queue a member's transfers one behind the other, hiding the ledger's locks.
  const t = useLedgerTestApp({ env: { TRANSFER_LIMIT_COUNT: '0', RATE_LIMIT_PER_MINUTE: '100000' } });

  it(
    '50 racing transfers cannot spend more than the account holds: ' + 'exactly ⌊$10.00 / $0.30⌋ = 33 succeed',
    async () => {
      const payer = await memberWithMoney(t, 10_00n, 'Pat Payer');
      const payee = await memberWithMoney(t, 0n, 'Quinn Payee');
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          sendTransfer(payer.browser, '/api/transfers/user', userTransfer(payee, '0.30')),
        ),
      );

      expect(tally(outcomes(responses))).toEqual({ '201': 33, '422 INSUFFICIENT_FUNDS': 17 });
      expect(await balances(payer.browser)).toMatchObject({ Checking: { balance: '0.10', available: '0.10' } });
      expect(await balances(payee.browser)).toMatchObject({ Checking: { balance: '9.90', available: '9.90' } });
      expect(await outgoingTransfers(t, await accountId(t, payer.id, 'Checking'))).toBe(33);
    },
  );

  it(
    '50 racing copies of one request (one idempotency key) ' +
      'make exactly one transfer; the others replay its answer',
    async () => {
      const payer = await memberWithMoney(t, 10_00n, 'Pat Payer');
      const payee = await memberWithMoney(t, 0n, 'Quinn Payee');
      const key = newKey();
      const body = userTransfer(payee, '1.25');
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => sendTransfer(payer.browser, '/api/transfers/user', body, key)),
      );

      expect(tally(outcomes(responses))).toEqual({ '201': 50 });
      const replayed = responses.filter((r) => r.headers['idempotent-replayed'] === 'true');
      expect(replayed).toHaveLength(49);
      const transferIds = new Set(responses.map((r) => r.json<TransferResult>().transferId));
      expect(transferIds.size).toBe(1);
      for (const response of responses) expect(response.json()).toEqual(responses[0]?.json());

      expect(await outgoingTransfers(t, await accountId(t, payer.id, 'Checking'))).toBe(1);
      expect(await balances(payer.browser)).toMatchObject({ Checking: { balance: '8.75' } });
      expect(await balances(payee.browser)).toMatchObject({ Checking: { balance: '1.25' } });
    },
  );

  it(
    'an A→B / B→A storm with internal transfers mixed in: ' + 'no error reaches anyone, and the books match the model',
    async () => {
      const start = 100_00n;
      const a = await memberWithMoney(t, start, 'Avery Storm');
      const b = await memberWithMoney(t, start, 'Blake Storm');
      await deposit(t, a.id, start, 'Savings');
      await deposit(t, b.id, start, 'Savings');

      type Books = Record<'Checking' | 'Savings', bigint>;
      const books = new Map<Member, Books>([
        [a, { Checking: start, Savings: start }],
        [b, { Checking: start, Savings: start }],
      ]);
      const book = (m: Member) => books.get(m) ?? { Checking: 0n, Savings: 0n };
      // At most 100 × $1.00 leaves any one account, which holds $100.00: every transfer must succeed.
      const requests: Array<() => Promise<InjectResponse>> = [];
      for (let i = 0; i < 100; i++) {
        const cents = BigInt(1 + Math.floor(Math.random() * 100));
        const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
        const account = Math.random() < 0.5 ? 'Checking' : 'Savings';
        const other = account === 'Checking' ? 'Savings' : 'Checking';
        book(from)[account] -= cents;
        if (i % 5 === 4) {
          book(from)[other] += cents;
          requests.push(() =>
            sendTransfer(from.browser, '/api/transfers/internal', internalTransfer(account, dollars(cents))),
          );
        } else {
          book(to).Checking += cents;
          requests.push(() =>
            sendTransfer(from.browser, '/api/transfers/user', userTransfer(to, dollars(cents), account)),
          );
        }
      }
      retried.states.length = 0;
      const responses = await Promise.all(requests.map((send) => send()));

      expect(tally(outcomes(responses))).toEqual({ '201': 100 });
      expect(
        retried.states.filter((state) => state.startsWith('40')),
        'deadlocks or serialization failures, hidden by the retry',
      ).toEqual([]);
      for (const m of [a, b]) {
        expect(await balances(m.browser)).toEqual({
          Checking: { balance: dollars(book(m).Checking), available: dollars(book(m).Checking) },
          Savings: { balance: dollars(book(m).Savings), available: dollars(book(m).Savings) },
        });
      }
      expect(book(a).Checking + book(a).Savings + book(b).Checking + book(b).Savings).toBe(4n * start);
    },
  );

  it(
    '10 racing resolutions of one hold: exactly one wins, ' +
      'the others are told it is already settled; likewise 10 reversals',
    async () => {
      const member = await memberWithMoney(t, 50_00n, 'Robin Resolver');
      const checking = await accountId(t, member.id, 'Checking');
      const now = t.clock();
      const held = await t.db.transaction((tx) =>
        postTransfer(tx, {
          kind: 'pending',
          debitAccountId: checking,
          creditAccountId: generalLedger.achClearing,
          amount: 20_00n,
          category: 'Transfer',
          debitMemo: 'ACH out',
          creditMemo: 'ACH out',
          now,
          createdBy: member.id,
        }),
      );
      const kinds = ['post', 'void', 'expire'] as const;
      const resolutions = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          t.db.transaction((tx) =>
            resolvePending(tx, {
              pendingId: held.transferId,
              kind: kinds[i % 3] ?? 'post',
              reason: 'race',
              now,
              createdBy: null,
            }),
          ),
        ),
      );
      const won = resolutions.flatMap((r, i) => (r.status === 'fulfilled' ? [kinds[i % 3]] : []));
      expect(won).toHaveLength(1);
      for (const r of resolutions) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
      expect(resolutions.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof AppError)).toBe(true);
      const [count] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.pendingId, held.transferId));
      expect(count?.n).toBe(1);
      const afterHold = won[0] === 'post' ? '30.00' : '50.00';
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: afterHold, available: afterHold } });

      const savings = await accountId(t, member.id, 'Savings');
      const deposited = await t.db.transaction((tx) =>
        postTransfer(tx, {
          kind: 'single',
          debitAccountId: generalLedger.cash,
          creditAccountId: savings,
          amount: 7_00n,
          category: 'Deposit',
          debitMemo: 'Cash',
          creditMemo: 'Cash',
          now,
          createdBy: null,
        }),
      );
      const reversals = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          t.db.transaction((tx) =>
            reverseTransfer(tx, { transferId: deposited.transferId, reason: 'race', now, createdBy: null }),
          ),
        ),
      );
      expect(reversals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of reversals) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
      expect(await balances(member.browser)).toMatchObject({ Savings: { balance: '0.00', available: '0.00' } });
    },
  );
});

describeOnPostgres(title('[TRANSFERS]: the transfer limit under a race on PostgreSQL'), () => {
  const t = useLedgerTestApp({ env: { TRANSFER_LIMIT_COUNT: '3', RATE_LIMIT_PER_MINUTE: '100000' } });

  it('20 racing transfers with a limit of 3: exactly 3 go through, 17 are refused at the limit', async () => {
    const payer = await memberWithMoney(t, 100_00n, 'Lee Limit');
    const payee = await memberWithMoney(t, 0n, 'Morgan Payee');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => sendTransfer(payer.browser, '/api/transfers/user', userTransfer(payee, '1.00'))),
    );

    expect(tally(outcomes(responses))).toEqual({ '201': 3, '422 TRANSFER_LIMIT_REACHED': 17 });
    expect(await balances(payer.browser)).toMatchObject({ Checking: { balance: '97.00' } });
    expect(await balances(payee.browser)).toMatchObject({ Checking: { balance: '3.00' } });
    expect(await outgoingTransfers(t, await accountId(t, payer.id, 'Checking'))).toBe(3);
  });
});
