import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { type DatabaseHandle, queryRows } from './client';
import { applyDatabaseFunctions, functionBody as bodyOf, functionSources } from './functions';

describe('[DATABASE]: functions are source files', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const installed = () =>
    queryRows<{ name: string; source: string; arg_names: string[] | null; arg_count: number; is_trigger: boolean }>(
      database.db,
      sql`select p.proname as name, p.prosrc as source, p.proargnames as arg_names, p.pronargs as arg_count,
            p.prorettype = 'trigger'::regtype as is_trigger
          from pg_proc p
          where p.pronamespace = current_schema()::regnamespace
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );

  it('the database holds exactly the functions of the source files, each defined as its file says', async () => {
    const sources = functionSources();
    expect(sources.map((s) => s.name)).toEqual(
      expect.arrayContaining(['ledger_post', 'money_command', 'audit_log_refuse_change']),
    );
    const functions = await installed();
    // One definition per name: no stale overload left behind by a changed signature.
    expect(functions.map((f) => f.name).sort()).toEqual(sources.map((s) => s.name).sort());
    for (const source of sources) {
      const fn = functions.find((f) => f.name === source.name);
      expect(fn?.source, `${source.name} differs from ${source.file}`).toBe(bodyOf(source.text));
    }
  });

  it('every argument is named: callers say p_amount => …, never the 14th position', async () => {
    for (const fn of await installed()) {
      if (fn.is_trigger) continue;
      const names = (fn.arg_names ?? []).slice(0, fn.arg_count);
      expect(names, fn.name).toHaveLength(fn.arg_count);
      expect(
        names.every((name) => /^[a-z_]+$/.test(name)),
        `${fn.name}: ${names.join(', ')}`,
      ).toBe(true);
    }
  });

  it('applies a changed file (dropping the old signature) and skips unchanged ones', async () => {
    expect(await applyDatabaseFunctions(database.db)).toEqual([]);
    const [post] = functionSources().filter((s) => s.name === 'ledger_post');
    if (!post) throw new Error('no ledger_post source');
    // An older, different signature of the same function, as a migration once left it.
    await database.db.execute(
      sql.raw('create function ledger_post(p_kind text) returns int language sql as $$ select 1 $$'),
    );
    const edited = { ...post, sha256: 'changed' };
    expect(await applyDatabaseFunctions(database.db, [edited])).toEqual(['ledger_post']);
    // Applied again in place: the index built from ledger_word_keys keeps it from being dropped.
    const [words] = functionSources().filter((s) => s.name === 'ledger_word_keys');
    if (!words) throw new Error('no ledger_word_keys source');
    expect(await applyDatabaseFunctions(database.db, [{ ...words, sha256: 'changed' }])).toEqual(['ledger_word_keys']);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_proc where proname = 'ledger_post'`,
    );
    expect(row?.n).toBe(1);
    // Put the real hashes back, so the database again matches its sources.
    expect(await applyDatabaseFunctions(database.db)).toEqual(['ledger_post', 'ledger_word_keys']);
  });
});
