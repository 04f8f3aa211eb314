import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createUserSchema } from '@mutual/shared';
import { loadConfig } from '../config';
import { loadCardKeys } from '../crypto/card-keys';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import { createLogger } from '../logger';
import { createUser } from '../modules/admin/create-user';
import type { Actor, RequestMeta } from '../modules/audit/record-audit';
import { FIRST_PASSWORD_LINK_HOURS, sendFirstPasswordLink } from '../modules/auth/password-reset';
import { createMailer } from '../modules/mail/mail.service';
import { prepareSecrets } from '../modules/secrets/prepare-secrets';

/** Each option and the Create New User field it fills. */
const fields = {
  name: ['name'],
  email: ['email'],
  phone: ['phone'],
  street: ['address', 'street'],
  city: ['address', 'city'],
  state: ['address', 'state'],
  zip: ['address', 'zipCode'],
} as const;
type Option = keyof typeof fields;

/** Who the audit log names: no staff member did it, an operator at the server did. */
const operator: Actor = { userId: null, email: 'command line' };
const meta: RequestMeta = { ipAddress: null, userAgent: 'npm run staff:create' };

/**
 * `npm run staff:create -- --name … --email … --phone … --street … --city … --state … --zip …`:
 * a staff user made at the server, for a new credit union's first one (production has no demo
 * seed, and in the console only staff create staff) or when no staff member can sign in. The
 * options are Create New User's fields, checked by its schema with its messages; the account is
 * created as there (status active, audited, `created_by` "command line"), with a random password
 * nobody is shown. The new staff member is then e-mailed a link to choose their own password
 * (`sendFirstPasswordLink`, through the outbox); where `REQUIRE_STAFF_TOTP` is on (by default in
 * production) their first sign-in asks them to enrol an authenticator app before the console
 * opens. Exits 0 once created, 1 on input or an e-mail already in use (nothing written), 2 on
 * anything else.
 */
async function main() {
  const { values } = parseArgs({
    options: Object.fromEntries(Object.keys(fields).map((name) => [name, { type: 'string' }])) as Record<
      Option,
      { type: 'string' }
    >,
  });
  const checked = createUserSchema.safeParse({
    name: values.name ?? '',
    email: values.email ?? '',
    phone: values.phone ?? '',
    // Never shown or stored in the clear: the staff member chooses theirs from the e-mailed link.
    password: randomBytes(24).toString('base64url'),
    role: 'admin',
    address: {
      street: values.street ?? '',
      city: values.city ?? '',
      state: values.state ?? '',
      zipCode: values.zip ?? '',
    },
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const option = (Object.keys(fields) as Option[]).find((name) => fields[name].join('.') === issue.path.join('.'));
      process.stderr.write(`--${option ?? issue.path.join('.')}: ${issue.message}\n`);
    }
    process.exitCode = 1;
    return;
  }

  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(config.database, undefined, config.databaseTimeouts);
  const mailer = createMailer({ db: database.db, from: config.mail.from, smtpUrl: config.mail.smtpUrl, logger });
  try {
    await database.migrate();
    const deps = {
      config,
      db: database.db,
      mailer,
      clock: () => new Date(),
      secrets: await prepareSecrets(config, database.db, logger),
      cardKeys: loadCardKeys(config),
    };
    const staff = await createUser(deps, checked.data, operator, meta);
    await sendFirstPasswordLink(deps, staff, meta);
    // Sent now where SMTP is configured; otherwise it waits in the outbox (the dev mailbox).
    await mailer.flush();
    process.stdout.write(
      `Created staff user ${staff.name} <${staff.email}>.\n` +
        `A link to choose a password was e-mailed to ${staff.email}; it works once, for ` +
        `${FIRST_PASSWORD_LINK_HOURS} hours (after that, "Forgot password?" on the sign-in page).\n` +
        (config.mail.smtpUrl ? '' : 'No SMTP_URL is set: the e-mail is in the dev mailbox (/dev/mailbox).\n') +
        (config.security.requireStaffTotp
          ? 'At the first sign-in they enrol an authenticator app before the console opens.\n'
          : ''),
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
    process.stderr.write(`--email: ${error.fields?.email ?? error.message}\n`);
    process.exitCode = 1;
  } finally {
    mailer.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
