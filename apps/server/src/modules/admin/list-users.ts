import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { UserFilter, UserList, UserSummary } from '@mutual/shared';
import { type Executor, queryRows } from '../../db/client';
import { fileUrl } from '../files/save-file';
import { type UserRow, userStatusCounts, users } from '../people/people.tables';

const LIST_LIMIT = 200;

/** "Approved" covers approved applicants and staff-created (active) users alike. */
function filterCondition(filter: UserFilter): SQL | undefined {
  switch (filter) {
    case 'pending':
      return eq(users.status, 'pending');
    case 'approved':
      return inArray(users.status, ['approved', 'active']);
    case 'rejected':
      return eq(users.status, 'rejected');
    case 'all':
      return undefined;
  }
}

/** The columns a summary shows: the list reads only these (not the 50 of a person, hashes included). */
const summaryColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  status: users.status,
  verificationStatus: users.verificationStatus,
  registrationDate: users.registrationDate,
  isJointAccount: users.isJointAccount,
  profileImageFileId: users.profileImageFileId,
};

export function toUserSummary(user: Pick<UserRow, keyof typeof summaryColumns>): UserSummary {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as UserSummary['role'],
    status: user.status as UserSummary['status'],
    verificationStatus: user.verificationStatus as UserSummary['verificationStatus'],
    registrationDate: user.registrationDate.toISOString(),
    isJointAccount: user.isJointAccount,
    profileImageUrl: fileUrl(user.profileImageFileId),
  };
}

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The console's member list: the newest LIST_LIMIT of a tab, by the registration-date index, with
 * tab counts from `user_status_counts` (kept exact by a trigger, migration 0007) rather than a count
 * of every member each time. A search by part of a name or e-mail first gathers its matches through
 * the trigram indexes (a materialized CTE, so the planner does not walk the registration index
 * hoping a match comes soon) and counts and orders those.
 */
export async function listUsers(db: Executor, filter: UserFilter, q: string | undefined): Promise<UserList> {
  if (!q) {
    const [rows, counts] = await Promise.all([
      db
        .select(summaryColumns)
        .from(users)
        .where(filterCondition(filter))
        .orderBy(desc(users.registrationDate))
        .limit(LIST_LIMIT),
      db.select({ status: userStatusCounts.status, n: userStatusCounts.n }).from(userStatusCounts),
    ]);
    return { users: rows.map(toUserSummary), counts: tally(counts) };
  }
  const term = likeTerm(q);
  const tab =
    filter === 'all'
      ? sql`true`
      : filter === 'approved'
        ? sql`status in ('approved', 'active')`
        : sql`status = ${filter}`;
  const [found] = await queryRows<{ ids: string[] | null; statuses: { status: string; n: number }[] | null }>(
    db,
    sql`
    with matches as materialized (select id, status, registration_date from users
      where name ilike ${term} or email ilike ${term})
    select array(select id from matches where ${tab} order by registration_date desc limit ${LIST_LIMIT}) as ids,
           (select json_agg(json_build_object('status', status, 'n', n))
              from (select status, count(*) as n from matches group by status) s) as statuses`,
  );
  const ids = found?.ids ?? [];
  const rows = ids.length
    ? await db.select(summaryColumns).from(users).where(inArray(users.id, ids)).orderBy(desc(users.registrationDate))
    : [];
  return { users: rows.map(toUserSummary), counts: tally(found?.statuses ?? []) };
}

function tally(statuses: { status: string; n: number | string }[]): UserList['counts'] {
  const of = (...wanted: string[]) =>
    statuses.filter((row) => wanted.includes(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
  return {
    all: of('pending', 'approved', 'active', 'rejected'),
    pending: of('pending'),
    approved: of('approved', 'active'),
    rejected: of('rejected'),
  };
}
