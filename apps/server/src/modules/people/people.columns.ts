import { uuid } from 'drizzle-orm/pg-core';
import { users } from './people.tables';

/** The user a row belongs to: required, and a foreign key to `users`. */
export const ownerUserId = () =>
  uuid()
    .notNull()
    .references(() => users.id);

/** An optional foreign key to `users` (who placed or resolved a row; a ledger account's member). */
export const userReference = () => uuid().references(() => users.id);
