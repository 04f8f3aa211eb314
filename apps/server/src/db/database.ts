import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
/** The database as every query function sees it: PGlite and node-postgres behave the same here. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; query functions accept either. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;
