import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { backupCodes } from './auth.tables';
import { codeMatches, formatBackupCode, hashCode, newBackupCode } from './tokens';

export const BACKUP_CODE_COUNT = 10;

/** Replaces a person's backup codes with a fresh set; returns the codes (shown once, never stored). */
export async function issueBackupCodes(tx: Executor, userId: string, issuedBy: string, now: Date): Promise<string[]> {
  await revokeBackupCodes(tx, userId, now);
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  await tx
    .insert(backupCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashCode(code), issuedBy, createdAt: now })));
  return codes.map(formatBackupCode);
}

export async function revokeBackupCodes(tx: Executor, userId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(backupCodes)
    .set({ revokedAt: now })
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt), isNull(backupCodes.revokedAt)))
    .returning({ id: backupCodes.id });
  return rows.length;
}

/** Uses a backup code if it matches an unused one; the UPDATE makes a second use impossible. */
export async function consumeBackupCode(tx: Executor, userId: string, code: string, now: Date): Promise<boolean> {
  const live = await tx
    .select({ id: backupCodes.id, codeHash: backupCodes.codeHash })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt), isNull(backupCodes.revokedAt)));
  const match = live.find((row) => codeMatches(code, row.codeHash));
  if (!match) return false;
  const used = await tx
    .update(backupCodes)
    .set({ usedAt: now })
    .where(and(eq(backupCodes.id, match.id), isNull(backupCodes.usedAt), isNull(backupCodes.revokedAt)))
    .returning({ id: backupCodes.id });
  return used.length === 1;
}

/** The latest set: how many were issued, how many used, how many still work (0 once revoked). */
export async function backupCodeStatus(db: Executor, userId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      used: sql<number>`count(${backupCodes.usedAt})::int`,
      remaining: sql<number>`count(*) filter (where ${backupCodes.usedAt} is null
        and ${backupCodes.revokedAt} is null)::int`,
    })
    .from(backupCodes)
    .where(
      and(
        eq(backupCodes.userId, userId),
        sql`${backupCodes.createdAt} = (select max(b.created_at) from backup_codes b where b.user_id = ${userId})`,
      ),
    );
  return { total: row?.total ?? 0, used: row?.used ?? 0, remaining: row?.remaining ?? 0 };
}
