import { formatMoney } from '@mutual/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { users } from '../people/people.tables';

/**
 * Names for the ids an audit record holds ("payeeId", "recipientUserId"), looked up when staff
 * read a page of the log: the records stay as written (the log is append-only), and what they
 * name is shown as it is called now. One query per kind of thing on the page, by primary key.
 *
 * The kind is told by the field's name. Payees, bill payments, accounts and cards belong to
 * modules above this one (eslint.config.js, `serverLayers`): they are read here by table name,
 * read only, so the log can name them without depending on those modules.
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

const idList = (ids: string[], cast = sql`::uuid`): SQL =>
  sql.join(
    ids.map((id) => sql`${id}${cast}`),
    sql`, `,
  );

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
    const rows = await queryRows<{ id: string; nickname: string; biller_name: string }>(
      db,
      sql`select id, nickname, biller_name from bill_payees where id in (${idList(ids)})`,
    );
    return rows.map((row) => [
      row.id,
      row.nickname === row.biller_name ? row.nickname : `${row.nickname} (${row.biller_name})`,
    ]);
  },
  billPayment: async (db, ids) => {
    const rows = await queryRows<{ id: string; amount: unknown; pay_on: string; nickname: string }>(
      db,
      sql`select p.id, p.amount, p.pay_on::text as pay_on, e.nickname
          from bill_payments p join bill_payees e on e.id = p.payee_id
          where p.id in (${idList(ids)})`,
    );
    return rows.map((row) => [
      row.id,
      `${formatMoney(BigInt(String(row.amount)))} to ${row.nickname} on ${row.pay_on}`,
    ]);
  },
  account: async (db, ids) => {
    const rows = await queryRows<{ id: string; type: string; code: string | null; account_number: string | null }>(
      db,
      sql`select id, type, code, account_number from ledger_accounts where id in (${idList(ids)})`,
    );
    return rows.map((row) => [
      row.id,
      row.code ?? (row.account_number ? `${row.type} ••${row.account_number.slice(-4)}` : row.type),
    ]);
  },
  /** A biller by the name the newest payee of it was saved with (the directory is configuration). */
  biller: async (db, ids) => {
    const rows = await queryRows<{ biller_id: string; biller_name: string }>(
      db,
      sql`select distinct on (biller_id) biller_id, biller_name from bill_payees
          where biller_id in (${idList(ids, sql``)}) order by biller_id, created_at desc`,
    );
    return rows.map((row) => [row.biller_id, row.biller_name]);
  },
  card: async (db, ids) => {
    const rows = await queryRows<{ id: string; kind: string; last4: string }>(
      db,
      sql`select id, kind, last4 from cards where id in (${idList(ids)})`,
    );
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
