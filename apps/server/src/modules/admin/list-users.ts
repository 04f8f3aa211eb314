import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { UserFilter, UserList, UserSummary } from '@mutual/shared';
import type { Executor } from '../../db/client';
import { fileUrl } from '../files/save-file';
import { type UserRow, users } from '../members/members.tables';

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

export function toUserSummary(user: UserRow): UserSummary {
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

export async function listUsers(db: Executor, filter: UserFilter, q: string | undefined): Promise<UserList> {
  const search = q ? or(ilike(users.name, likeTerm(q)), ilike(users.email, likeTerm(q))) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(and(filterCondition(filter), search))
    .orderBy(desc(users.registrationDate))
    .limit(LIST_LIMIT);
  const [counts] = await db
    .select({
      all: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) filter (where ${users.status} = 'pending')::int`,
      approved: sql<number>`count(*) filter (where ${users.status} in ('approved', 'active'))::int`,
      rejected: sql<number>`count(*) filter (where ${users.status} = 'rejected')::int`,
    })
    .from(users)
    .where(search);
  return { users: rows.map(toUserSummary), counts: counts ?? { all: 0, pending: 0, approved: 0, rejected: 0 } };
}
