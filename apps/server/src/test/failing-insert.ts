import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import type { TestApp } from './test-app';

/**
 * A trigger that makes an insert fail inside the database, with the row's values at hand, so a
 * test can read what a 500 leaves in the log. `start(when, raise)` installs it: inserts into
 * `table` for which the plpgsql condition `when` holds run the plpgsql `raise` statement. It is
 * dropped after the enclosing `describe`.
 */
export function useFailingInsert(t: TestApp, trigger: string, table: string) {
  afterAll(() => t.db.execute(sql.raw(`drop trigger if exists ${trigger} on ${table}`)));
  return {
    async start(when: string, raise: string) {
      await t.db.execute(
        sql.raw(`
          create or replace function ${trigger}() returns trigger language plpgsql as $$
          begin
            if ${when} then
              ${raise};
            end if;
            return new;
          end $$`),
      );
      await t.db.execute(
        sql.raw(`create trigger ${trigger} before insert on ${table} for each row execute function ${trigger}()`),
      );
    },
  };
}
