import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { type UserRow, users } from './people.tables';

/**
 * Looking people up: by id, by e-mail, and their joint holder. Other modules (sign-in, staff,
 * holds, the audit log) find a person here, not in the member's own profile code (`me.ts`), so
 * they depend on the members' table alone.
 */

export async function loadUser(db: Executor, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/** The person with this e-mail (compared trimmed and lower-cased), if any. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user;
}

/** The joint account holder, for a joint account. */
export function jointHolderOf(user: UserRow) {
  if (!user.isJointAccount || !user.jointHolderName) return null;
  return { name: user.jointHolderName, email: user.jointHolderEmail ?? '', phone: user.jointHolderPhone ?? '' };
}
