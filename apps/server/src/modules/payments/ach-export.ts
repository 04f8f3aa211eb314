import { randomUUID } from 'node:crypto';
import {
  type AchExportResult,
  type AchExportSkipped,
  type AchExportSummary,
  type AchSecCode,
  centsToDecimal,
  formatMoney,
  formatWireMoney,
  messages,
} from '@mutual/shared';
import { asc, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { withRetry } from '../../db/errors';
import { AppError } from '../../errors';
import { localClock } from '../../time';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { users } from '../people/people.tables';
import { awaitingExport } from './list-payment-orders';
import { achText, buildNachaFile, type EntryProblem, entryProblem, MAX_ENTRY_CENTS, type NachaEntry } from './nacha';
import { achExports, paymentOrders } from './payments.tables';
import { achFileContext, openOrderNumbersOrNull } from './sealed-numbers';
import { addDays, businessDayOnOrAfter } from '../../fed-calendar';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'secrets'>;
const m = messages.paymentOps;
const FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const ACH_EXPORTS_SHOWN = 50;

/** The credit union's local calendar date and time of `at`: { day: '20261121', time: '0942' }. */
export function localStamp(at: Date, timeZone: string) {
  const clock = localClock(at, timeZone);
  return { day: `${clock.year}${clock.month}${clock.day}`, time: `${clock.hour}${clock.minute}` };
}

/** The next Federal Reserve business day after `day` (YYYYMMDD), as YYMMDD: the settlement date the file asks for. */
export function nextBusinessDay(day: string): string {
  const iso = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
  return businessDayOnOrAfter(addDays(iso, 1)).slice(2).replaceAll('-', '');
}

/**
 * Writes every pending ACH order not yet exported into one NACHA file (one batch, `sec`), stores
 * it, and marks each order with it so it is never exported twice. Exporting does not settle: the
 * money stays held until staff settle or return each order. An order the file cannot carry (see
 * `entryProblem`) is left out, stays pending and unexported, and is named in the answer.
 */
export async function exportAchFile(
  deps: Deps,
  sec: AchSecCode,
  actor: Actor,
  meta: RequestMeta,
): Promise<AchExportResult> {
  const now = deps.clock();
  const { config } = deps;
  const stamp = localStamp(now, config.timeZone);
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      // One export at a time: the day's file number is counted, and an order goes out only once.
      await tx.execute(sql`lock table ach_exports in share row exclusive mode`);
      const orders = await tx
        .select()
        .from(paymentOrders)
        .where(awaitingExport)
        .orderBy(asc(paymentOrders.createdAt), asc(paymentOrders.id))
        .for('update');
      if (orders.length === 0) throw new AppError('CONFLICT', m.nothingToExport);
      // An order the file cannot carry is left out and named, not allowed to stop everyone's.
      const checked = orders.map((order): { order: OrderRow; entry?: NachaEntry; problem: ExportProblem | null } => {
        const opened = openOrderNumbersOrNull(deps.secrets, order);
        if (!opened) return { order, problem: 'unreadable' };
        const entry = entryOf(opened);
        return { order, entry, problem: entryProblem(entry) };
      });
      const writable = checked.flatMap(({ order, entry, problem }) =>
        problem === null && entry ? [{ order, entry }] : [],
      );
      const skipped = checked.flatMap(({ order, problem }) => (problem ? [skippedOrder(order, problem)] : []));
      const skippedText = skipped.map(describeSkipped).join(' ');
      if (writable.length === 0) throw new AppError('CONFLICT', m.nothingWritable(skippedText));

      const prefix = `ACH-${stamp.day}-`;
      const [today] = await tx
        .select({ n: count() })
        .from(achExports)
        .where(like(achExports.fileName, `${prefix}%`));
      const number = Number(today?.n ?? 0) + 1;
      const modifier = FILE_ID_MODIFIERS[number - 1];
      if (!modifier) throw new AppError('CONFLICT', m.tooManyFilesToday);

      const built = buildNachaFile({
        immediateDestination: config.ach.immediateDestination,
        immediateDestinationName: config.ach.immediateDestinationName,
        originRoutingNumber: config.routingNumber,
        // The field holds 23 characters: a longer name gives way to the short one, not cut mid-word.
        originName: achText(config.brand.name).length <= 23 ? config.brand.name : config.brand.shortName,
        companyName: config.ach.companyName,
        companyId: config.ach.companyId,
        entryDescription: 'TRANSFER',
        creationDate: stamp.day.slice(2),
        creationTime: stamp.time,
        effectiveDate: nextBusinessDay(stamp.day),
        fileIdModifier: modifier,
        batches: [
          {
            sec,
            entries: writable.map(({ entry }) => entry),
          },
        ],
      });
      const fileName = `${prefix}${number}.txt`;
      const id = randomUUID();
      const [saved] = await tx
        .insert(achExports)
        .values({
          id,
          fileName,
          secCode: sec,
          content: deps.secrets.seal(built.content, achFileContext(id)),
          entryCount: built.entryCount,
          totalAmount: built.totalCredit,
          createdAt: now,
          createdBy: actor.userId,
        })
        .returning();
      if (!saved) throw new Error('ACH export not recorded');
      const ids = writable.map(({ order }) => order.id);
      await tx.update(paymentOrders).set({ achExportId: saved.id }).where(inArray(paymentOrders.id, ids));
      await recordAudit(tx, {
        action: 'payment_order.ach_exported',
        actor,
        meta,
        after: {
          achExportId: saved.id,
          fileName,
          sec,
          entryCount: built.entryCount,
          totalAmount: centsToDecimal(built.totalCredit),
          paymentOrderIds: ids,
          ...(skipped.length > 0 && { skipped }),
        },
        at: now,
      });
      return {
        message: [m.exported(fileName, built.entryCount, formatMoney(built.totalCredit)), skippedText]
          .filter(Boolean)
          .join(' '),
        skipped,
        export: {
          id: saved.id,
          fileName,
          secCode: sec,
          entryCount: built.entryCount,
          totalAmount: centsToDecimal(built.totalCredit),
          createdAt: now.toISOString(),
          createdBy: actor.email,
        },
      };
    }),
  );
}

type OrderRow = typeof paymentOrders.$inferSelect;

function entryOf(order: OrderRow): NachaEntry {
  return {
    routingNumber: order.routingNumber ?? '',
    accountNumber: order.accountNumber,
    amount: order.amount,
    name: order.beneficiaryName,
    individualId: order.id.replaceAll('-', '').slice(0, 15),
  };
}

/** Why an order is left out of a file: its entry, or its numbers that cannot be opened. */
type ExportProblem = EntryProblem | 'unreadable';

const skipReasons: Record<ExportProblem, string> = {
  unreadable: m.skipUnreadable,
  amount: m.skipAmountInvalid,
  amountTooLarge: m.skipAmountTooLarge(formatMoney(MAX_ENTRY_CENTS)),
  routingNumber: m.skipRoutingInvalid,
  accountNumber: m.skipAccountInvalid,
  name: m.skipNameMissing,
};

function skippedOrder(order: OrderRow, problem: ExportProblem): AchExportSkipped {
  return {
    id: order.id,
    amount: centsToDecimal(order.amount),
    beneficiaryName: order.beneficiaryName,
    reason: skipReasons[problem],
  };
}

/** "Skipped order 1a2b3c4d ($150,000,000.00 to Casey Jones): <reason>. …" */
const describeSkipped = (order: AchExportSkipped) =>
  m.exportSkipped(order.id.slice(0, 8), formatWireMoney(order.amount), order.beneficiaryName, order.reason);

/** The files made so far, newest first. */
export async function listAchExports(db: Executor): Promise<AchExportSummary[]> {
  const rows = await db
    .select({
      id: achExports.id,
      fileName: achExports.fileName,
      secCode: achExports.secCode,
      entryCount: achExports.entryCount,
      totalAmount: achExports.totalAmount,
      createdAt: achExports.createdAt,
      createdBy: users.email,
    })
    .from(achExports)
    .leftJoin(users, eq(users.id, achExports.createdBy))
    .orderBy(desc(achExports.createdAt), desc(achExports.fileName))
    .limit(ACH_EXPORTS_SHOWN);
  return rows.map((row) => ({
    ...row,
    totalAmount: centsToDecimal(row.totalAmount),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * A stored file, to download again. It holds full account numbers, so each download is audited.
 */
export async function downloadAchExport(
  deps: Pick<AppDeps, 'db' | 'clock' | 'secrets'>,
  id: string,
  actor: Actor,
  meta: RequestMeta,
) {
  return deps.db.transaction(async (tx) => {
    const [file] = await tx.select().from(achExports).where(eq(achExports.id, id));
    if (!file) throw new AppError('NOT_FOUND', m.exportNotFound);
    await recordAudit(tx, {
      action: 'payment_order.ach_downloaded',
      actor,
      meta,
      after: { achExportId: file.id, fileName: file.fileName, sec: file.secCode },
      at: deps.clock(),
    });
    return { fileName: file.fileName, content: deps.secrets.open(file.content, achFileContext(file.id)) };
  });
}
