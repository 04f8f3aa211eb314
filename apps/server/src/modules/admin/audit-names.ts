import { formatMoney } from '@mutual/shared';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billPayees, billPayments } from '../bill-pay/bill-pay.tables';
import { cards } from '../cards/cards.tables';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { users } from '../people/people.tables';

/**
 * Names for the ids an audit record holds ("payeeId", "recipientUserId"), looked up when staff
 * read a page of the log (`listAudit` takes `namesForRecords`): the records stay as written (the
 * log is append-only), and what they name is shown as it is called now. One query per kind of
 * thing on the page, by primary key. It lives with the staff console, above the modules whose
 * tables it reads (payees, bill payments, accounts, cards), not in the log's own module below them.
 */

type Kind = 'person' | 'payee' | 'billPayment' | 'account' | 'card' | 'biller';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a field holding an id names, by the field's name (its last part: `balances.userId` → `userId`). */
export function idKindOf(key: string): Kind | null {
  const name = key.split('.').pop() ?? key;
  if (/(^u|U)serId$/.test(name)) return 'person';
  if (/(^p|P)ayeeId$/.test(name)) return 'payee';
  if (name === 'paymentId') return 'billPayment';
  if (/(^a|A)ccountId$/.test(name)) return 'account';
  if (/(^c|C)ardId$/.test(name)) return 'card';
  if (name === 'billerId') return 'biller';
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every (kind, id) a record names, a few levels deep (as the screen flattens it). */
function idsIn(value: unknown, into: Map<string, Kind>, depth = 0): Map<string, Kind> {
  if (!isRecord(value) || depth >= 3) return into;
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'string') {
      // A biller's id is the directory's ("demo-electric"); every other id is a uuid.
      const kind = idKindOf(key);
      if (kind && (kind === 'biller' ? /^[\w.-]{1,80}$/.test(inner) : UUID.test(inner)))
        into.set(inner.toLowerCase(), kind);
    } else {
      idsIn(inner, into, depth + 1);
    }
  }
  return into;
}

type Lookup = (db: Executor, ids: string[]) => Promise<Array<[string, string]>>;

const lookups: Record<Kind, Lookup> = {
  person: async (db, ids) => {
    const rows = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, ids));
    return rows.map((row) => [row.id, row.name ? `${row.name} (${row.email})` : row.email]);
  },
  payee: async (db, ids) => {
    const rows = await db
      .select({ id: billPayees.id, nickname: billPayees.nickname, billerName: billPayees.billerName })
      .from(billPayees)
      .where(inArray(billPayees.id, ids));
    return rows.map((row) => [
      row.id,
      row.nickname === row.billerName ? row.nickname : `${row.nickname} (${row.billerName})`,
    ]);
  },
  billPayment: async (db, ids) => {
    const rows = await db
      .select({
        id: billPayments.id,
        amount: billPayments.amount,
        payOn: billPayments.payOn,
        nickname: billPayees.nickname,
      })
      .from(billPayments)
      .innerJoin(billPayees, eq(billPayees.id, billPayments.payeeId))
      .where(inArray(billPayments.id, ids));
    return rows.map((row) => [row.id, `${formatMoney(row.amount)} to ${row.nickname} on ${row.payOn}`]);
  },
  account: async (db, ids) => {
    const rows = await db
      .select({
        id: ledgerAccounts.id,
        type: ledgerAccounts.type,
        code: ledgerAccounts.code,
        accountNumber: ledgerAccounts.accountNumber,
      })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, ids));
    return rows.map((row) => [
      row.id,
      row.code ?? (row.accountNumber ? `${row.type} ••${row.accountNumber.slice(-4)}` : row.type),
    ]);
  },
  /** A biller by the name the newest payee of it was saved with (the directory is configuration). */
  biller: async (db, ids) => {
    const rows = await db
      .selectDistinctOn([billPayees.billerId], { billerId: billPayees.billerId, billerName: billPayees.billerName })
      .from(billPayees)
      .where(inArray(billPayees.billerId, ids))
      .orderBy(billPayees.billerId, desc(billPayees.createdAt));
    return rows.map((row) => [row.billerId, row.billerName]);
  },
  card: async (db, ids) => {
    const rows = await db
      .select({ id: cards.id, kind: cards.kind, last4: cards.last4 })
      .from(cards)
      .where(inArray(cards.id, ids));
    return rows.map((row) => [row.id, `${row.kind === 'credit' ? 'Credit' : 'Debit'} card ending ${row.last4}`]);
  },
};

/**
 * For each record, the names of the ids it holds: `{ [id]: name }` (ids in lower case), or
 * `null` for an id of a known kind that is no longer there. Ids of other kinds (a transfer's, a challenge's) are left
 * out: the screen shows them by a short reference.
 */
export async function namesForRecords(
  db: Executor,
  records: Array<{ before: unknown; after: unknown }>,
): Promise<Array<Record<string, string | null>>> {
  const perRecord = records.map((record) => idsIn(record.after, idsIn(record.before, new Map())));
  const byKind = new Map<Kind, Set<string>>();
  for (const ids of perRecord) {
    for (const [id, kind] of ids) byKind.set(kind, (byKind.get(kind) ?? new Set()).add(id));
  }
  const found = new Map<string, string>();
  for (const [kind, ids] of byKind) {
    for (const [id, name] of await lookups[kind](db, [...ids])) found.set(id.toLowerCase(), name);
  }
  return perRecord.map((ids) => Object.fromEntries([...ids.keys()].map((id) => [id, found.get(id) ?? null])));
}
