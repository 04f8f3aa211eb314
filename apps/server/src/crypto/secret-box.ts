import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (authenticator secrets, card numbers) are stored
 * sealed: AES-256-GCM under a key from configuration, as `v1:<keyId>:<iv>:<ciphertext+tag>`
 * (base64url) in the column that held the plaintext. The caller's context (`totp:<userId>`) is the
 * additional authenticated data, so a sealed value copied to another row or column does not open.
 * Values hashed one way (passwords, codes, tokens) never come here.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

export type SecretOpenFailure = 'malformed' | 'unknown-key' | 'refused';

/** A sealed value that cannot be opened. The message names the reason and key id, never the value. */
export class SecretOpenError extends Error {
  constructor(
    readonly reason: SecretOpenFailure,
    readonly keyId: string | null,
  ) {
    super(
      reason === 'malformed'
        ? 'sealed secret is malformed'
        : reason === 'unknown-key'
          ? `sealed secret uses key ${keyId ?? '?'}, which is not configured (SECRETS_KEY, SECRETS_KEYS_OLD)`
          : `sealed secret under key ${keyId ?? '?'} was refused (tampered, or sealed for another context)`,
    );
    this.name = 'SecretOpenError';
  }
}

/** A key's public name: the first 8 hex digits of its SHA-256 (says which key, reveals nothing). */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** Decodes a configured key (standard base64 of 32 bytes), or null if it is not one. */
export function decodeSecretKey(base64: string): Buffer | null {
  const text = base64.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const key = Buffer.from(text, 'base64');
  return key.length === SECRET_KEY_BYTES && key.toString('base64') === text ? key : null;
}

/** A fresh random key as configuration spells it (what `openssl rand -base64 32` prints). */
export function newSecretKey(): string {
  return randomBytes(SECRET_KEY_BYTES).toString('base64');
}

/** Whether a stored value is sealed (any key), as opposed to plaintext left from before sealing. */
export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}:`);
}

/** The key id a sealed value names, or null for plaintext or a malformed value. */
export function sealedKeyId(value: string): string | null {
  const parts = value.split(':');
  return parts.length === 4 && parts[0] === VERSION && /^[0-9a-f]{8}$/.test(parts[1] ?? '') ? (parts[1] ?? null) : null;
}

const b64url = /^[A-Za-z0-9_-]+$/;

export class SecretBox {
  private readonly keys: ReadonlyMap<string, Buffer>;
  /** The key new values are sealed under. */
  readonly keyId: string;

  /** `current` seals and opens; `old` keys only open (values sealed before a rotation). */
  constructor(current: Buffer, old: readonly Buffer[] = []) {
    const keys = new Map<string, Buffer>();
    for (const key of [current, ...old]) {
      if (key.length !== SECRET_KEY_BYTES) throw new Error(`a secrets key must be ${SECRET_KEY_BYTES} bytes`);
      const id = secretKeyId(key);
      const known = keys.get(id);
      if (known && !known.equals(key)) throw new Error(`two secrets keys share the id ${id}; generate another`);
      keys.set(id, key);
    }
    this.keys = keys;
    this.keyId = secretKeyId(current);
  }

  /** A box on a fresh random key (tests, benchmarks). */
  static withNewKey(): SecretBox {
    return new SecretBox(randomBytes(SECRET_KEY_BYTES));
  }

  /** Every key id this box can open, the current one first. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  knows(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  /** Whether `value` is sealed under the current key (a rotation leaves it alone). */
  isCurrent(value: string): boolean {
    return sealedKeyId(value) === this.keyId;
  }

  seal(plaintext: string, context: string): string {
    const key = this.keys.get(this.keyId);
    if (!key) throw new Error('secrets key missing');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}:${this.keyId}:${iv.toString('base64url')}:${body.toString('base64url')}`;
  }

  /** The plaintext; a SecretOpenError if malformed, under an unknown key, tampered with, or for another context. */
  open(sealed: string, context: string): string {
    const [version, keyId, ivText, bodyText, ...rest] = sealed.split(':');
    if (
      version !== VERSION ||
      rest.length > 0 ||
      !keyId ||
      !/^[0-9a-f]{8}$/.test(keyId) ||
      !ivText ||
      !bodyText ||
      !b64url.test(ivText) ||
      !b64url.test(bodyText)
    )
      throw new SecretOpenError('malformed', null);
    const key = this.keys.get(keyId);
    if (!key) throw new SecretOpenError('unknown-key', keyId);
    const iv = Buffer.from(ivText, 'base64url');
    const body = Buffer.from(bodyText, 'base64url');
    if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretOpenError('malformed', keyId);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretOpenError('refused', keyId);
    }
  }
}
