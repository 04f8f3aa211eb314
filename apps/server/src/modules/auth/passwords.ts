import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { messages, PASSWORD } from '@mutual/shared';
import { AppError } from '../../errors';

/** OWASP's argon2id settings (19 MiB, 2 passes, 1 lane). */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash no password matches, made with the same settings: when there is no password to check
 * (an unknown e-mail) the password is verified against it, so the answer takes the same time.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}

let common: Set<string> | undefined;
/** The commonest passwords of at least the minimum length (about 18,000, from zxcvbn's list). */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    // The package types it as a list; some builds ship a word → rank object. Accept both.
    const source: unknown = dictionary['passwords-common'];
    const words = Array.isArray(source) ? (source as string[]) : Object.keys(source as object);
    common = new Set(words.filter((word) => word.length >= PASSWORD.min));
  }
  return common.has(password.toLowerCase());
}

/** Throws the field error the forms show when a new password is on the common list. */
export function assertNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', messages.registration.passwordCommon, {
      [field]: messages.registration.passwordCommon,
    });
  }
}
