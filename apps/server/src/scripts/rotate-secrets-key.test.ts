import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createUserSchema } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { CardKeys } from '../crypto/card-keys';
import { newSecretKey, SecretBox, secretKeyId } from '../crypto/secret-box';
import { loadSecretBox } from '../crypto/secret-keys';
import { openDatabase, openPglite } from '../db/client';
import { createUser } from '../modules/admin/create-user';
import { systemActor } from '../modules/audit/record-audit';
import { newTotpSecret, openTotpSecret, sealTotpSecret } from '../modules/auth/totp';
import { users } from '../modules/people/people.tables';
import { serverRoot } from '../paths';

const run = promisify(execFile);
const repoRoot = path.resolve(serverRoot, '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-rotate-'));
const baseEnv = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as const;
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm run secrets:rotate` as an operator runs it: its output and exit code. */
async function rotate(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...baseEnv, ...env };
  delete childEnv.DATABASE_URL;
  const script = path.join(serverRoot, 'src', 'scripts', 'rotate-secrets-key.ts');
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, '--batch-size=2'], {
      cwd: repoRoot,
      env: childEnv,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('[SECRETS]: npm run secrets:rotate', () => {
  it('moves a demo from its generated key to SECRETS_KEY; afterwards the old key is not needed', async () => {
    // A demo that ran before: its key file, two members enrolled under it, one left in plaintext.
    const config = loadConfig(baseEnv);
    const demo = loadSecretBox(config).box;
    const demoKey = fs.readFileSync(config.secrets.keyFile, 'utf8').trim();
    // The run's migrated template when there is one (a fresh PGlite directory is slow to make).
    const target = inject('testDatabase');
    const database =
      target.kind === 'pglite'
        ? await openPglite(path.join(dataDir, 'pglite'), new Blob([fs.readFileSync(target.templateFile)]))
        : await openDatabase(config.database);
    const secrets = new Map<string, string>();
    try {
      if (target.kind !== 'pglite') await database.migrate();
      for (const n of [1, 2, 3]) {
        const input = createUserSchema.parse({
          name: 'Robin Tester',
          email: `rotate.${n}@example.com`,
          phone: '(207) 555-0150',
          password: 'correct horse battery staple 9',
          role: 'user',
          address: { street: '1 Test Road', city: 'Portland', state: 'ME', zipCode: '04101' },
        });
        const deps = {
          db: database.db,
          config,
          clock: () => new Date(),
          secrets: demo,
          cardKeys: CardKeys.withNewKeys(),
        };
        const person = await createUser(deps, input, systemActor, {
          ipAddress: null,
          userAgent: 'test',
        });
        const secret = newTotpSecret();
        secrets.set(person.id, secret);
        const stored = n === 3 ? secret : sealTotpSecret(demo, person.id, secret, 'enrolled');
        await database.db
          .update(users)
          .set({ totpSecret: stored, totpEnabledAt: new Date() })
          .where(eq(users.id, person.id));
      }
    } finally {
      await database.close();
    }

    const newKey = newSecretKey();
    const newId = secretKeyId(Buffer.from(newKey, 'base64'));
    const first = await rotate({ SECRETS_KEY: newKey, SECRETS_KEYS_OLD: `${demo.keyId}:${demoKey}` });
    expect(first.stdout).toContain(`Sealing under key ${newId} (SECRETS_KEY); old keys: ${demo.keyId}`);
    expect(first.stdout).toContain('users.totp_secret: 2 re-sealed, 1 plaintext sealed, 3 under the current key');
    expect(first.stdout).toContain('SECRETS_KEYS_OLD can be removed');
    expect(first.code).toBe(0);

    // Rotating on to a key without naming the previous one opens nothing and changes nothing.
    const lost = await rotate({ SECRETS_KEY: newSecretKey() });
    expect(lost.stdout).toContain(`NOT OPENED: 3 under ${newId}`);
    expect(lost.code).toBe(1);

    const reopened = await openDatabase(config.database);
    try {
      const rows = await reopened.db.select({ id: users.id, totpSecret: users.totpSecret }).from(users);
      const onlyNew = new SecretBox(Buffer.from(newKey, 'base64'));
      for (const { id, totpSecret } of rows) {
        expect(totpSecret?.startsWith(`v1:${newId}:`)).toBe(true);
        expect(openTotpSecret(onlyNew, id, totpSecret ?? '', 'enrolled')).toBe(secrets.get(id));
      }
      expect(rows).toHaveLength(3);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
