import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../modules/audit/record-audit';
import { billPayments } from '../modules/bill-pay/bill-pay.tables';
import { addPayee, billPayOverview, cutOffAt, paymentForm, runSendJob, scheduled } from '../test/bill-pay';
import { cellsOf, quotedCsvLines } from '../test/csv';
import { Browser, createPerson, nextIp, signIn, signInStaff, type TestApp } from '../test/identity';
import { accountId, deposit, memberWithMoney } from '../test/money';
import { useTestApp } from '../test/test-app';
import { userTransfer } from '../test/transfer-forms';

/**
 * CSV injection (OWASP): a cell a spreadsheet would run as a formula — starting with =, +, -, @,
 * a tab or a carriage return — must reach the file with a leading apostrophe. Every CSV the API
 * serves is listed below; each one is fed these payloads through the ways real data reaches it,
 * then every cell of the file is checked.
 *
 * To cover a new export: add an entry to `csvExports` — `source` (the routes file that sends
 * `text/csv`), `plant` (put each of PAYLOADS into data the export shows, through the API or the
 * module's own services), and `download` (fetch it as someone allowed to). The last test fails
 * until every routes file that answers `text/csv` has an entry.
 */

const PAYLOADS = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTabbed'] as const;
/** Leading characters a spreadsheet treats as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

interface CsvExport {
  name: string;
  /** The routes file that answers with `text/csv`, relative to apps/server/src. */
  source: string;
  plant(t: TestApp): Promise<void>;
  download(t: TestApp): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
}

/** The cells of a CSV whose every cell is quoted (quotes inside doubled), line by line. */
function parseQuotedCsv(text: string): string[][] {
  return quotedCsvLines(text, 'every cell quoted').map(cellsOf);
}

let memberTransactions: { browser: Browser } | undefined;
let staff: Browser | undefined;
let billPayDay: string | undefined;

const csvExports: CsvExport[] = [
  {
    name: "a member's transactions (GET /api/me/transactions/export)",
    source: 'modules/accounts/accounts.routes.ts',
    async plant(t) {
      const member = await memberWithMoney(t, 0n, 'Casey Csv');
      const sender = await memberWithMoney(t, 100_00n, 'Sam Sender');
      // References typed by another member (the API trims them, so no leading tab this way)…
      for (const payload of PAYLOADS.filter((p) => p.trim() === p)) {
        const sent = await userTransfer(sender, member, { amount: '1.00', reference: payload });
        expect(sent.statusCode, sent.body).toBe(201);
      }
      // …and ledger memos, which keep every character (a branch deposit's description).
      for (const payload of PAYLOADS) await deposit(t, member.id, 1_00n, 'Checking', payload);
      memberTransactions = { browser: member.browser };
    },
    download: async () => {
      if (!memberTransactions) throw new Error('plant first');
      return memberTransactions.browser.get('/api/me/transactions/export');
    },
  },
  {
    name: 'the audit log (GET /api/admin/audit/export)',
    source: 'modules/admin/audit.routes.ts',
    async plant(t) {
      // A staff browser whose user agent looks like a formula, acting on a member whose name does.
      const admin = await createPerson(t, { role: 'admin', name: 'Alex Admin' });
      staff = await signIn(t, admin.email, undefined, new Browser(t, nextIp(), '@cmd agent'));
      const member = await createPerson(t, { name: '=1+1 Member' });
      const checking = await accountId(t, member.id, 'Checking');
      for (const [i, payload] of PAYLOADS.entries()) {
        const response = await staff.request('PUT', `/api/admin/users/${member.id}/accounts/${checking}/balance`, {
          json: { balance: `${i + 1}.00`, reason: payload },
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      // The API trims reasons; a writer that keeps free text as typed still reaches the export.
      await recordAudit(t.db, {
        action: 'test.free_text',
        actor: { userId: admin.id, email: admin.email },
        targetUserId: member.id,
        meta: { ipAddress: '203.0.113.9', userAgent: '\tTabbed agent' },
        after: { reason: '\tTabbed' },
        at: t.clock(),
      });
    },
    download: async () => {
      if (!staff) throw new Error('plant first');
      return staff.get('/api/admin/audit/export');
    },
  },
  {
    name: "a day's sent bill payments (GET /api/admin/bill-pay/export.csv)",
    source: 'modules/bill-pay/bill-pay.routes.ts',
    async plant(t) {
      const member = await memberWithMoney(t, 100_00n, 'Pat Payer');
      const payee = await addPayee(t, member);
      const { earliestDate } = await billPayOverview(member);
      billPayDay = earliestDate;
      // Memos typed by the member (the API trims them, so no leading tab this way)…
      const ids: string[] = [];
      for (const memo of PAYLOADS.filter((p) => p.trim() === p)) {
        ids.push((await scheduled(member, paymentForm(payee.id, earliestDate, { amount: '1.00', memo }))).payment.id);
      }
      const last = (await scheduled(member, paymentForm(payee.id, earliestDate, { amount: '1.00' }))).payment.id;
      // …and one kept exactly as a writer that does not trim would store it.
      await t.db.update(billPayments).set({ memo: '\tTabbed' }).where(eq(billPayments.id, last));
      expect(await runSendJob(t, cutOffAt(earliestDate))).toMatchObject({ sent: ids.length + 1 });
      staff = await signInStaff(t, { name: 'Bea Staff' });
    },
    download: async () => {
      if (!staff || !billPayDay) throw new Error('plant first');
      return staff.get(`/api/admin/bill-pay/export.csv?date=${billPayDay}`);
    },
  },
];

describe('[CSV]: every CSV export neutralises formula-looking text', () => {
  const t = useTestApp();

  it.each(csvExports.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    await entry.plant(t);
    const response = await entry.download(t);
    expect(response.statusCode, response.body).toBe(200);
    expect(String(response.headers['content-type'])).toBe('text/csv; charset=utf-8');
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const cells = parseQuotedCsv(response.body).flat();
    expect(
      cells.filter((cell) => FORMULA_START.test(cell)),
      'cells a spreadsheet would run',
    ).toEqual([]);
    // Each payload arrived, neutralised, as a cell of its own (not merely inside another one).
    for (const payload of PAYLOADS) expect(cells, JSON.stringify(payload)).toContain(`'${payload}`);
  });

  it('covers every routes file that answers with text/csv', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, item.name);
        if (item.isDirectory()) walk(full);
        else if (
          item.name.endsWith('.ts') &&
          !item.name.endsWith('.test.ts') &&
          fs.readFileSync(full, 'utf8').includes('text/csv')
        ) {
          sources.push(path.relative(root, full).split(path.sep).join('/'));
        }
      }
    };
    walk(path.join(root, 'modules'));
    expect(sources.sort()).toEqual([...new Set(csvExports.map((entry) => entry.source))].sort());
  });
});
