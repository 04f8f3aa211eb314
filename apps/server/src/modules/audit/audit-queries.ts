import {
  AUDIT_COUNT_CAP,
  type AuditActions,
  type AuditEntry,
  type AuditFilters,
  type AuditPage,
  auditActionLabel,
  auditFamilyLabel,
  auditFamilyOf,
  auditReason,
  isActionFamily,
  messages,
} from '@mutual/shared';
import { and, asc, desc, eq, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { AppError } from '../../errors';
import { findUserByEmail } from '../people/users';
import { users } from '../people/people.tables';
import { auditLog } from './audit.tables';

export interface AuditPaging {
  olderThan?: string;
  newerThan?: string;
  pageSize: number;
}

/** The whole credit union, or one person's trail (what was done to them and what they did). */
export type AuditScope = { kind: 'all' } | { kind: 'person'; userId: string };

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The filters as conditions on `audit_log` alone (no join), so counting and paging use its
 * indexes. An actor e-mail that belongs to someone matches by id (every entry they made, under
 * any address they had); otherwise by the e-mail recorded. A member e-mail must belong to someone.
 */
export async function auditConditions(
  db: Executor,
  scope: AuditScope,
  filters: AuditFilters,
  timeZone: string,
): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (scope.kind === 'person') {
    conditions.push(or(eq(auditLog.targetUserId, scope.userId), eq(auditLog.actorUserId, scope.userId)) as SQL);
  }
  const action = filters.action?.trim();
  if (action)
    conditions.push(isActionFamily(action) ? like(auditLog.action, likePrefix(action)) : eq(auditLog.action, action));

  const actor = filters.actor?.trim().toLowerCase();
  if (actor === 'system') {
    conditions.push(and(isNull(auditLog.actorUserId), eq(auditLog.actorEmail, 'system')) as SQL);
  } else if (actor) {
    const person = await findUserByEmail(db, actor);
    conditions.push(person ? eq(auditLog.actorUserId, person.id) : eq(sql`lower(${auditLog.actorEmail})`, actor));
  }

  const member = filters.member?.trim();
  if (member) {
    const targetId = isUuid(member) ? member.toLowerCase() : (await findUserByEmail(db, member))?.id;
    if (!targetId)
      throw new AppError('VALIDATION_FAILED', messages.audit.memberNotFound, { member: messages.audit.memberNotFound });
    conditions.push(eq(auditLog.targetUserId, targetId));
  }

  // Days are the credit union's: "14 March" in New York runs 04:00Z on the 14th to 04:00Z on the 15th.
  if (filters.from) conditions.push(sql`${auditLog.at} >= (${filters.from}::date)::timestamp at time zone ${timeZone}`);
  if (filters.to) conditions.push(sql`${auditLog.at} < (${filters.to}::date + 1)::timestamp at time zone ${timeZone}`);
  return conditions;
}

/** Entries older (or newer) than the cursor entry, in (at, id) order. The `at` bound lets an index on `at` serve. */
function beyond(cursor: string, direction: 'older' | 'newer'): SQL {
  const mark = sql`(select c.at, c.id from audit_log c where c.id = ${cursor}::bigint)`;
  const markAt = sql`(select c.at from audit_log c where c.id = ${cursor}::bigint)`;
  return direction === 'older'
    ? sql`(${auditLog.at} <= ${markAt} and (${auditLog.at}, ${auditLog.id}) < ${mark})`
    : sql`(${auditLog.at} >= ${markAt} and (${auditLog.at}, ${auditLog.id}) > ${mark})`;
}

async function selectEntries(
  db: Executor,
  where: SQL | undefined,
  order: 'newest' | 'oldest',
  limit: number,
): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: auditLog, targetName: users.name, targetEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.targetUserId))
    .where(where)
    .orderBy(...(order === 'newest' ? [desc(auditLog.at), desc(auditLog.id)] : [asc(auditLog.at), asc(auditLog.id)]))
    .limit(limit);
  return rows.map(({ entry, targetName, targetEmail }) => ({
    id: String(entry.id),
    at: entry.at.toISOString(),
    action: entry.action,
    label: auditActionLabel(entry.action),
    actorUserId: entry.actorUserId,
    actorEmail: entry.actorEmail,
    target: entry.targetUserId ? { id: entry.targetUserId, name: targetName ?? '', email: targetEmail ?? '' } : null,
    ipAddress: entry.ipAddress,
    userAgent: entry.userAgent,
    reason: auditReason(entry.after),
    before: entry.before,
    after: entry.after,
  }));
}

/**
 * For each record, `{ [id]: name }` of the ids it holds, as they are called now (null for one that
 * is gone). The staff console gives it (admin/audit-names.ts): naming payees, accounts and cards
 * reads the modules above this one.
 */
export type RecordNamer = (
  db: Executor,
  records: Array<{ before: unknown; after: unknown }>,
) => Promise<Array<Record<string, string | null>>>;

async function exists(db: Executor, where: SQL | undefined): Promise<boolean> {
  const rows = await db.select({ id: auditLog.id }).from(auditLog).where(where).limit(1);
  return rows.length > 0;
}

/** Matching entries, counted no further than the cap (a count over years of sign-ins is not free). */
async function countCapped(db: Executor, conditions: SQL[]): Promise<number> {
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from (select 1 from audit_log ${where} limit ${AUDIT_COUNT_CAP + 1}) capped`,
  );
  return Number(row?.n ?? 0);
}

/**
 * One page of the log, newest first, each entry with the names of the ids it holds (`nameRecords`).
 * With `olderThan` the page holds the entries just older than that entry; with `newerThan`, the
 * ones just newer (read upward, then turned round).
 */
export async function listAudit(
  db: Executor,
  scope: AuditScope,
  query: AuditFilters & AuditPaging,
  timeZone: string,
  nameRecords: RecordNamer,
): Promise<AuditPage> {
  const conditions = await auditConditions(db, scope, query, timeZone);
  const { olderThan, newerThan, pageSize } = query;
  const cursor = olderThan ? beyond(olderThan, 'older') : newerThan ? beyond(newerThan, 'newer') : undefined;
  const [fetched, counted] = await Promise.all([
    selectEntries(db, and(...conditions, cursor), newerThan ? 'oldest' : 'newest', pageSize + 1),
    countCapped(db, conditions),
  ]);
  const more = fetched.length > pageSize;
  const page = fetched.slice(0, pageSize);
  const names = await nameRecords(db, page);
  const entries = page.map((entry, index) => ({ ...entry, names: names[index] ?? {} }));
  if (newerThan) entries.reverse();

  const first = entries[0];
  const last = entries[entries.length - 1];
  const hasNewer = first
    ? newerThan
      ? more
      : olderThan
        ? await exists(db, and(...conditions, beyond(first.id, 'newer')))
        : false
    : false;
  const hasOlder = last ? (newerThan ? await exists(db, and(...conditions, beyond(last.id, 'older'))) : more) : false;
  return {
    entries,
    pageSize,
    newer: hasNewer && first ? first.id : null,
    older: hasOlder && last ? last.id : null,
    total: Math.min(counted, AUDIT_COUNT_CAP),
    totalCapped: counted > AUDIT_COUNT_CAP,
    timeZone,
  };
}

/** Every matching entry up to `max`, newest first (the CSV export). */
export async function allAuditEntries(
  db: Executor,
  filters: AuditFilters,
  timeZone: string,
  max: number,
): Promise<{ entries: AuditEntry[]; capped: boolean }> {
  const conditions = await auditConditions(db, { kind: 'all' }, filters, timeZone);
  const entries = await selectEntries(db, and(...conditions), 'newest', max + 1);
  return { entries: entries.slice(0, max), capped: entries.length > max };
}

/**
 * The action names present in the log, with labels and families. A loose index scan over
 * (action, at): one index probe per distinct action, not a pass over every row.
 */
export async function auditActionsPresent(db: Executor): Promise<AuditActions> {
  const rows = await queryRows<{ action: string }>(
    db,
    sql`
    with recursive present(action) as (
      (select action from audit_log order by action limit 1)
      union all
      select (select a.action from audit_log a where a.action > p.action order by a.action limit 1)
      from present p where p.action is not null
    )
    select action from present where action is not null`,
  );
  const actions = rows.map(({ action }) => ({
    action,
    label: auditActionLabel(action),
    family: auditFamilyOf(action),
  }));
  const families = [...new Set(actions.map((entry) => entry.family))].map((family) => ({
    prefix: `${family}.`,
    label: auditFamilyLabel(family),
  }));
  return {
    actions: actions.sort((a, b) => a.label.localeCompare(b.label)),
    families: families.sort((a, b) => a.label.localeCompare(b.label)),
  };
}
