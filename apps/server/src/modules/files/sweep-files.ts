import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { FileStorage, StoredEntry } from './file-storage';
import { storedFiles } from './files.tables';

/**
 * The `files.sweep` job: deletes stored bytes no `stored_files` row refers to. Bytes are written
 * before their row, inside the caller's transaction (save-file.ts), so a transaction that rolls
 * back (a refused deposit, a deadlock's retry, a crash) leaves its photos or documents behind, as
 * does a crash between a row's deletion and its bytes'. Such bytes are members' check photos and
 * ID documents, which nothing else would ever find again: they are deleted here, once they are
 * older than `FILE_SWEEP_GRACE_MINUTES` (an upload whose transaction is still open is younger).
 *
 * Each run looks at up to `FILE_SWEEP_MAX_FILES` files in key order, going on from where the
 * previous run stopped and round again from the first key; whether each old one has a row is asked
 * by batches. A file that cannot be read or deleted is named in the log by its key (a random uuid:
 * no contents, no owner) and left for a later run; the others are done.
 */

type Deps = Pick<AppDeps, 'db' | 'storage' | 'logger'>;

/** Old files whose rows are looked up in one query. */
const BATCH = 500;
const MINUTE = 60_000;

export interface FileSweepOptions {
  graceMinutes: number;
  /** Files looked at in this run, at most. */
  maxFiles: number;
  /** Begin after this key (where the previous run stopped); from the first key when null. */
  after: string | null;
}

export interface FileSweep {
  examined: number;
  deleted: number;
  /** Files that could not be read or deleted (logged by key), tried again at a later run. */
  errors: number;
  /** The last key looked at: the next run begins after it. */
  last: string | null;
  /**
   * Nothing was deleted because the database records no file at all while the storage holds some:
   * more likely a storage that is not this database's (UPLOADS_DIR) than every upload unreferenced.
   */
  refused: boolean;
}

export async function sweepUnreferencedFiles(deps: Deps, now: Date, options: FileSweepOptions): Promise<FileSweep> {
  const done: FileSweep = { examined: 0, deleted: 0, errors: 0, last: options.after, refused: false };
  const [anyRow] = await deps.db.select({ id: storedFiles.id }).from(storedFiles).limit(1);
  if (!anyRow) {
    done.refused = await holdsAny(deps.storage);
    if (done.refused)
      deps.logger.warn('stored files not swept: the database records no file, the storage holds some (UPLOADS_DIR?)');
    return done;
  }

  const cutoff = now.getTime() - options.graceMinutes * MINUTE;
  const unreadable = (name: string, error: unknown) => {
    done.errors += 1;
    deps.logger.warn({ err: error, storageKey: name }, 'stored file not swept; it is tried again at a later run');
  };
  let old: string[] = [];
  for await (const entry of round(deps.storage, options.after, unreadable)) {
    done.examined += 1;
    done.last = entry.key;
    if (entry.modifiedAt.getTime() <= cutoff) old.push(entry.key);
    if (old.length >= BATCH) {
      await deleteUnreferenced(deps, old, done, unreadable);
      old = [];
    }
    if (done.examined >= options.maxFiles) break;
  }
  await deleteUnreferenced(deps, old, done, unreadable);
  return done;
}

async function holdsAny(storage: FileStorage): Promise<boolean> {
  for await (const _entry of storage.list({ onUnreadable: () => undefined })) return true;
  return false;
}

/** The keys after `after`, then from the first key round to it. */
async function* round(
  storage: FileStorage,
  after: string | null,
  onUnreadable: (name: string, error: unknown) => void,
): AsyncGenerator<StoredEntry> {
  yield* storage.list({ after: after ?? undefined, onUnreadable });
  if (after === null) return;
  for await (const entry of storage.list({ onUnreadable })) {
    if (entry.key > after) return;
    yield entry;
  }
}

/**
 * Deletes those of `keys` no row refers to. A row's storage key is its id (`recordStoredFile`), so
 * the rows are found by the primary key; a key none has as its id is looked for as a storage key
 * too (rarely needed: only keys about to be deleted are).
 */
async function deleteUnreferenced(
  deps: Deps,
  keys: string[],
  done: FileSweep,
  unreadable: (name: string, error: unknown) => void,
) {
  if (keys.length === 0) return;
  const byId = await deps.db.select({ id: storedFiles.id }).from(storedFiles).where(inArray(storedFiles.id, keys));
  const referenced = new Set(byId.map((row) => row.id));
  const unmatched = keys.filter((key) => !referenced.has(key));
  if (unmatched.length === 0) return;
  const byKey = await deps.db
    .select({ storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .where(inArray(storedFiles.storageKey, unmatched));
  for (const row of byKey) referenced.add(row.storageKey);
  for (const key of unmatched) {
    if (referenced.has(key)) continue;
    try {
      await deps.storage.delete(key);
      done.deleted += 1;
    } catch (error) {
      unreadable(key, error);
    }
  }
}

/**
 * The job's sweeper: each run goes on after the key the previous one stopped at. An instance
 * begins at a random key, so instances that restart often still come round to every key.
 */
export function fileSweeper(
  deps: Deps,
  settings: { graceMinutes: number; maxFiles: number },
  start: string | null = randomUUID(),
) {
  let after = start;
  return {
    async run(now: Date): Promise<FileSweep> {
      const done = await sweepUnreferencedFiles(deps, now, { ...settings, after });
      after = done.last;
      return done;
    },
  };
}
