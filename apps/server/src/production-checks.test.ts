import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoBillers } from './billers';
import { loadConfig } from './config';
import { refusalMessage, unsafeProductionSettings } from './production-checks';

const billersFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mutual-billers-')), 'billers.json');
fs.writeFileSync(billersFile, JSON.stringify(demoBillers.map((b) => ({ ...b, id: b.id.replace('demo-', 'cu-') }))));

const safe = {
  BILL_PAY_BILLERS_FILE: billersFile,
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://online.example-cu.org',
  DATABASE_URL: 'postgres://mutual@db.internal/mutual',
  SMTP_URL: 'smtps://portal:secret@mail.example-cu.org:465',
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  CARD_KEY: Buffer.alloc(32, 9).toString('base64'),
  CARD_BIN: '411111',
};

describe('[CONFIG]: production refuses settings that are only safe for a demo', () => {
  it('starts on a production configuration of its own', () => {
    expect(unsafeProductionSettings(loadConfig(safe))).toEqual([]);
  });

  it('names each unsafe setting: generated keys, a test BIN, no SMTP, demo mode, public mailbox, billers, http', () => {
    const problems = unsafeProductionSettings(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://bank.example',
        DEMO_MODE: 'true',
        DEV_MAILBOX: 'public',
      }),
    );
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'SECRETS_KEY',
      'CARD_KEY',
      'CARD_BIN',
      'SMTP_URL',
      'DEMO_MODE',
      'DEV_MAILBOX',
      'BILL_PAY_BILLERS_FILE',
      'PUBLIC_URL',
    ]);
    expect(refusalMessage(problems)).toMatch(/^Refusing to start with NODE_ENV=production[^\n]*\n {2}- SECRETS_KEY/);
  });

  it('the embedded database is demo mode unless said otherwise, so production on it is refused too', () => {
    const { DATABASE_URL: _, ...withoutDatabase } = safe;
    expect(unsafeProductionSettings(loadConfig(withoutDatabase)).map((p) => p.split(':')[0])).toEqual(['DEMO_MODE']);
  });

  it('says nothing outside production', () => {
    expect(unsafeProductionSettings(loadConfig({ NODE_ENV: 'development', DEMO_MODE: 'true' }))).toEqual([]);
  });
});
