import type { Executor } from '../../db/client';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { balancesByType, findMemberAccounts } from '../ledger/member-accounts';
import type { UserRow } from '../people/people.tables';

/**
 * A staff change to a member's money, in the caller's transaction, audited with the member's
 * balances before and after it; the change adds its own facts to the audit row's `after`.
 */
export async function withBalancesAudited<T>(
  tx: Executor,
  audit: { action: string; actor: Actor; member: Pick<UserRow, 'id'>; meta: RequestMeta; now: Date },
  change: () => Promise<{ facts: Record<string, unknown>; result: T }>,
): Promise<T> {
  const before = await findMemberAccounts(tx, audit.member.id);
  const { facts, result } = await change();
  const after = await findMemberAccounts(tx, audit.member.id);
  await recordAudit(tx, {
    action: audit.action,
    actor: audit.actor,
    targetUserId: audit.member.id,
    meta: audit.meta,
    before: { balances: balancesByType(before) },
    after: { balances: balancesByType(after), ...facts },
    at: audit.now,
  });
  return result;
}
