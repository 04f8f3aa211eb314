import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeSecretKey, isSealed, SecretBox, SecretOpenError, sealedKeyId, secretKeyId } from './secret-box';

const keyA = randomBytes(32);
const keyB = randomBytes(32);

function refusal(run: () => unknown): SecretOpenError {
  try {
    run();
  } catch (error) {
    if (error instanceof SecretOpenError) return error;
    throw error;
  }
  throw new Error('expected the box to refuse');
}

/** Flips one bit of one base64url character's worth of the sealed body. */
function flipBodyByte(sealed: string, index: number): string {
  const [v, id, iv, body = ''] = sealed.split(':');
  const bytes = Buffer.from(body, 'base64url');
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  return [v, id, iv, bytes.toString('base64url')].join(':');
}

describe('[SECRETS]: the secret box (AES-256-GCM)', () => {
  it('round-trips, as v1:<keyId>:<iv>:<ciphertext+tag>, with a fresh IV each time', () => {
    const box = new SecretBox(keyA);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:u1');
    expect(sealed).toMatch(/^v1:[0-9a-f]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(sealed.split(':')[1]).toBe(createHash('sha256').update(keyA).digest('hex').slice(0, 8));
    expect(box.keyId).toBe(secretKeyId(keyA));
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'totp:u1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:u1')).not.toBe(sealed);
    expect(box.open(box.seal('', 'c'), 'c')).toBe('');
    expect(box.open(box.seal('4111 1111 1111 1111 — ü', 'card:9'), 'card:9')).toBe('4111 1111 1111 1111 — ü');
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    expect(sealedKeyId(sealed)).toBe(box.keyId);
    expect(sealedKeyId('JBSWY3DPEHPK3PXP')).toBeNull();
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const box = new SecretBox(keyA);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:u1');
    const bodyLength = Buffer.from(sealed.split(':')[3] ?? '', 'base64url').length;
    for (const index of [0, bodyLength - 1]) {
      expect(refusal(() => box.open(flipBodyByte(sealed, index), 'totp:u1')).reason).toBe('refused');
    }
    const [v, id, iv = '', body] = sealed.split(':');
    const otherIv = Buffer.from(iv, 'base64url');
    otherIv[0] = (otherIv[0] ?? 0) ^ 1;
    expect(refusal(() => box.open([v, id, otherIv.toString('base64url'), body].join(':'), 'totp:u1')).reason).toBe(
      'refused',
    );
    // A body cut short of its tag, or text that is not a sealed value at all.
    expect(refusal(() => box.open(`${v}:${id}:${iv}:AAAA`, 'totp:u1')).reason).toBe('malformed');
    expect(refusal(() => box.open('JBSWY3DPEHPK3PXP', 'totp:u1')).reason).toBe('malformed');
    expect(refusal(() => box.open(`${sealed}:extra`, 'totp:u1')).reason).toBe('malformed');
  });

  it('refuses the wrong context: a value copied to another row or column does not open', () => {
    const box = new SecretBox(keyA);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:u1');
    const refused = refusal(() => box.open(sealed, 'totp:u2'));
    expect(refused.reason).toBe('refused');
    expect(refused.message).not.toContain('JBSWY3DPEHPK3PXP');
    expect(refusal(() => box.open(sealed, 'totp-pending:u1')).reason).toBe('refused');
  });

  it('opens values under an old key but seals under the current one; an unknown key is named', () => {
    const before = new SecretBox(keyA);
    const sealed = before.seal('secret', 'ctx');
    const after = new SecretBox(keyB, [keyA]);
    expect(after.keyIds).toEqual([secretKeyId(keyB), secretKeyId(keyA)]);
    expect(after.open(sealed, 'ctx')).toBe('secret');
    expect(after.isCurrent(sealed)).toBe(false);
    expect(after.isCurrent(after.seal('secret', 'ctx'))).toBe(true);
    const unknown = refusal(() => new SecretBox(keyB).open(sealed, 'ctx'));
    expect(unknown.reason).toBe('unknown-key');
    expect(unknown.message).toContain(secretKeyId(keyA));
    // A different key under a forged id does not open either.
    const forged = sealed.replace(`:${secretKeyId(keyA)}:`, `:${secretKeyId(keyB)}:`);
    expect(refusal(() => after.open(forged, 'ctx')).reason).toBe('refused');
  });

  it('takes keys as 32 bytes in standard base64 only', () => {
    const text = keyA.toString('base64');
    expect(decodeSecretKey(text)?.equals(keyA)).toBe(true);
    expect(decodeSecretKey(`${text}\n`)?.equals(keyA)).toBe(true);
    expect(decodeSecretKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(decodeSecretKey(randomBytes(33).toString('base64'))).toBeNull();
    expect(decodeSecretKey('not base64 at all!')).toBeNull();
    expect(decodeSecretKey('')).toBeNull();
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
