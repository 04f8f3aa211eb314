import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './database';
import { sqlState } from './errors';
import { serverRoot } from '../paths';

/**
 * Database functions are source files, not migration history: each lives in one hand-edited file,
 * `modules/<module>/sql/<function name>.sql`, holding one `CREATE OR REPLACE FUNCTION`. After the
 * migrations, `applyDatabaseFunctions` (re)creates every function whose file changed since it
 * was last applied (a SHA-256 per function in `database_functions`), so a restart with nothing
 * changed costs one query. A function is replaced in place; only when its signature changed (which
 * `CREATE OR REPLACE` refuses) are the old overloads dropped first.
 */

export const functionSourceRoot = path.join(serverRoot, 'src/modules');

export interface FunctionSource {
  name: string;
  file: string;
  text: string;
  sha256: string;
}

/** Every `modules/*\/sql/*.sql` file, in name order (plpgsql bodies are checked at call time). */
export function functionSources(root = functionSourceRoot): FunctionSource[] {
  const files = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = path.join(root, entry.name, 'sql');
      return fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith('.sql'))
            .map((f) => path.join(dir, f))
        : [];
    });
  return files
    .map((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return { name: path.basename(file, '.sql'), file, text, sha256: createHash('sha256').update(text).digest('hex') };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

async function rows<T>(db: Pick<Database, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as { rows?: T[] }).rows ?? [];
}

/** The body between the dollar quotes of a `CREATE OR REPLACE FUNCTION … AS $$ … $$;` file. */
export function functionBody(text: string): string {
  const match = /AS \$\$([\s\S]*)\$\$;\s*$/.exec(text);
  if (!match?.[1]) throw new Error('a function file must end with its body: AS $$ … $$;');
  return match[1];
}

async function dropOverloads(tx: Pick<Database, 'execute'>, name: string, which: ReturnType<typeof sql>) {
  const overloads = await rows<{ signature: string }>(
    tx,
    sql`
    select p.oid::regprocedure::text as signature from pg_proc p
    where p.proname = ${name} and p.pronamespace = current_schema()::regnamespace and ${which}`,
  );
  for (const { signature } of overloads) await tx.execute(sql.raw(`drop function ${signature}`));
}

// Any fixed number: only one process at a time may (re)create functions.
const APPLY_LOCK = 727_105_012;

export async function applyDatabaseFunctions(db: Database, sources = functionSources()): Promise<string[]> {
  await db.execute(sql`create table if not exists database_functions (
    name text primary key, sha256 text not null, applied_at timestamptz not null default now())`);
  const applied = new Map(
    (await rows<{ name: string; sha256: string }>(db, sql`select name, sha256 from database_functions`)).map((row) => [
      row.name,
      row.sha256,
    ]),
  );
  const changed = sources.filter((source) => applied.get(source.name) !== source.sha256);
  if (changed.length === 0) return [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK})`);
    for (const source of changed) {
      try {
        // In place when the signature stays: a function an index or trigger uses cannot be dropped.
        await tx.transaction((savepoint) => savepoint.execute(sql.raw(source.text)));
      } catch (error) {
        // 42P13: a changed return type or argument names needs the old definition gone first.
        if (sqlState(error) !== '42P13') throw error;
        await dropOverloads(tx, source.name, sql`p.prorettype <> 'trigger'::regtype`);
        await tx.execute(sql.raw(source.text));
      }
      // Any other signature of the same name (an older one a migration left behind) goes.
      await dropOverloads(tx, source.name, sql`p.prosrc <> ${functionBody(source.text)}`);
      await tx.execute(sql`insert into database_functions (name, sha256) values (${source.name}, ${source.sha256})
        on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`);
    }
  });
  return changed.map((source) => source.name);
}
