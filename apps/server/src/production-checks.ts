import { type Config, DEMO_CARD_BIN } from './config';
import { usesGeneratedSecretsKey } from './crypto/secret-keys';

/**
 * With NODE_ENV=production the server refuses to start on a setting that is safe only for a demo,
 * and says which setting to fix — a portal that "works" with a generated key, the dev mailbox or
 * the demo's users would hand members' money to anyone who read the README.
 */
export function unsafeProductionSettings(config: Config): string[] {
  if (!config.isProduction) return [];
  const problems: string[] = [];
  if (usesGeneratedSecretsKey(config)) {
    problems.push(
      'SECRETS_KEY: set a key of your own (e.g. `openssl rand -base64 32`); production never uses a key ' +
        'generated into the data directory',
    );
  }
  if (config.cards.key === null) {
    problems.push(
      'CARD_KEY: set a key of your own (e.g. `openssl rand -base64 32`); it keys the hashes of card numbers ' +
        'and PINs, and production never uses one generated into the data directory',
    );
  }
  if (config.cards.bin === DEMO_CARD_BIN) {
    problems.push(`CARD_BIN: ${DEMO_CARD_BIN} is a test BIN; set the BIN your card network assigned you`);
  }
  if (!config.mail.smtpUrl) {
    problems.push('SMTP_URL: production delivers e-mail (sign-in codes among it) through your SMTP server; set it');
  }
  if (config.demo) {
    problems.push(
      'DEMO_MODE: the demonstration credit union (its banner and seeded users) is not for production; ' +
        'set DEMO_MODE=false and DATABASE_URL',
    );
  }
  if (config.mail.devMailbox === 'public') {
    problems.push('DEV_MAILBOX: "public" shows every sign-in code to anyone; remove it');
  }
  if (config.billPay.demoBillers) {
    problems.push(
      "BILL_PAY_BILLERS_FILE: the demo's billers are made up (members' payments would go nowhere); " +
        'point it at your biller directory',
    );
  }
  if (!config.publicUrl.startsWith('https://')) {
    problems.push('PUBLIC_URL: members must reach production over https:// (cookies are Secure only then)');
  }
  return problems;
}

/** The message the server stops with: one line per setting to fix. */
export function refusalMessage(problems: string[]): string {
  return [
    'Refusing to start with NODE_ENV=production on settings that are only safe for a demo. Fix:',
    ...problems.map((problem) => `  - ${problem}`),
  ].join('\n');
}
