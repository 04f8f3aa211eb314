import { createHash } from 'node:crypto';
import { messages, type StaffStatement, type StatementsOverview } from '@mutual/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { auditActions, Browser, latestMail, mailsTo, manualClock, signInStaff, uniqueEmail } from '../../test/identity';
import { accountId, cashEntry, type Member, memberWithMoney } from '../../test/money';
import { statementRow } from '../../test/statements';
import { daysLongTestEnv, useLedgerTestApp } from '../../test/test-app';
import { externalForm, externalTransfer, internalTransfer, notificationsOf } from '../../test/transfer-forms';
import { generalLedger } from '../ledger/general-ledger';
import { ledgerTransfers } from '../ledger/ledger.tables';
import { postTransfer, reverseTransfer } from '../ledger/post-transfer';
import { mailOutbox } from '../mail/mail.tables';
import { dividendFor } from './dividend-math';
import { pdfText } from './pdf-text';
import { cutBefore } from '../ledger/balance-at';
import { periodBounds } from './statement-periods';
import { issueDueStatements } from './statement-runs';
import { dividendPostings, statementRuns } from './statements.tables';
import { giveCreditCard } from '../../test/cards';

const ZONE = 'America/New_York';
/** Noon in New York on a day of 2026 (EDT until November 1). */
const noon = (day: string) => new Date(`${day}T16:00:00Z`);

describe('[STATEMENTS]: monthly statements from the ledger, dividends, and who may read them', () => {
  const time = manualClock(noon('2026-09-15'));
  const t = useLedgerTestApp({ clock: time.clock, env: daysLongTestEnv });

  let member: Member;
  let checking: string;
  let savings: string;
  let holdAmount: bigint;

  const at = async (day: string, work: () => Promise<unknown>) => {
    time.advance(noon(day).getTime() - time.now().getTime());
    await work();
  };
  const download = (browser: Browser, account: string, period: string) =>
    browser.get(`/api/me/statements/${account}/${period}`);
  const pdfOf = async (account: string, period: string) => {
    const response = await download(member.browser, account, period);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return response.rawPayload;
  };
  const textOf = async (pdf: Buffer) => (await pdfText(pdf)).pages.join('\n');

  it('September and October as the ledger recorded them: a month of everything, then the month job', async () => {
    await at('2026-09-15', async () => {
      member = await memberWithMoney(t, 1_000_00n, 'Casey Statement');
      checking = await accountId(t, member.id, 'Checking');
      savings = await accountId(t, member.id, 'Savings');
      // A credit card line too: it has no monthly statement, so a run neither counts nor issues it.
      await giveCreditCard(t, member);
    });
    await at('2026-09-20', () =>
      cashEntry(t, member.id, 200_00n, { side: 'debit', memo: 'ATM withdrawal Congress St' }),
    );
    await at('2026-09-22', async () => {
      const response = await internalTransfer(member, { amount: '300.00' });
      expect(response.statusCode, response.body).toBe(201);
    });
    await at('2026-09-25', async () => {
      // An ACH payment held for Payment Operations: pending at the month's end, so not a line.
      const response = await externalTransfer(t, member.browser, member.email, externalForm({ amount: '40.00' }));
      expect(response.statusCode, response.body).toBe(201);
      holdAmount = 40_00n;
    });
    await at('2026-09-26', () =>
      t.db.transaction((tx) =>
        postTransfer(tx, {
          kind: 'failed',
          debitAccountId: checking,
          creditAccountId: generalLedger.cash,
          amount: 77_00n,
          category: 'Withdrawal',
          debitMemo: 'Declined withdrawal',
          creditMemo: 'Declined withdrawal',
          reason: 'Not enough money',
          now: time.now(),
          createdBy: null,
        }),
      ),
    );
    await at('2026-09-28', async () => {
      // Staff reverse the ATM withdrawal: a new movement, on the month it was made.
      const [atm] = await t.db
        .select()
        .from(ledgerTransfers)
        .where(
          and(
            eq(ledgerTransfers.debitAccountId, checking),
            eq(ledgerTransfers.debitMemo, 'ATM withdrawal Congress St'),
          ),
        );
      await t.db.transaction((tx) =>
        reverseTransfer(tx, { transferId: atm?.id ?? '', reason: 'Duplicate', now: time.now(), createdBy: null }),
      );
    });
    await at('2026-10-02', async () => {
      // A staff entry backdated into September, made in October: on October's statement.
      await cashEntry(t, member.id, 55_55n, { memo: 'Branch deposit (late entry)', effectiveAt: noon('2026-09-10') });
      await cashEntry(t, member.id, 5_00n, { side: 'debit', category: 'Fee', memo: 'Paper statement fee' });
    });

    // November 1, 00:06 in New York: both months have closed.
    time.advance(new Date('2026-11-01T04:06:00Z').getTime() - time.now().getTime());
    const first = await issueDueStatements(t, time.now());
    expect(first.failed).toBe(0);
    expect(await statementRow(t, checking, '2026-09')).toBeDefined();
    expect(await statementRow(t, checking, '2026-10')).toBeDefined();
    // Staff see each month done in full: Checking and Savings, two of two.
    const runs = await t.db.select().from(statementRuns).orderBy(statementRuns.period);
    expect(
      runs.slice(-2).map(({ period, status, total, issued, failed }) => ({ period, status, total, issued, failed })),
    ).toEqual(['2026-09', '2026-10'].map((period) => ({ period, status: 'done', total: 2, issued: 2, failed: 0 })));
  });

  it("September's Checking lists every posted movement (not the hold, not the failed row) and reconciles", async () => {
    const row = await statementRow(t, checking, '2026-09');
    expect(row).toMatchObject({
      openingBalance: 0n,
      totalCredits: 1_200_00n,
      totalDebits: 500_00n,
      closingBalance: 700_00n,
      fees: 0n,
    });
    // Closing = the ledger's own balance after its last entry before October began.
    const end = periodBounds('2026-09', ZONE).end;
    expect((await cutBefore(t.db, checking, end)).balance).toBe(700_00n);

    const text = await textOf(await pdfOf(checking, '2026-09'));
    for (const words of ['Cash deposit', 'ATM withdrawal Congress St', 'Reversal: ATM withdrawal Congress St']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('Transfer to Savings');
    for (const amount of ['$1,000.00', '$200.00', '$300.00', '$700.00', '$500.00', '$1,200.00']) {
      expect(text).toContain(amount);
    }
    expect(text).not.toContain('Declined withdrawal');
    expect(text).toContain('September 1, 2026 – September 30, 2026');
    expect(text).toContain('Casey Statement');
    expect(text).toContain('In case of errors or questions about your electronic transfers');
    expect(text).toContain(t.config.routingNumber);
    expect(text).toMatch(/Page 1 of \d/);
    // The held ACH payment is not a line; the statement says what was pending.
    expect(text).toContain('$40.00');
    expect(holdAmount).toBe(40_00n);
    const [account] = await queryRows<{ account_number: string }>(
      t.db,
      sql`select account_number from ledger_accounts where id = ${checking}`,
    );
    expect(text).not.toContain(account?.account_number ?? 'missing');
    expect(text).toContain(`••••${account?.account_number.slice(-4)}`);
  });

  it("October's Checking carries the backdated entry with its effective date, and the fee", async () => {
    const row = await statementRow(t, checking, '2026-10');
    expect(row).toMatchObject({
      openingBalance: 700_00n,
      totalCredits: 55_55n,
      totalDebits: 5_00n,
      closingBalance: 750_55n,
      fees: 5_00n,
    });
    const text = await textOf(await pdfOf(checking, '2026-10'));
    expect(text).toContain('Branch deposit (late entry)');
    expect(text).toMatch(/Effective (Sep(tember)? 10|09\/10\/2026|2026-09-10)/);
    expect(text).toContain('Paper statement fee');
    expect(text).toContain('$750.55');
  });

  it('Savings earns dividends by the average daily balance, posted once, shown in the month earned', async () => {
    const dividends = await t.db.select().from(dividendPostings).where(eq(dividendPostings.accountId, savings));
    const byPeriod = Object.fromEntries(dividends.map((d) => [d.period, d]));
    // September: $300.00 from the 22nd, 9 of 30 days → ADB $90.00; 90 × (1.035^(30/365) − 1) = 25.48¢.
    expect(byPeriod['2026-09']).toMatchObject({ balanceDays: 9n * 300_00n, days: 30, amount: 25n, apy: '3.50' });
    // October: $300.25 all 31 days; 300.25 × (1.035^(31/365) − 1) = 87.85¢.
    expect(byPeriod['2026-10']).toMatchObject({ balanceDays: 31n * 300_25n, days: 31, amount: 88n });
    expect(byPeriod['2026-10']?.apyEarned).toBe(dividendFor(31n * 300_25n, 31, '3.50').apyEarned);

    const september = await statementRow(t, savings, '2026-09');
    const october = await statementRow(t, savings, '2026-10');
    expect(september).toMatchObject({ openingBalance: 0n, closingBalance: 300_25n, dividends: 25n });
    expect(october).toMatchObject({ openingBalance: 300_25n, totalCredits: 88n, closingBalance: 301_13n });
    const text = await textOf(await pdfOf(savings, '2026-09'));
    expect(text).toContain('Dividend earned for September 2026');
    expect(text).toMatch(/Annual Percentage Yield Earned/i);
    const octoberText = await textOf(await pdfOf(savings, '2026-10'));
    expect(octoberText).not.toContain('Dividend earned for September 2026');
    expect(octoberText).toContain('Dividend earned for October 2026');

    // The ledger agrees: the savings balance is the statement's closing balance.
    const [account] = await queryRows<{ balance: string }>(
      t.db,
      sql`select (credits_posted - debits_posted)::text as balance from ledger_accounts where id = ${savings}`,
    );
    expect(account?.balance).toBe('30113');
  });

  it('the month job run again, and twice at once, issues nothing more and posts no dividend twice', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from statements`))[0]?.n ?? 0;
    const dividendTransfers = async () =>
      t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.creditAccountId, savings));
    const before = await count();
    const transfersBefore = (await dividendTransfers()).length;
    await Promise.all([issueDueStatements(t, time.now()), issueDueStatements(t, time.now())]);
    await issueDueStatements(t, time.now());
    expect(await count()).toBe(before);
    expect((await dividendTransfers()).length).toBe(transfersBefore);
    const runs = await t.db.select().from(statementRuns).where(eq(statementRuns.period, '2026-10'));
    expect(runs[0]).toMatchObject({ status: 'done', failed: 0 });
  });

  it('the same statement downloads byte for byte the same, matching its SHA-256', async () => {
    const one = await pdfOf(checking, '2026-09');
    const two = await pdfOf(checking, '2026-09');
    expect(Buffer.compare(one, two)).toBe(0);
    const row = await statementRow(t, checking, '2026-09');
    expect(createHash('sha256').update(one).digest('hex')).toBe(row?.sha256);
    expect(one.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('offers closed months from the account’s opening; the open month and too-old ones are refused', async () => {
    const response = await member.browser.get('/api/me/statements');
    expect(response.statusCode).toBe(200);
    const overview = response.json<StatementsOverview>();
    expect(overview.periods.map((p) => p.period)).toEqual(['2026-10', '2026-09']);
    expect(overview.statements.map((s) => `${s.period} ${s.accountType}`)).toEqual([
      '2026-10 Checking',
      '2026-10 Savings',
      '2026-09 Checking',
      '2026-09 Savings',
    ]);
    // The first statement is the opening month: nothing older to ask support for.
    expect(overview.earliestLabel).toBe('September 2026');
    expect(overview.olderOffline).toBe(false);

    const open = await download(member.browser, checking, '2026-11');
    expect(open.statusCode).toBe(400);
    expect(open.json<{ message: string }>().message).toBe(messages.statements.periodOpen);
    const old = await download(member.browser, checking, '2024-02');
    expect(old.statusCode).toBe(400);
    expect(old.json<{ message: string }>().message).toBe(messages.statements.periodTooOld('October 2025'));
    for (const period of ['2026-13', '0000-01', '9999-12']) {
      const bad = await download(member.browser, checking, period);
      expect(bad.statusCode, period).toBe(400);
      expect(bad.json<{ message: string }>().message, period).toBe(messages.statements.periodInvalid);
    }
  });

  it('only the statement’s member may read it; staff routes are staff-only', async () => {
    const other = await memberWithMoney(t, 10_00n, 'Other Member');
    for (const path of [`/api/me/statements/${checking}/2026-10`, `/api/me/statements/${savings}/2026-09`]) {
      const response = await other.browser.get(path);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('%PDF');
    }
    const mail = await other.browser.post(`/api/me/statements/${checking}/2026-10/email`, {});
    expect(mail.statusCode).toBe(404);
    const row = await statementRow(t, checking, '2026-10');
    expect((await member.browser.get(`/api/admin/users/${member.id}/statements`)).statusCode).toBe(403);
    expect((await member.browser.get(`/api/admin/users/${member.id}/statements/${row?.id}`)).statusCode).toBe(403);
    expect((await member.browser.get('/api/admin/statement-runs')).statusCode).toBe(403);
    expect((await new Browser(t).get('/api/me/statements')).statusCode).toBe(401);
  });

  it('October is announced (bell, e-mail without balance or number); September was filled in quietly', async () => {
    const notices = (await notificationsOf(member.browser)).filter((n) => n.title === messages.statements.readyTitle);
    expect(notices.map((n) => n.body).sort()).toEqual(
      [
        expect.stringContaining('October 2026 statement for Checking'),
        expect.stringContaining('October 2026 statement for Savings'),
      ].sort(),
    );
    expect(notices.some((n) => n.body.includes('September'))).toBe(false);
    const mails = await mailsTo(t, member.email, 'statement-ready');
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe('Your statement is ready');
      expect(mail.textBody).not.toMatch(/\$\s?\d/);
      expect(mail.textBody).not.toMatch(/\d{10}/);
    }
  });

  it('"E-mail me this statement" sends the PDF to the registered address, at most 5 an hour, audited', async () => {
    const response = await member.browser.post(`/api/me/statements/${checking}/2026-10/email`, {});
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json<{ message: string }>().message).toContain('registered e-mail address');
    const mail = await latestMail(t, member.email, 'statement-copy');
    expect(mail.subject).toBe('Your October 2026 statement');
    const [attachment] = mail.attachments ?? [];
    expect(attachment?.contentType).toBe('application/pdf');
    const row = await statementRow(t, checking, '2026-10');
    expect(
      createHash('sha256')
        .update(Buffer.from(attachment?.content ?? '', 'base64'))
        .digest('hex'),
    ).toBe(row?.sha256);
    expect(await auditActions(t, member.id)).toContain('statement.emailed');

    const more = await Promise.all(
      Array.from({ length: 8 }, () => member.browser.post(`/api/me/statements/${checking}/2026-10/email`, {})),
    );
    expect(more.filter((r) => r.statusCode === 202)).toHaveLength(4);
    expect(more.filter((r) => r.statusCode === 429)).toHaveLength(4);
    const copies = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, member.email), eq(mailOutbox.template, 'statement-copy')));
    expect(copies).toHaveLength(5);
  });

  it('staff list a member’s statements, download one and re-send the notice — each audited', async () => {
    const staff = await signInStaff(t, { email: uniqueEmail('staff') });
    const list = await staff.get(`/api/admin/users/${member.id}/statements`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json<{ statements: StaffStatement[] }>().statements;
    expect(rows).toHaveLength(4);
    const october = rows.find((r) => r.period === '2026-10' && r.accountType === 'Checking');
    expect(october?.notifiedAt).not.toBeNull();
    const pdf = await staff.get(`/api/admin/users/${member.id}/statements/${october?.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(october?.sha256);
    // Another member's statement under this member's address is not found.
    const other = await memberWithMoney(t, 0n, 'Third Member');
    expect((await staff.get(`/api/admin/users/${other.id}/statements/${october?.id}`)).statusCode).toBe(404);

    const before = (await mailsTo(t, member.email, 'statement-ready')).length;
    const resend = await staff.post(`/api/admin/users/${member.id}/statements/${october?.id}/notice`, {});
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json<{ message: string }>().message).toBe(messages.statements.noticeResent);
    expect((await mailsTo(t, member.email, 'statement-ready')).length).toBe(before + 1);
    const actions = await auditActions(t, member.id);
    expect(actions).toContain('statement.downloaded');
    expect(actions).toContain('statement.notice-resent');

    const runs = await staff.get('/api/admin/statement-runs');
    expect(runs.statusCode).toBe(200);
    const october2026 = runs
      .json<{ runs: Array<{ period: string; status: string; issued: number }> }>()
      .runs.find((r) => r.period === '2026-10');
    expect(october2026).toMatchObject({ status: 'done' });
  });

  it('a member who opened this month has no statement periods yet', async () => {
    const fresh = await memberWithMoney(t, 1_00n, 'New Member');
    const overview = (await fresh.browser.get('/api/me/statements')).json<StatementsOverview>();
    expect(overview.periods).toEqual([]);
    expect(overview.statements).toEqual([]);
    const account = await accountId(t, fresh.id, 'Checking');
    expect((await download(fresh.browser, account, '2026-10')).statusCode).toBe(404);
  });
});
