import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database as every query function sees it: PGlite and node-postgres behave the same here. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; query functions accept either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (delivered when the notifying transaction
   * commits). On PostgreSQL this is a dedicated connection, so every app instance hears every
   * other instance's notifications. Returns a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function openDatabase(target: Config['database']): Promise<DatabaseHandle> {
  return target.kind === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url);
}

/** Opens PGlite on a directory (holding its lock), or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => undefined;
  try {
    // pg_trgm: the member's history and the staff console search by words (migration 0007).
    const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    return {
      kind: 'pglite',
      db,
      migrate: () => migratePglite(db, { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: async (channel, onPayload) => client.listen(channel, onPayload),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const listeners = new Set<pg.Client>();
  return {
    kind: 'postgres',
    db,
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onPayload) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      listeners.add(client);
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        if (!listeners.delete(client)) return;
        await client.end();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((client) => client.end()));
      listeners.clear();
      await pool.end();
    },
  };
}

/**
 * Rows of a raw SQL query, for the few queries Drizzle's builder cannot say well. Both drivers
 * answer `{ rows }`; column names are as the SQL gives them, and int8 may arrive as a string
 * (node-postgres) or a number (PGlite), so callers read money with `BigInt(String(value))`.
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: unknown[] };
  return (result.rows ?? []) as T[];
}
