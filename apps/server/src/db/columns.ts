import { sql } from 'drizzle-orm';
import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column builders the tables share. Drizzle's builders are mutable, so each is a function that
 * returns a fresh one; chain `.notNull()`, `.defaultNow()` and the like as usual.
 */

/** A random UUID primary key (`id uuid primary key default gen_random_uuid()`). */
export const uuidPrimaryKey = () => uuid().primaryKey().defaultRandom();

/** A point in time, stored with its zone (`timestamp with time zone`). */
export const timestamptz = () => timestamp({ withTimezone: true });

/** An amount of money in cents, read as a bigint. */
export const cents = () => bigint({ mode: 'bigint' });

/** A ledger counter in cents that starts at zero. */
export const zeroCents = () =>
  cents()
    .notNull()
    .default(sql`0`);
