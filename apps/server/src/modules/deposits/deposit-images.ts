import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/**
 * Check photos: checked by content (JPEG, PNG or WebP by their magic bytes, never the name or
 * the browser's claim), re-encoded (metadata such as GPS dropped; a file that is also something
 * else comes out a plain image), and fingerprinted twice for duplicate detection — SHA-256 of
 * the bytes as sent (the same photo again) and a 64-bit difference hash of the picture (another
 * photo or re-encoding of the same check differs in a few bits; Krawetz, "Kind of Like That", 2013).
 */

const checkTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** Smaller than this, the writing on a check cannot be read. */
const MIN_WIDTH = 400;
const MIN_HEIGHT = 180;
/** Kept legible, not larger: a check photographed by a phone is 3000–4000 px wide. */
const MAX_WIDTH = 2000;

export type CheckImage =
  | { ok: true; bytes: Buffer; contentType: 'image/jpeg'; sha256: string; hash: bigint }
  | { ok: false; problem: 'type' | 'unreadable' | 'small' };

export async function prepareCheckImage(bytes: Buffer): Promise<CheckImage> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !checkTypes.has(detected.mime)) return { ok: false, problem: 'type' };
  try {
    // rotate() applies the camera's orientation, so width and height are as the picture is seen.
    const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    if (info.width < MIN_WIDTH || info.height < MIN_HEIGHT) return { ok: false, problem: 'small' };
    return {
      ok: true,
      bytes: data,
      contentType: 'image/jpeg',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      hash: await differenceHash(data),
    };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}

/**
 * The picture's difference hash: grey, 9×8 pixels, one bit per neighbouring pair (is the left
 * brighter?), as a signed 64-bit integer for a `bigint` column.
 */
export async function differenceHash(image: Buffer): Promise<bigint> {
  const pixels = await sharp(image).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      const left = pixels[row * 9 + col] ?? 0;
      const right = pixels[row * 9 + col + 1] ?? 0;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/**
 * Photos of the same check are at most this many bits apart (a re-encoded, resized, brighter copy:
 * 1); different checks, far more (30 random ones: 18 at the closest). Checks printed on one
 * bank's template come closer, so this is kept tight: a flag for staff, not a refusal.
 */
export const SIMILAR_BITS = 6;
