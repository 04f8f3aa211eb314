import {
  centsToDecimal,
  PAYMENT_ORDERS_PAGE_SIZE,
  type PaymentOrder,
  type PaymentOrderPage,
  type PaymentOrderStatus,
  type PaymentRail,
  paymentOrderStatuses,
  paymentRails,
} from '@mutual/shared';
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import type { Executor } from '../../db/client';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { users } from '../people/people.tables';
import { achExports, paymentOrders } from './payments.tables';
import { openOrderNumbersOrNull } from './sealed-numbers';

const resolver = alias(users, 'resolver');

/** One order with everything the queue shows: the member, the source account, the file it went out in. */
export function selectOrders(db: Executor) {
  return db
    .select({
      order: paymentOrders,
      memberName: users.name,
      memberEmail: users.email,
      fromAccount: ledgerAccounts.type,
      exportFileName: achExports.fileName,
      exportCreatedAt: achExports.createdAt,
      resolverEmail: resolver.email,
    })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, paymentOrders.fromAccountId))
    .leftJoin(achExports, eq(achExports.id, paymentOrders.achExportId))
    .leftJoin(resolver, eq(resolver.id, paymentOrders.resolvedBy));
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

const HOUR = 3_600_000;

/** `••6789`: staff screens never show a full account number (the NACHA file has to). */
export const maskTail = (value: string) => `••${value.slice(-4)}`;

/** Shown for numbers sealed under a key this server does not hold (the export skips such an order). */
const UNREADABLE = '(unreadable)';

const maskIban = (iban: string) => `${iban.slice(0, 4)}${maskTail(iban)}`;

const asRail = (value: string): PaymentRail => paymentRails.find((rail) => rail === value) ?? 'ach';
const asStatus = (value: string): PaymentOrderStatus =>
  paymentOrderStatuses.find((status) => status === value) ?? 'pending';

export function toPaymentOrder(
  row: OrderRow,
  secrets: SecretBox,
  config: Pick<Config, 'paymentOrders'>,
  now: Date,
): PaymentOrder {
  // One order whose numbers do not open is listed, marked, rather than failing the list.
  const opened = openOrderNumbersOrNull(secrets, row.order);
  const unreadable = opened === null;
  const order = opened ?? { ...row.order, accountNumber: '', iban: null };
  const status = asStatus(order.status);
  const expiryHours = config.paymentOrders.expiryHours;
  return {
    id: order.id,
    rail: asRail(order.rail),
    status,
    amount: centsToDecimal(order.amount),
    member: { id: order.userId, name: row.memberName, email: row.memberEmail },
    fromAccount: row.fromAccount,
    beneficiary: {
      name: order.beneficiaryName,
      bankName: order.bankName,
      routingNumber: order.routingNumber,
      accountNumberMasked: unreadable ? UNREADABLE : maskTail(order.accountNumber),
      swiftCode: order.swiftCode,
      ibanMasked: order.iban ? maskIban(order.iban) : null,
      country: order.country,
      currency: order.currency,
    },
    reference: order.reference,
    createdAt: order.createdAt.toISOString(),
    ageMinutes: Math.max(0, Math.floor((now.getTime() - order.createdAt.getTime()) / 60_000)),
    // An order in an ACH file has been sent: it does not lapse (resolve-payment-order.ts).
    expiresAt:
      status === 'pending' && expiryHours > 0 && !order.achExportId
        ? new Date(order.createdAt.getTime() + expiryHours * HOUR).toISOString()
        : null,
    exported:
      order.achExportId && row.exportFileName && row.exportCreatedAt
        ? { id: order.achExportId, fileName: row.exportFileName, createdAt: row.exportCreatedAt.toISOString() }
        : null,
    resolvedAt: order.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolverEmail ?? (order.resolvedAt ? 'system' : null),
    returnCode: order.returnCode,
    returnReason: order.returnReason,
    returnNote: order.returnNote,
  };
}

/** One order as the queue shows it, or undefined. */
export async function findPaymentOrder(
  db: Executor,
  secrets: SecretBox,
  config: Pick<Config, 'paymentOrders'>,
  id: string,
  now: Date,
) {
  const [row] = await selectOrders(db).where(eq(paymentOrders.id, id));
  return row ? toPaymentOrder(row, secrets, config, now) : undefined;
}

/** Pending ACH orders that have not gone out in a NACHA file yet. */
export const awaitingExport: SQL = and(
  eq(paymentOrders.rail, 'ach'),
  eq(paymentOrders.status, 'pending'),
  isNull(paymentOrders.achExportId),
) as SQL;

/**
 * The queue, one status tab at a time: pending orders oldest first (the ones waiting longest are
 * worked first), resolved ones most recently resolved first. Counts feed the tabs.
 */
export async function listPaymentOrders(
  db: Executor,
  secrets: SecretBox,
  config: Pick<Config, 'paymentOrders'>,
  query: { status: PaymentOrderStatus; page: number },
  now: Date,
): Promise<PaymentOrderPage> {
  const pageSize = PAYMENT_ORDERS_PAGE_SIZE;
  const order =
    query.status === 'pending'
      ? [asc(paymentOrders.createdAt), asc(paymentOrders.id)]
      : [desc(paymentOrders.resolvedAt), desc(paymentOrders.id)];
  const [rows, byStatus, [toExport]] = await Promise.all([
    selectOrders(db)
      .where(eq(paymentOrders.status, query.status))
      .orderBy(...order)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ status: paymentOrders.status, n: count() }).from(paymentOrders).groupBy(paymentOrders.status),
    db.select({ n: count() }).from(paymentOrders).where(awaitingExport),
  ]);
  const counts = { pending: 0, settled: 0, returned: 0, expired: 0 };
  for (const { status, n } of byStatus) counts[asStatus(status)] = Number(n);
  return {
    orders: rows.map((row) => toPaymentOrder(row, secrets, config, now)),
    total: counts[query.status],
    page: query.page,
    pageSize,
    counts,
    achToExport: Number(toExport?.n ?? 0),
  };
}
