import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded bytes live. Local disk by default; an S3-compatible store can implement the same. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Removes the bytes; a key with none is not an error (deleting twice is fine). */
  delete(key: string): Promise<void>;
}

export function localFileStorage(dir: string): FileStorage {
  const pathFor = (key: string) => {
    // Keys are uuids we generate; refuse anything else rather than trust it near a file path.
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('invalid storage key');
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async put(key, bytes) {
      const file = pathFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await fs.writeFile(file, bytes, { mode: 0o600 });
    },
    get: (key) => fs.readFile(pathFor(key)),
    delete: (key) => fs.rm(pathFor(key), { force: true }),
  };
}
