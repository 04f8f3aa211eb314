import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FileStorage } from './file-storage';
import { storedFiles } from './files.tables';

export type FilePurpose = 'id_document' | 'info_response' | 'profile_image' | 'check_image';

/** Bytes written to storage under a fresh key, not yet recorded (see `recordStoredFile`). */
export interface StoredBytes {
  id: string;
  size: number;
  sha256: string;
}

/**
 * Writes the bytes under a fresh key and hashes them; no row yet. Bytes whose row never commits are
 * deleted by the `files.sweep` job after the grace period, so the row must follow within it.
 */
export async function storeBytes(storage: FileStorage, bytes: Buffer): Promise<StoredBytes> {
  const id = randomUUID();
  await storage.put(id, bytes);
  return { id, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The row for bytes already stored, inside the caller's transaction. */
export async function recordStoredFile(
  tx: Executor,
  stored: StoredBytes,
  file: { contentType: string; purpose: FilePurpose; ownerUserId: string | null; createdBy: string | null; at: Date },
): Promise<string> {
  await tx.insert(storedFiles).values({
    id: stored.id,
    ownerUserId: file.ownerUserId,
    purpose: file.purpose,
    contentType: file.contentType,
    size: stored.size,
    sha256: stored.sha256,
    storageKey: stored.id,
    createdBy: file.createdBy,
    createdAt: file.at,
  });
  return stored.id;
}

/**
 * Writes the bytes, then the row, inside the caller's transaction: a row never points at missing
 * bytes. If the transaction rolls back the bytes stay behind with no row, and they are a member's
 * check photo or ID document: the `files.sweep` job (sweep-files.ts) deletes them once they are
 * older than `FILE_SWEEP_GRACE_MINUTES`, which a transaction still open never is.
 */
export async function saveFile(
  storage: FileStorage,
  tx: Executor,
  file: {
    bytes: Buffer;
    contentType: string;
    purpose: FilePurpose;
    ownerUserId: string | null;
    createdBy: string | null;
    at: Date;
  },
): Promise<string> {
  return recordStoredFile(tx, await storeBytes(storage, file.bytes), file);
}

/**
 * Deletes a file's row inside the caller's transaction and returns its storage key, so the caller
 * deletes the bytes once that transaction has committed (`storage.delete`): a rollback then
 * leaves the file whole. A crash (or a failed delete) in between leaves the bytes with no row,
 * for the `files.sweep` job to delete.
 */
export async function deleteFileRow(tx: Executor, id: string): Promise<string | null> {
  const [row] = await tx
    .delete(storedFiles)
    .where(eq(storedFiles.id, id))
    .returning({ storageKey: storedFiles.storageKey });
  return row?.storageKey ?? null;
}

export const fileUrl = (id: string | null | undefined) => (id ? `/api/files/${id}` : null);
