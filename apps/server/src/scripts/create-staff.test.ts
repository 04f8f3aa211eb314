import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { messages } from '@mutual/shared';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { openPglite } from '../db/client';
import { auditLog } from '../modules/audit/audit.tables';
import { passwordResets } from '../modules/auth/auth.tables';
import { confirmPasswordReset } from '../modules/auth/password-reset';
import { verifyPassword } from '../modules/auth/passwords';
import { createMailer } from '../modules/mail/mail.service';
import { mailOutbox } from '../modules/mail/mail.tables';
import { users } from '../modules/people/people.tables';
import { serverRoot } from '../paths';

const run = promisify(execFile);
const repoRoot = path.resolve(serverRoot, '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-create-staff-'));
const pgliteDir = path.join(dataDir, 'pglite');
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const dana = [
  '--name=Dana Whitfield',
  '--email=Dana.Whitfield@harbor-cu.example',
  '--phone=(207) 555-0150',
  '--street=100 Harbor Street',
  '--city=Portland',
  '--state=ME',
  '--zip=04101',
];

/** `npm run staff:create -- …` as an operator runs it, on a credit union's own database: output and exit code. */
async function createStaff(args: string[]) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_MODE: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://portal.harbor-cu.example',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const script = path.join(serverRoot, 'src', 'scripts', 'create-staff.ts');
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** What the script left in the database. */
async function stored() {
  const database = await openPglite(pgliteDir);
  try {
    return {
      people: await database.db.select().from(users),
      resets: await database.db.select().from(passwordResets),
      mail: await database.db.select().from(mailOutbox),
      audit: await database.db.select().from(auditLog).orderBy(desc(auditLog.at)),
    };
  } finally {
    await database.close();
  }
}

describe('[STAFF]: npm run staff:create', () => {
  it("makes a credit union's first staff user, who chooses a password from an e-mailed link", async () => {
    // A credit union's own database: migrated, no demo seed, nobody in it.
    const template = inject('testDatabase');
    const prepared =
      template.kind === 'pglite'
        ? await openPglite(pgliteDir, new Blob([fs.readFileSync(template.templateFile)]))
        : await openPglite(pgliteDir);
    try {
      if (template.kind !== 'pglite') await prepared.migrate();
    } finally {
      await prepared.close();
    }

    // Create New User's rules, with its messages, name the options at fault; nothing is written.
    const refused = await createStaff(['--name=Dana Whitfield', '--email=not-an-address', '--zip=04101']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`--email: ${messages.registration.emailInvalid}`);
    expect(refused.stderr).toContain('--street: Street is required');
    expect((await stored()).people).toHaveLength(0);

    const created = await createStaff(dana);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created staff user Dana Whitfield <dana.whitfield@harbor-cu.example>.');
    expect(created.stdout).toContain(
      'A link to choose a password was e-mailed to dana.whitfield@harbor-cu.example; it works once, for 24 hours',
    );

    const after = await stored();
    expect(after.people).toHaveLength(1);
    expect(after.people[0]).toMatchObject({
      email: 'dana.whitfield@harbor-cu.example',
      role: 'admin',
      status: 'active',
      createdBy: 'command line',
    });
    const [staff] = after.people;
    const [link] = after.resets;
    expect(after.resets).toHaveLength(1);
    expect(link?.userId).toBe(staff?.id);
    expect((link?.expiresAt.getTime() ?? 0) - (link?.createdAt.getTime() ?? 0)).toBe(24 * 3_600_000);
    expect(after.mail).toHaveLength(1);
    const [mail] = after.mail;
    expect(mail).toMatchObject({ toAddress: 'dana.whitfield@harbor-cu.example', template: 'first-password' });
    expect(mail?.textBody).toContain('A staff account on');
    expect(mail?.textBody).toContain('The link works once, for 24 hours');
    expect(after.audit.find((row) => row.action === 'user.created')).toMatchObject({
      actorUserId: null,
      actorEmail: 'command line',
      targetUserId: staff?.id,
      userAgent: 'npm run staff:create',
    });
    expect(after.audit.find((row) => row.action === 'auth.first_password_link')?.targetUserId).toBe(staff?.id);

    // The e-mailed link sets the password the staff member chooses: the one way into the account.
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail?.textBody ?? '')?.[1] ?? '';
    const database = await openPglite(pgliteDir);
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEMO_MODE: 'false', LOG_LEVEL: 'silent' });
      const mailer = createMailer({
        db: database.db,
        from: config.mail.from,
        smtpUrl: undefined,
        logger: pino({ level: 'silent' }),
      });
      const deps = { db: database.db, config, mailer, clock: () => new Date() };
      const meta = { ipAddress: null, userAgent: 'test' };
      await confirmPasswordReset(deps, { token, password: 'harbor lights at dawn 7' }, meta);
      const [changed] = await database.db
        .select()
        .from(users)
        .where(eq(users.id, staff?.id ?? ''));
      expect(await verifyPassword(changed?.passwordHash ?? '', 'harbor lights at dawn 7')).toBe(true);
      // Once only.
      await expect(confirmPasswordReset(deps, { token, password: 'another choice entirely 8' }, meta)).rejects.toThrow(
        messages.auth.resetInvalid,
      );
      mailer.close();
    } finally {
      await database.close();
    }
    // The password it made is nowhere to be read: not printed, not mailed.
    expect(created.stdout).not.toMatch(/password:/i);

    // Run again for the same person: refused, and still one account.
    const again = await createStaff(dana);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`--email: ${messages.registration.emailInUse}`);
    expect((await stored()).people).toHaveLength(1);
  }, 180_000);
});
