import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Env, loadConfig } from '../config';
import { newSecretKey, SecretBox, secretKeyId } from './secret-box';
import { loadSecretBox, usesGeneratedSecretsKey } from './secret-keys';

const dirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-secrets-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const configWith = (env: Env) => loadConfig({ NODE_ENV: 'development', ...env });

describe('[SECRETS]: where the key comes from', () => {
  it('outside production, without SECRETS_KEY, makes DATA_DIR/secrets.key (0600) once and reuses it', () => {
    const dir = path.join(dataDir(), 'not-yet');
    const config = configWith({ DATA_DIR: dir });
    const first = loadSecretBox(config);
    expect(first.source).toBe('created');
    const keyFile = path.join(dir, 'secrets.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['secrets.key']);
    const second = loadSecretBox(config);
    expect(second.source).toBe('key-file');
    expect(second.box.keyId).toBe(first.box.keyId);
    expect(second.box.open(first.box.seal('JBSWY3DPEHPK3PXP', 'ctx'), 'ctx')).toBe('JBSWY3DPEHPK3PXP');
    expect(second.warnings).toEqual([]);
    expect(usesGeneratedSecretsKey(config)).toBe(true);

    fs.chmodSync(keyFile, 0o644);
    expect(loadSecretBox(config).warnings).toEqual([expect.stringContaining('chmod 600')]);
  });

  it('uses SECRETS_KEY when set (the key file is neither read nor made), with SECRETS_KEYS_OLD for reading', () => {
    const dir = dataDir();
    const key = newSecretKey();
    const old = newSecretKey();
    const oldId = secretKeyId(Buffer.from(old, 'base64'));
    const config = configWith({ DATA_DIR: dir, SECRETS_KEY: key, SECRETS_KEYS_OLD: `${oldId}:${old}` });
    const { box, source } = loadSecretBox(config);
    expect(source).toBe('configured');
    expect(box.keyId).toBe(secretKeyId(Buffer.from(key, 'base64')));
    expect(box.keyIds).toEqual([box.keyId, oldId]);
    expect(box.open(new SecretBox(Buffer.from(old, 'base64')).seal('s', 'c'), 'c')).toBe('s');
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(usesGeneratedSecretsKey(config)).toBe(false);
    // An empty SECRETS_KEY= line in an env file means unset.
    expect(configWith({ DATA_DIR: dir, SECRETS_KEY: '' }).secrets.key).toBeNull();
  });

  it('refuses to start in production without SECRETS_KEY, and calls a copied demo key generated', () => {
    const dir = dataDir();
    const production = configWith({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(() => loadSecretBox(production)).toThrow(/SECRETS_KEY is not set/);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(usesGeneratedSecretsKey(production)).toBe(true);

    loadSecretBox(configWith({ DATA_DIR: dir }));
    const demoKey = fs.readFileSync(path.join(dir, 'secrets.key'), 'utf8').trim();
    const copied = configWith({ NODE_ENV: 'production', DATA_DIR: dir, SECRETS_KEY: demoKey });
    expect(usesGeneratedSecretsKey(copied)).toBe(true);
  });

  it('refuses keys that are not 32 bytes, and an old key listed under the wrong id', () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    expect(() => configWith({ SECRETS_KEY: short })).toThrow(/SECRETS_KEY: must be 32 random bytes in base64/);
    expect(() => configWith({ SECRETS_KEYS_OLD: `abcd1234:${short}` })).toThrow(/SECRETS_KEYS_OLD: key 1 is not 32/);
    const old = newSecretKey();
    expect(() => configWith({ SECRETS_KEYS_OLD: `00000000:${old}` })).toThrow(/listed as 00000000 has the id/);
    // The id is optional; several keys are a comma list.
    const other = newSecretKey();
    expect(configWith({ SECRETS_KEYS_OLD: `${old}, ${other}` }).secrets.oldKeys).toEqual([old, other]);
  });

  it('refuses a key file that does not hold a key', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'secrets.key'), 'hello\n', { mode: 0o600 });
    expect(() => loadSecretBox(configWith({ DATA_DIR: dir }))).toThrow(/does not hold a secrets key/);
  });
});
