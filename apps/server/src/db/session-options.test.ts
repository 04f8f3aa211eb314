import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres, queryRows } from './client';

/**
 * Every connection of the app asks for no JIT compilation (pg-connections.ts: SESSION_OPTIONS): a
 * short query whose cost the planner overestimates must not spend tens of milliseconds compiling.
 * An operator's own `options` in DATABASE_URL still decide.
 */

const target = inject('testDatabase');

async function jitOf(url: string): Promise<string | undefined> {
  const handle = await openPostgres(url);
  try {
    const [row] = await queryRows<{ jit: string }>(handle.db, sql`select current_setting('jit') as jit`);
    return row?.jit;
  } finally {
    await handle.close();
  }
}

describe('[DATABASE]: the settings each connection opens with', () => {
  it.runIf(target.kind === 'postgres')('turn JIT compilation off', async () => {
    if (target.kind !== 'postgres') return;
    expect(await jitOf(target.url)).toBe('off');
  });

  it.runIf(target.kind === 'postgres')('give way to options named in DATABASE_URL', async () => {
    if (target.kind !== 'postgres') return;
    const url = new URL(target.url);
    url.searchParams.set('options', '-c jit=on');
    expect(await jitOf(url.toString())).toBe('on');
  });
});
