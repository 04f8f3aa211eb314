import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { decodeSecretKey, newSecretKey, SecretBox } from './secret-box';

type SecretsConfig = Pick<Config, 'isProduction' | 'secrets'>;

/** Where the key came from: SECRETS_KEY, the data directory's key file, or a key file made just now. */
export type SecretsKeySource = 'configured' | 'key-file' | 'created';

export interface LoadedSecrets {
  box: SecretBox;
  source: SecretsKeySource;
  /** Things the operator should hear about (a key file others can read). */
  warnings: string[];
}

/**
 * The box the server seals and opens secrets with. SECRETS_KEY wins; without it, outside
 * production, the key kept in DATA_DIR/secrets.key (mode 0600), made on the first start, so a
 * demo's authenticator enrolments survive a restart. Production without SECRETS_KEY refuses.
 * SECRETS_KEYS_OLD only opens values sealed before a rotation.
 */
export function loadSecretBox(config: SecretsConfig): LoadedSecrets {
  const old = config.secrets.oldKeys.map((key) => decodeSecretKey(key) ?? invalid('SECRETS_KEYS_OLD'));
  if (config.secrets.key !== null) {
    const key = decodeSecretKey(config.secrets.key) ?? invalid('SECRETS_KEY');
    return { box: new SecretBox(key, old), source: 'configured', warnings: [] };
  }
  if (config.isProduction)
    throw new Error(
      'SECRETS_KEY is not set: in production the key that encrypts authenticator secrets must come from ' +
        'configuration (32 random bytes in base64: openssl rand -base64 32)',
    );
  const { keyFile } = config.secrets;
  const created = createKeyFile(keyFile);
  const key = decodeSecretKey(fs.readFileSync(keyFile, 'utf8'));
  if (!key) throw new Error(`${keyFile} does not hold a secrets key (32 bytes in base64); set SECRETS_KEY`);
  const warnings: string[] = [];
  if ((fs.statSync(keyFile).mode & 0o077) !== 0)
    warnings.push(`${keyFile} can be read by other users of this machine: chmod 600 it`);
  return { box: new SecretBox(key, old), source: created ? 'created' : 'key-file', warnings };
}

/**
 * Whether the key is one the server made for itself (no SECRETS_KEY, or SECRETS_KEY copied from
 * the demo's key file): production refuses to run on such a key.
 */
export function usesGeneratedSecretsKey(config: SecretsConfig): boolean {
  if (config.secrets.key === null) return true;
  try {
    return fs.readFileSync(config.secrets.keyFile, 'utf8').trim() === config.secrets.key;
  } catch {
    return false;
  }
}

/**
 * Makes the key file unless it exists; true if this call made it. Written aside, then linked into
 * place (which fails if the name exists): two starts at once agree on one key, and neither reads
 * a half-written file.
 */
export function createKeyFile(keyFile: string, contents: () => string = newSecretKey): boolean {
  if (fs.existsSync(keyFile)) return false;
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  const draft = `${keyFile}.${process.pid}.tmp`;
  fs.writeFileSync(draft, `${contents()}\n`, { mode: 0o600 });
  try {
    fs.linkSync(draft, keyFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function invalid(setting: string): never {
  throw new Error(`${setting} is not 32 bytes in base64`);
}
