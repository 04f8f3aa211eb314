import type * as Passwords from '../modules/auth/passwords';

/**
 * The passwords module with every argon2 verification reported (the hash it checked) to `record`,
 * for tests that count the password checks a request makes:
 * `vi.mock('./passwords', async (importOriginal) => (await import(…)).recordingPasswords(importOriginal, record))`.
 */
export async function recordingPasswords(
  importOriginal: <T>() => Promise<T>,
  record: (hash: string) => void,
): Promise<typeof Passwords> {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    verifyPassword: (hash: string, password: string) => {
      record(hash);
      return original.verifyPassword(hash, password);
    },
  };
}
