import { randomUUID } from 'node:crypto';
import { inArray, TransactionRollbackError } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { createPerson } from '../../test/identity';
import { accountId } from '../../test/money';
import { useTestApp } from '../../test/test-app';
import { generalLedger } from './general-ledger';
import { ledgerAccounts } from './ledger.tables';
import { type PostedTransfer, postTransfer, resolvePending, reverseTransfer } from './post-transfer';
import { verifyLedger } from './verify-ledger';

/**
 * The ledger against a model of it: random sequences of deposits, member-to-member transfers,
 * holds, resolutions and reversals go through the engine and through a few bigint counters in
 * memory; after every step both must agree on the outcome (or the refusal) and on every counter.
 *
 * Replay a failure with the seed (and path) fast-check prints: FC_SEED=<seed> [FC_PATH=<path>].
 */

const MEMBERS = 2; // each opens Checking and Savings: four member accounts per run
const NUM_RUNS = Number(process.env.FC_RUNS ?? 40);

type Code = 'INSUFFICIENT_FUNDS' | 'CONFLICT' | 'NOT_FOUND';
type Outcome = { ok: true } | { ok: false; code: Code };

/** Which earlier transfer a resolution or reversal is aimed at. */
type Target = { from: 'pending' | 'completed' | 'any'; open: boolean; pick: number } | { from: 'unknown' };

type Command =
  | { op: 'deposit'; to: number; amount: bigint }
  | { op: 'transfer'; from: number; to: number; amount: bigint }
  | { op: 'hold'; from: number; amount: bigint }
  | { op: 'resolve'; kind: 'post' | 'void' | 'expire'; target: Target }
  | { op: 'reverse'; target: Target };

const MEMBER_ACCOUNTS = MEMBERS * 2;
const memberIndex = fc.nat({ max: MEMBER_ACCOUNTS - 1 });
// Deposits are larger than most spending, which is sometimes more than the account has.
const depositAmount = fc.bigInt({ min: 1n, max: 300_00n });
const amount = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 1n, max: 30_00n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 500_00n }) },
);
/**
 * Mostly the kind of transfer the call is for, often one not yet resolved or reversed (`open`);
 * sometimes any earlier transfer, or one that was never made.
 */
const target = (usual: 'pending' | 'completed'): fc.Arbitrary<Target> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.record({ from: fc.constant(usual), open: fc.boolean(), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({ from: fc.constant('any' as const), open: fc.constant(false), pick: fc.nat() }),
    },
    { weight: 1, arbitrary: fc.constant({ from: 'unknown' as const }) },
  );
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('deposit' as const), to: memberIndex, amount: depositAmount }) },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('transfer' as const), from: memberIndex, to: memberIndex, amount }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('hold' as const), from: memberIndex, amount }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('resolve' as const),
      kind: fc.constantFrom('post' as const, 'void' as const, 'expire' as const),
      target: target('pending'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reverse' as const), target: target('completed') }) },
);

/**
 * One run that gives each outcome the coverage check below asks for, in order: a deposit, two
 * transfers that pass it on, the first transfer's reversal refused (its money was spent), a
 * transfer and a hold refused, a hold posted, posted again (conflict), an unknown one resolved, the
 * posting reversed, reversed again (conflict), and an unknown one reversed.
 */
const everyOutcome: Command[] = [
  { op: 'deposit', to: 0, amount: 100_00n },
  { op: 'transfer', from: 0, to: 1, amount: 100_00n },
  { op: 'transfer', from: 1, to: 2, amount: 100_00n },
  { op: 'reverse', target: { from: 'completed', open: true, pick: 1 } },
  { op: 'transfer', from: 3, to: 0, amount: 1_00n },
  { op: 'hold', from: 3, amount: 1_00n },
  { op: 'hold', from: 2, amount: 10_00n },
  { op: 'resolve', kind: 'post', target: { from: 'pending', open: true, pick: 0 } },
  { op: 'resolve', kind: 'void', target: { from: 'pending', open: true, pick: 0 } },
  { op: 'resolve', kind: 'post', target: { from: 'unknown' } },
  { op: 'reverse', target: { from: 'completed', open: true, pick: 3 } },
  { op: 'reverse', target: { from: 'completed', open: false, pick: 3 } },
  { op: 'reverse', target: { from: 'unknown' } },
];

// ---------------------------------------------------------------------------------------------
// The model

interface Counters {
  debitsPending: bigint;
  debitsPosted: bigint;
  creditsPending: bigint;
  creditsPosted: bigint;
}

interface ModelTransfer {
  id: string;
  kind: 'single' | 'pending' | 'post' | 'void' | 'expire';
  debit: string;
  credit: string;
  amount: bigint;
  isReversal: boolean;
  resolved: boolean;
  reversed: boolean;
}

class Model {
  readonly transfers: ModelTransfer[] = [];

  constructor(
    readonly accounts: Map<string, Counters>,
    readonly memberAccounts: ReadonlySet<string>,
  ) {}

  available(id: string): bigint {
    const a = this.account(id);
    return a.creditsPosted - a.debitsPosted - a.debitsPending;
  }

  account(id: string): Counters {
    const a = this.accounts.get(id);
    if (!a) throw new Error(`model has no account ${id}`);
    return a;
  }

  /** A member account may not spend more than it has available; general-ledger accounts may. */
  private funded(debit: string, amount: bigint): boolean {
    return !this.memberAccounts.has(debit) || this.available(debit) >= amount;
  }

  /** What the engine should answer to a new single or pending transfer. */
  plan(debit: string, amount: bigint): Outcome {
    return this.funded(debit, amount) ? { ok: true } : { ok: false, code: 'INSUFFICIENT_FUNDS' };
  }

  planResolution(pending: ModelTransfer | undefined): Outcome {
    if (!pending || pending.kind !== 'pending') return { ok: false, code: 'NOT_FOUND' };
    if (pending.resolved) return { ok: false, code: 'CONFLICT' };
    return { ok: true }; // the held money is already counted against the account
  }

  planReversal(original: ModelTransfer | undefined): Outcome {
    if (!original || !(original.kind === 'single' || original.kind === 'post') || original.isReversal)
      return { ok: false, code: 'NOT_FOUND' };
    if (original.reversed) return { ok: false, code: 'CONFLICT' };
    // The money goes back out of the account it went into: a member may have spent it since.
    return this.funded(original.credit, original.amount) ? { ok: true } : { ok: false, code: 'INSUFFICIENT_FUNDS' };
  }

  apply(transfer: ModelTransfer) {
    const d = this.account(transfer.debit);
    const c = this.account(transfer.credit);
    const a = transfer.amount;
    switch (transfer.kind) {
      case 'single':
        d.debitsPosted += a;
        c.creditsPosted += a;
        break;
      case 'pending':
        d.debitsPending += a;
        c.creditsPending += a;
        break;
      case 'post':
        d.debitsPending -= a;
        c.creditsPending -= a;
        d.debitsPosted += a;
        c.creditsPosted += a;
        break;
      case 'void':
      case 'expire':
        d.debitsPending -= a;
        c.creditsPending -= a;
        break;
    }
    this.transfers.push(transfer);
  }

  /** The earlier transfer a target names (undefined: one the ledger has never seen). */
  find(target: Target): ModelTransfer | undefined {
    if (target.from === 'unknown') return undefined;
    const ofKind = this.transfers.filter((t) =>
      target.from === 'pending'
        ? t.kind === 'pending'
        : target.from === 'completed'
          ? (t.kind === 'single' || t.kind === 'post') && !t.isReversal
          : true,
    );
    const open = ofKind.filter((t) => !t.resolved && !t.reversed);
    const pool = target.open && open.length > 0 ? open : ofKind;
    return pool.length === 0 ? undefined : pool[target.pick % pool.length];
  }
}

// ---------------------------------------------------------------------------------------------

describe('[LEDGER]: the engine agrees with a model of it (property)', () => {
  const t = useTestApp();

  const tracked = [generalLedger.cash, generalLedger.achClearing];

  async function readCounters(db: Tx, ids: string[]): Promise<Map<string, Counters>> {
    const rows = await db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          debitsPending: row.debitsPending,
          debitsPosted: row.debitsPosted,
          creditsPending: row.creditsPending,
          creditsPosted: row.creditsPosted,
        },
      ]),
    );
  }

  /** Runs one ledger call in its own (nested) transaction; an AppError is the ledger's refusal. */
  async function attempt(run: Tx, call: (tx: Tx) => Promise<PostedTransfer>) {
    try {
      return { ok: true as const, posted: await run.transaction(call) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false as const, code: error.code };
      throw error;
    }
  }

  it(
    'random deposits, transfers, holds, ' + 'resolutions and reversals keep counters, refusals and invariants',
    async () => {
      let runs = 0;
      // What the runs exercised (each op's success and each refusal), so a generator gone dull shows.
      const seen = new Map<string, number>();

      /** One run: every command through the engine and the model, comparing after each. */
      async function play(run: Tx, memberIds: string[], commands: Command[]) {
        const ids = [...tracked, ...memberIds];
        const model = new Model(await readCounters(run, ids), new Set(memberIds));
        const member = (index: number) => memberIds[index % memberIds.length] ?? '';
        const now = t.clock();
        const common = {
          category: 'Transfer' as const,
          debitMemo: 'model out',
          creditMemo: 'model in',
          now,
          createdBy: null,
        };

        for (const [step, cmd] of commands.entries()) {
          let expected: Outcome;
          let pending: Omit<ModelTransfer, 'id'> | undefined;
          let result: Awaited<ReturnType<typeof attempt>>;
          let touched: ModelTransfer | undefined;

          switch (cmd.op) {
            case 'deposit':
            case 'transfer':
            case 'hold': {
              const debit = cmd.op === 'deposit' ? generalLedger.cash : member(cmd.from);
              let credit = cmd.op === 'hold' ? generalLedger.achClearing : member(cmd.to);
              if (cmd.op === 'transfer' && credit === debit) credit = member(cmd.to + 1);
              const kind = cmd.op === 'hold' ? 'pending' : 'single';
              expected = model.plan(debit, cmd.amount);
              pending = {
                kind,
                debit,
                credit,
                amount: cmd.amount,
                isReversal: false,
                resolved: false,
                reversed: false,
              };
              result = await attempt(run, (tx) =>
                postTransfer(tx, {
                  kind,
                  debitAccountId: debit,
                  creditAccountId: credit,
                  amount: cmd.amount,
                  ...common,
                }),
              );
              break;
            }
            case 'resolve': {
              touched = model.find(cmd.target);
              expected = model.planResolution(touched);
              if (touched)
                pending = { ...touched, kind: cmd.kind, isReversal: false, resolved: false, reversed: false };
              const pendingId = touched?.id ?? randomUUID();
              result = await attempt(run, (tx) =>
                resolvePending(tx, { pendingId, kind: cmd.kind, reason: 'model', now, createdBy: null }),
              );
              break;
            }
            case 'reverse': {
              touched = model.find(cmd.target);
              expected = model.planReversal(touched);
              if (touched)
                pending = {
                  kind: 'single',
                  debit: touched.credit,
                  credit: touched.debit,
                  amount: touched.amount,
                  isReversal: true,
                  resolved: false,
                  reversed: false,
                };
              const transferId = touched?.id ?? randomUUID();
              result = await attempt(run, (tx) =>
                reverseTransfer(tx, { transferId, reason: 'model', now, createdBy: null }),
              );
              break;
            }
          }

          const shown = JSON.stringify(cmd, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
          const where = `step ${step} ${shown}`;
          expect(result.ok ? { ok: true } : { ok: false, code: result.code }, where).toEqual(expected);
          const outcome = `${cmd.op}:${result.ok ? 'ok' : result.code}`;
          seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
          if (result.ok && pending) {
            model.apply({ ...pending, id: result.posted.transferId });
            if (cmd.op === 'resolve' && touched) touched.resolved = true;
            if (cmd.op === 'reverse' && touched) touched.reversed = true;
            // What the engine says right after the transfer is what the model says too.
            expect({ debit: result.posted.debitAvailable, credit: result.posted.creditAvailable }, where).toEqual({
              debit: model.available(pending.debit),
              credit: model.available(pending.credit),
            });
          }
          const actual = await readCounters(run, ids);
          for (const id of ids) {
            const a = actual.get(id);
            const m = model.account(id);
            expect(
              a && {
                balance: a.creditsPosted - a.debitsPosted,
                available: a.creditsPosted - a.debitsPosted - a.debitsPending,
                counters: a,
              },
              `${where}: account ${id}`,
            ).toEqual({ balance: m.creditsPosted - m.debitsPosted, available: model.available(id), counters: m });
          }
        }
        expect(await verifyLedger(run)).toEqual([]);
      }

      const property = fc.asyncProperty(
        fc.array(command, { minLength: 1, maxLength: 40, size: 'max' }),
        async (commands) => {
          runs += 1;
          const memberIds: string[] = [];
          for (let i = 0; i < MEMBERS; i++) {
            const person = await createPerson(t, { name: `Model Member ${i + 1}` });
            memberIds.push(await accountId(t, person.id, 'Checking'), await accountId(t, person.id, 'Savings'));
          }
          // The run happens in a transaction that is rolled back (each command in its own savepoint):
          // no run sees another's transfers, so a failure and its shrunk counterexample stand alone.
          await t.db
            .transaction(async (run) => {
              await play(run, memberIds, commands);
              run.rollback();
            })
            .catch((error: unknown) => {
              if (!(error instanceof TransactionRollbackError)) throw error;
            });
        },
      );

      const seed = process.env.FC_SEED;
      await fc.assert(property, {
        numRuns: NUM_RUNS,
        // Every outcome at least once, whatever the random runs draw (a reversal refused for want
        // of money needs the money spent first, and a random run may not do that).
        examples: [[everyOutcome]],
        ...(seed !== undefined && seed !== '' && { seed: Number(seed) }),
        ...(process.env.FC_PATH && { path: process.env.FC_PATH }),
      });
      expect(runs).toBeGreaterThanOrEqual(NUM_RUNS);
      if (NUM_RUNS >= 40 && !process.env.FC_PATH) {
        // Hundreds of commands: every call must have both succeeded and been refused in each way
        // (each of these comes up several times in a normal run; none of them is a rare event).
        const outcomes = [...seen.keys()];
        expect(outcomes, JSON.stringify(Object.fromEntries(seen))).toEqual(
          expect.arrayContaining([
            'deposit:ok',
            'transfer:ok',
            'hold:ok',
            'resolve:ok',
            'reverse:ok',
            'transfer:INSUFFICIENT_FUNDS',
            'hold:INSUFFICIENT_FUNDS',
            'resolve:CONFLICT',
            'resolve:NOT_FOUND',
            'reverse:CONFLICT',
            'reverse:NOT_FOUND',
            'reverse:INSUFFICIENT_FUNDS',
          ]),
        );
      }
    },
    120_000,
  );
});
