import { and, eq } from 'drizzle-orm';
import { statements } from '../modules/statements/statements.tables';
import type { TestApp } from './test-app';

/** The stored statement of one account for one month (`YYYY-MM`), as the database keeps it; none yet: undefined. */
export async function statementRow(t: Pick<TestApp, 'db'>, account: string, period: string) {
  const [row] = await t.db
    .select()
    .from(statements)
    .where(and(eq(statements.accountId, account), eq(statements.period, period)));
  return row;
}
