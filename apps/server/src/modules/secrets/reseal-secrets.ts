import { type SQL, sql } from 'drizzle-orm';
import { isSealed, type SecretBox, SecretOpenError, sealedKeyId } from '../../crypto/secret-box';
import type { Database, Executor } from '../../db/client';
import { type SealedColumn, sealedColumns } from './sealed-columns';

/** What one pass did to one column. */
export interface ResealCounts {
  column: string;
  /** Plaintext values (stored before sealing existed) now sealed. */
  sealed: number;
  /** Values moved from an old key to the current one. */
  resealed: number;
  /** Values left as they were because they do not open: count by key id ("malformed" if none). */
  failed: Record<string, number>;
  /** Values under the current key once the pass is over. */
  current: number;
}

/** `plaintext`: seal what is not sealed yet (every start). `all`: also re-seal under the current key (rotation). */
export type ResealScope = 'plaintext' | 'all';

export interface ResealOptions {
  scope: ResealScope;
  /** Rows per transaction: each batch commits on its own, so a long pass holds no lock for long. */
  batchSize?: number;
  columns?: readonly SealedColumn[];
}

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows?: T[] }).rows ?? [];
}

/**
 * Walks every sealed column in id order, a batch per transaction (`for update`, so a running
 * server's writes wait for the batch and another instance doing the same skips what this one
 * sealed). Idempotent: a second pass finds nothing to do.
 */
export async function resealSecrets(db: Database, box: SecretBox, options: ResealOptions): Promise<ResealCounts[]> {
  const batchSize = options.batchSize ?? 500;
  const results: ResealCounts[] = [];
  for (const entry of options.columns ?? sealedColumns) {
    const counts: ResealCounts = { column: entry.name, sealed: 0, resealed: 0, failed: {}, current: 0 };
    const todo =
      options.scope === 'plaintext'
        ? sql`${entry.column} not like 'v1:%'`
        : sql`${entry.column} not like ${`v1:${box.keyId}:%`}`;
    let after: string | null = null;
    for (;;) {
      const from = after;
      const batch = await db.transaction(async (tx): Promise<{ id: string; value: string }[]> => {
        const rows = await rowsOf<{ id: string; value: string }>(
          tx,
          sql`select ${entry.id}::text as id, ${entry.column} as value from ${entry.table}
              where ${entry.column} is not null and ${todo} ${from === null ? sql`` : sql`and ${entry.id} > ${from}`}
              order by ${entry.id} limit ${batchSize} for update`,
        );
        for (const row of rows) {
          const context = entry.context(row.id);
          let plaintext: string;
          try {
            plaintext = isSealed(row.value) ? box.open(row.value, context) : row.value;
          } catch (error) {
            if (!(error instanceof SecretOpenError)) throw error;
            const keyId = sealedKeyId(row.value) ?? 'malformed';
            counts.failed[keyId] = (counts.failed[keyId] ?? 0) + 1;
            continue;
          }
          await entry.write(tx, row.id, box.seal(plaintext, context));
          if (isSealed(row.value)) counts.resealed += 1;
          else counts.sealed += 1;
        }
        return rows;
      });
      after = batch.at(-1)?.id ?? null;
      if (batch.length < batchSize) break;
    }
    const [current] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${entry.table} where ${entry.column} like ${`v1:${box.keyId}:%`}`,
    );
    counts.current = current?.n ?? 0;
    results.push(counts);
  }
  return results;
}

/** One line per column, as `npm run secrets:rotate` prints them. */
export function describeResealCounts(counts: readonly ResealCounts[]): string {
  return counts
    .map((c) => {
      const failed = Object.entries(c.failed).map(([keyId, n]) => `${n} under ${keyId}`);
      return (
        `${c.column}: ${c.resealed} re-sealed, ${c.sealed} plaintext sealed, ${c.current} under the current key` +
        (failed.length > 0 ? `, NOT OPENED: ${failed.join(', ')}` : '')
      );
    })
    .join('\n');
}

/** Sealed values under keys this box does not hold, by column and key id (a start refuses these). */
export async function unknownSecretKeys(
  db: Executor,
  box: SecretBox,
  columns: readonly SealedColumn[] = sealedColumns,
): Promise<{ column: string; keyId: string; count: number }[]> {
  const unknown: { column: string; keyId: string; count: number }[] = [];
  for (const entry of columns) {
    const rows = await rowsOf<{ key_id: string; n: number }>(
      db,
      sql`select split_part(${entry.column}, ':', 2) as key_id, count(*)::int as n from ${entry.table}
          where ${entry.column} like 'v1:%' group by 1`,
    );
    for (const row of rows)
      if (!box.knows(row.key_id)) unknown.push({ column: entry.name, keyId: row.key_id, count: row.n });
  }
  return unknown;
}
