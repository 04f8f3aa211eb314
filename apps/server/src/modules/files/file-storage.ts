import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A stored file as listed: its key and when its bytes were written. */
export interface StoredEntry {
  key: string;
  modifiedAt: Date;
}

export interface ListOptions {
  /** Only the keys after this one, in key order (as S3's ListObjectsV2 `StartAfter`). */
  after?: string;
  /**
   * Told of an entry that could not be read (its key, or a directory's name), and the listing goes
   * on; without it, that error ends the listing.
   */
  onUnreadable?: (name: string, error: unknown) => void;
}

/** Where uploaded bytes live. Local disk by default; an S3-compatible store can implement the same. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Removes the bytes; a key with none is not an error (deleting twice is fine). */
  delete(key: string): Promise<void>;
  /**
   * Every key it holds, in key order, with when its bytes were written; only names it could have
   * made itself (`isStorageKey`), never anything else found where it keeps them.
   */
  list(options?: ListOptions): AsyncIterable<StoredEntry>;
}

/** A key `storeBytes` makes: a lowercase uuid (`randomUUID`). */
export const isStorageKey = (name: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(name);

const isMissing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';

export function localFileStorage(dir: string): FileStorage {
  const pathFor = (key: string) => {
    // Keys are uuids we generate; refuse anything else rather than trust it near a file path.
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('invalid storage key');
    return path.join(dir, key.slice(0, 2), key);
  };

  /** A directory's entries, or none when it is not there (nothing stored yet). */
  const entriesOf = async (directory: string): Promise<Dirent[]> => {
    try {
      return await fs.readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  };

  return {
    async put(key, bytes) {
      const file = pathFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.writeFile(file, bytes, { mode: 0o600 });
    },
    get: (key) => fs.readFile(pathFor(key)),
    delete: (key) => fs.rm(pathFor(key), { force: true }),
    /**
     * Walks `<dir>/<first 2 characters>/<key>`: real directories named as a key's first two
     * characters, in them regular files named as a key that starts with them (no link, no other
     * name is listed). A file that vanishes while listed is left out.
     */
    async *list({ after, onUnreadable } = {}) {
      const unreadable = (name: string, error: unknown) => {
        if (!onUnreadable) throw error;
        onUnreadable(name, error);
      };
      const prefixes = (await entriesOf(dir))
        .filter((entry) => entry.isDirectory() && /^[0-9a-f]{2}$/.test(entry.name))
        .map((entry) => entry.name)
        .filter((prefix) => after === undefined || prefix >= after.slice(0, 2))
        .sort();
      for (const prefix of prefixes) {
        let entries: Dirent[];
        try {
          entries = await entriesOf(path.join(dir, prefix));
        } catch (error) {
          unreadable(`${prefix}/`, error);
          continue;
        }
        const keys = entries
          .filter((entry) => entry.isFile() && isStorageKey(entry.name) && entry.name.startsWith(prefix))
          .map((entry) => entry.name)
          .filter((key) => after === undefined || key > after)
          .sort();
        for (const key of keys) {
          let modifiedAt: Date;
          try {
            const stats = await fs.lstat(path.join(dir, prefix, key));
            if (!stats.isFile()) continue;
            modifiedAt = stats.mtime;
          } catch (error) {
            if (!isMissing(error)) unreadable(key, error);
            continue;
          }
          yield { key, modifiedAt };
        }
      }
    },
  };
}
