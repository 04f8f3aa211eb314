import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

export type UploadKind = 'document' | 'image';

export type PreparedUpload =
  { ok: true; bytes: Buffer; contentType: string } | { ok: false; problem: 'type' | 'unreadable' };

const documentTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
const imageTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/**
 * Checks an upload by its content (magic bytes, never the name or the browser's claim) and
 * re-encodes images with sharp: metadata (GPS, camera) is dropped and a file that is also
 * something else (a polyglot) comes out as a plain image. PDFs are kept as they are and only
 * ever served as downloads.
 */
export async function prepareUpload(bytes: Buffer, kind: UploadKind): Promise<PreparedUpload> {
  const detected = await fileTypeFromBuffer(bytes);
  const allowed = kind === 'document' ? documentTypes : imageTypes;
  if (!detected || !allowed.has(detected.mime)) return { ok: false, problem: 'type' };
  if (detected.mime === 'application/pdf') return { ok: true, bytes, contentType: 'application/pdf' };
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
    if (kind === 'image') {
      const out = await image.resize(512, 512, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
      return { ok: true, bytes: out, contentType: 'image/webp' };
    }
    // ID documents must stay legible: keep the size, re-encode as JPEG.
    const out = await image
      .resize(2400, 2400, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toBuffer();
    return { ok: true, bytes: out, contentType: 'image/jpeg' };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
