import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';

/**
 * Append-only record of staff actions and security events. A trigger (migration 0002) refuses
 * UPDATE and DELETE, so not even the application can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz().notNull(),
    action: text().notNull(),
    actorUserId: uuid(),
    actorEmail: text(),
    targetUserId: uuid(),
    ipAddress: text(),
    userAgent: text(),
    before: jsonb(),
    after: jsonb(),
  },
  (table) => [
    index('audit_log_target_idx').on(table.targetUserId, table.at),
    index('audit_log_actor_idx').on(table.actorUserId, table.at),
    index('audit_log_at_idx').on(table.at),
    index('audit_log_action_idx').on(table.action, table.at),
  ],
);
