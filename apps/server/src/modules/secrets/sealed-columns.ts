import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { totpSecretContext, type TotpSecretColumn } from '../auth/totp';
import { cardNumberContext } from '../cards/card-numbers';
import { cards } from '../cards/cards.tables';
import { payeeAccountContext } from '../bill-pay/payee-number';
import { billPayees } from '../bill-pay/bill-pay.tables';
import { achExports, paymentOrders } from '../payments/payments.tables';
import { achFileContext, orderAccountContext, orderIbanContext } from '../payments/sealed-numbers';
import { users } from '../people/people.tables';

/**
 * Every column that holds sealed secrets (crypto/secret-box.ts), with the context each row's value
 * is sealed under. Start-up seals plaintext left in them; `npm run secrets:rotate` re-seals them
 * under the current key. A new sealed column is one more line here.
 */
export interface SealedColumn {
  /** `table.column`, as reports name it. */
  name: string;
  table: PgTable;
  /** The row's key: a uuid or text column that orders rows for batching. */
  id: PgColumn;
  column: PgColumn;
  context: (id: string) => string;
  /** Stores a row's new value (through the query builder, so the column's name is checked). */
  write: (tx: Executor, id: string, value: string) => Promise<unknown>;
}

/** A member's TOTP secret: the enrolled one, or the one waiting for its first code. */
const totpColumn = (name: string, key: 'totpSecret' | 'totpPendingSecret', state: TotpSecretColumn): SealedColumn => ({
  name,
  table: users,
  id: users.id,
  column: users[key],
  context: (id) => totpSecretContext(id, state),
  write: (tx, id, value) =>
    tx
      .update(users)
      .set({ [key]: value })
      .where(eq(users.id, id)),
});

export const sealedColumns: SealedColumn[] = [
  totpColumn('users.totp_secret', 'totpSecret', 'enrolled'),
  totpColumn('users.totp_pending_secret', 'totpPendingSecret', 'pending'),
  {
    name: 'cards.number_sealed',
    table: cards,
    id: cards.id,
    column: cards.numberSealed,
    context: cardNumberContext,
    write: (tx, id, value) => tx.update(cards).set({ numberSealed: value }).where(eq(cards.id, id)),
  },
  {
    name: 'payment_orders.account_number',
    table: paymentOrders,
    id: paymentOrders.id,
    column: paymentOrders.accountNumber,
    context: orderAccountContext,
    write: (tx, id, value) => tx.update(paymentOrders).set({ accountNumber: value }).where(eq(paymentOrders.id, id)),
  },
  {
    name: 'payment_orders.iban',
    table: paymentOrders,
    id: paymentOrders.id,
    column: paymentOrders.iban,
    context: orderIbanContext,
    write: (tx, id, value) => tx.update(paymentOrders).set({ iban: value }).where(eq(paymentOrders.id, id)),
  },
  {
    name: 'ach_exports.content',
    table: achExports,
    id: achExports.id,
    column: achExports.content,
    context: achFileContext,
    write: (tx, id, value) => tx.update(achExports).set({ content: value }).where(eq(achExports.id, id)),
  },
  {
    name: 'bill_payees.account_number',
    table: billPayees,
    id: billPayees.id,
    column: billPayees.accountNumber,
    context: payeeAccountContext,
    write: (tx, id, value) => tx.update(billPayees).set({ accountNumber: value }).where(eq(billPayees.id, id)),
  },
];
