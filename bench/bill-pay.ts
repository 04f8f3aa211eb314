/**
 * Bill Pay on PostgreSQL: scheduling payments through the service (each one idempotent, holding
 * its money with a pending ledger transfer), then the `bill-pay.send` job's work sending a day's
 * due payments — by one instance, and by two at once on the same database (each payment exactly
 * once) — and the staff exports of that day.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:bill-pay
 *
 * The run creates `mutual_bench_billpay_<id>` (migrated), members with money and a payee each,
 * prints payments scheduled and sent per second and the exports' time and size, checks every
 * ledger invariant and that each payment was posted once, and drops the database unless
 * KEEP_BENCH_DB is set. No test runs this.
 *
 * Sizes (env): BENCH_MEMBERS (200); BENCH_PAYMENTS (4000) per round, spread over the members;
 * BENCH_CLIENTS (8) concurrent scheduling requests.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { systemActor } from '../apps/server/src/modules/audit/record-audit';
import { CardKeys } from '../apps/server/src/crypto/card-keys';
import { SecretBox } from '../apps/server/src/crypto/secret-box';
import { billPayees } from '../apps/server/src/modules/bill-pay/bill-pay.tables';
import { schedulePayment } from '../apps/server/src/modules/bill-pay/bill-payments';
import { sealPayeeAccount } from '../apps/server/src/modules/bill-pay/payee-number';
import { sendDueBillPayments } from '../apps/server/src/modules/bill-pay/send-bill-payments';
import { billPayCsv, billPayNacha } from '../apps/server/src/modules/bill-pay/staff-bill-pay';
import { generalLedger } from '../apps/server/src/modules/ledger/general-ledger';
import { postTransfer } from '../apps/server/src/modules/ledger/post-transfer';
import type { UserRow } from '../apps/server/src/modules/people/people.tables';
import { loadUser } from '../apps/server/src/modules/people/users';
import { benchPostgres, envWholeNumber, ms, print, progress } from './postgres';
import { createBenchUser, servicesBench } from './support';

const postgres = benchPostgres('bench:bill-pay');
const MEMBERS = Math.max(1, envWholeNumber('BENCH_MEMBERS', 200));
const PAYMENTS = Math.max(1, envWholeNumber('BENCH_PAYMENTS', 4000));
const CLIENTS = Math.max(1, envWholeNumber('BENCH_CLIENTS', 8));

// Monday 30 November 2026, 10:00 in New York: payments dated the next days, sent at their cut-off.
const scheduledAt = new Date('2026-11-30T15:00:00Z');
const days = ['2026-12-01', '2026-12-02'];
const cutOff = (day: string) => new Date(`${day}T19:00:00Z`);

async function main() {
  await servicesBench(postgres, 'billpay', async ({ config, database, logger, mailer }, benchDb) => {
    let failed = false;
    print(`${MEMBERS} members, ${PAYMENTS} payments per day, ${CLIENTS} concurrent scheduling clients`);
    const deps = {
      db: database.db,
      config,
      mailer,
      secrets: SecretBox.withNewKey(),
      cardKeys: CardKeys.withNewKeys(),
      clock: () => scheduledAt,
      logger,
    };

    progress('creating members…');
    const members: Array<{ user: UserRow; payeeId: string }> = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const created = await createBenchUser(deps, {
        name: `Bench Payer ${i}`,
        email: `payer-${i}-${benchDb}@bench.example`,
        password: 'bench-password-2026',
        role: 'user',
      });
      const [checking] = await queryRows<{ id: string }>(
        database.db,
        sql`select id from ledger_accounts where user_id = ${created.id} and type = 'Checking'`,
      );
      if (!checking) throw new Error('no checking account');
      await database.db.transaction((tx) =>
        postTransfer(tx, {
          kind: 'single',
          debitAccountId: generalLedger.cash,
          creditAccountId: checking.id,
          amount: 1_000_000_00n,
          category: 'Deposit',
          debitMemo: 'Bench deposit',
          creditMemo: 'Bench deposit',
          now: scheduledAt,
          createdBy: null,
        }),
      );
      const payeeId = randomUUID();
      const [payee] = await database.db
        .insert(billPayees)
        .values({
          id: payeeId,
          userId: created.id,
          billerId: i % 2 === 0 ? 'demo-electric' : 'demo-water',
          billerName: i % 2 === 0 ? 'Riverside Electric Co.' : 'City Water Utility',
          category: i % 2 === 0 ? 'electric' : 'water',
          nickname: 'Bench bill',
          accountNumber: sealPayeeAccount(deps.secrets, payeeId, String(5_500_000_000 + i)),
          createdAt: scheduledAt,
        })
        .returning({ id: billPayees.id });
      members.push({ user: await loadUser(database.db, created.id), payeeId: payee?.id ?? '' });
    }

    for (const [round, day] of days.entries()) {
      progress(`scheduling ${PAYMENTS} payments for ${day}…`);
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < PAYMENTS) {
            const i = next++;
            const member = members[i % members.length];
            if (!member) throw new Error('no member');
            const answer = await schedulePayment(
              deps,
              { member: member.user, key: randomUUID(), meta: { ipAddress: null, userAgent: 'bench' } },
              {
                fromAccount: 'Checking',
                payeeId: member.payeeId,
                amount: `${1 + (i % 90)}.${String(i % 100).padStart(2, '0')}`,
                payOn: day,
                memo: '',
                frequency: 'once',
              },
            );
            if (answer.statusCode !== 201) throw new Error(`scheduling refused: ${JSON.stringify(answer.body)}`);
          }
        }),
      );
      const scheduling = performance.now() - started;
      print(
        `${day}: scheduled ${PAYMENTS} in ${ms(scheduling)} (${((PAYMENTS / scheduling) * 1000).toFixed(0)}/s, ` +
          `${CLIENTS} clients)`,
      );

      const instances = round === 0 ? 1 : 2;
      const sendStarted = performance.now();
      const runs = await Promise.all(
        Array.from({ length: instances }, () =>
          sendDueBillPayments({ ...deps, clock: () => cutOff(day) }, cutOff(day)),
        ),
      );
      const sending = performance.now() - sendStarted;
      const sent = runs.reduce((sum, run) => sum + run.sent, 0);
      const errors = runs.reduce((sum, run) => sum + run.errors, 0);
      print(
        `${day}: sent ${sent} by ${instances} instance(s) in ${ms(sending)} ` +
          `(${((sent / sending) * 1000).toFixed(0)}/s); errors ${errors}`,
      );
      if (sent !== PAYMENTS || errors > 0) {
        failed = true;
        print(`  WRONG: expected ${PAYMENTS} sent exactly once`);
      }
      const [posts] = await queryRows<{ n: number; once: boolean }>(
        database.db,
        sql`select count(*)::int as n, count(*) = count(distinct pending_id) as once from ledger_transfers
            where kind = 'post' and category = 'Bill Pay'`,
      );
      if (!posts?.once) {
        failed = true;
        print('  WRONG: a payment was posted twice');
      }

      const staff = { ...deps, clock: () => cutOff(day) };
      const csvStarted = performance.now();
      const csv = await billPayCsv(staff, day, systemActor, { ipAddress: null, userAgent: 'bench' });
      const csvTime = performance.now() - csvStarted;
      const achStarted = performance.now();
      const ach = await billPayNacha(staff, day, systemActor, { ipAddress: null, userAgent: 'bench' });
      const achTime = performance.now() - achStarted;
      print(
        `${day}: CSV ${(csv.content.length / 1024).toFixed(0)} KB in ${ms(csvTime)}; ` +
          `NACHA CCD ${(ach.content.length / 1024).toFixed(0)} KB in ${ms(achTime)} (${ach.skipped.length} skipped)`,
      );
    }
    return failed;
  });
}

await main();
