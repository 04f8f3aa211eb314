import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FileStorage } from './file-storage';
import { storedFiles } from './files.tables';

export type FilePurpose = 'id_document' | 'info_response' | 'profile_image' | 'check_image';

/**
 * Writes the bytes, then the row, inside the caller's transaction. If the transaction rolls back
 * the bytes stay behind unreferenced, which is harmless; a row never points at missing bytes.
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
  const id = randomUUID();
  await storage.put(id, file.bytes);
  await tx.insert(storedFiles).values({
    id,
    ownerUserId: file.ownerUserId,
    purpose: file.purpose,
    contentType: file.contentType,
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    storageKey: id,
    createdBy: file.createdBy,
    createdAt: file.at,
  });
  return id;
}

/**
 * Deletes a file's row inside the caller's transaction and returns its storage key, so the caller
 * deletes the bytes once that transaction has committed (`storage.delete`): a rollback then
 * leaves the file whole, and a crash in between leaves only unreferenced bytes.
 */
export async function deleteFileRow(tx: Executor, id: string): Promise<string | null> {
  const [row] = await tx
    .delete(storedFiles)
    .where(eq(storedFiles.id, id))
    .returning({ storageKey: storedFiles.storageKey });
  return row?.storageKey ?? null;
}

export const fileUrl = (id: string | null | undefined) => (id ? `/api/files/${id}` : null);
