import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@mutual/shared';

/** An opaque token for a cookie or an e-mailed link: 256 bits from the CSPRNG. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export function newOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

const backupAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A backup code: 10 characters (≈ 49 bits) without look-alikes, shown as `xxxx-xxxxxx`. */
export function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += backupAlphabet[randomInt(0, backupAlphabet.length)];
  return code;
}

export function formatBackupCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Codes are stored as `salt:sha256(salt:code)`; only the hash can be compared, never read back. */
export function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${sha256(`${salt}:${code}`)}`;
}

export function codeMatches(code: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const candidate = Buffer.from(sha256(`${salt}:${code}`), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
