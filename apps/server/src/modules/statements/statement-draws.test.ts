import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { messages } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openPostgres, queryRows } from '../../db/client';
import { createLogger } from '../../logger';
import { type Browser, manualClock, signIn } from '../../test/identity';
import { accountId, type Member, memberWithMoney } from '../../test/money';
import { statementRow } from '../../test/statements';
import { withDatabase } from '../../test/global-setup';
import { daysLongTestEnv, type TestApp, useTestApp } from '../../test/test-app';
import { statementLock, statementLockKey } from './issue-statement';
import { issueDueStatements, runMonth } from './statement-runs';

const target = inject('testDatabase');
const onPostgres = target.kind === 'postgres';

/**
 * The app's log at debug level: every statement drawn says so there ("statement drawn", with its
 * account and month), whoever drew it. The draws are counted from it.
 */
function drawLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    logger: createLogger({ env: 'production', logLevel: 'debug' }, sink),
    /** How many times each `account:period` was drawn so far. */
    draws() {
      const counts: Record<string, number> = {};
      for (const line of lines) {
        const entry = JSON.parse(line) as { msg?: string; accountId?: string; period?: string };
        if (entry.msg !== 'statement drawn') continue;
        const key = `${entry.accountId}:${entry.period}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return counts;
    },
  };
}

/** September 15, 2026, noon in New York: members open their accounts. */
const opening = new Date('2026-09-15T16:00:00Z');
/** November 1, 00:06 in New York: October (and September) have closed; the hourly job has not run. */
const justClosed = new Date('2026-11-01T04:06:00Z');

const download = (browser: Browser, account: string, period: string) =>
  browser.get(`/api/me/statements/${account}/${period}`);
const statusesOf = (answers: Array<{ statusCode: number }>) => answers.map((a) => a.statusCode).sort();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function storedCount(t: TestApp, account: string, period: string) {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from statements where account_id = ${account} and period = ${period}`,
  );
  return row?.n ?? 0;
}

describe('[STATEMENTS]: a month not issued yet, asked for many times at once, is drawn once', () => {
  const time = manualClock(opening);
  const log = drawLog();
  const t = useTestApp({ clock: time.clock, env: daysLongTestEnv, logger: log.logger });
  let emailer: Member;

  it('twelve downloads at once from one browser: twelve identical PDFs, one statement stored, one drawn', async () => {
    const member = await memberWithMoney(t, 1_000_00n, 'Pat Parallel');
    emailer = await memberWithMoney(t, 500_00n, 'Eli Email');
    const checking = await accountId(t, member.id, 'Checking');
    time.advance(justClosed.getTime() - time.now().getTime());

    // More than STATEMENT_DRAWS_PER_SESSION (2): the asks after the first wait for its drawing.
    const answers = await Promise.all(Array.from({ length: 12 }, () => download(member.browser, checking, '2026-10')));
    expect(statusesOf(answers)).toEqual(Array(12).fill(200));
    const row = await statementRow(t, checking, '2026-10');
    for (const answer of answers) expect(sha256(answer.rawPayload)).toBe(row?.sha256);
    expect(await storedCount(t, checking, '2026-10')).toBe(1);
    expect(log.draws()[`${checking}:2026-10`]).toBe(1);
  });

  it('"E-mail me this statement" and downloads of it at once: each answered, the statement drawn once', async () => {
    const member = emailer;
    const savings = await accountId(t, member.id, 'Savings');
    const tab = await signIn(t, member.email);
    const email = (browser: Browser) => browser.post(`/api/me/statements/${savings}/2026-10/email`);

    const answers = await Promise.all([
      email(member.browser),
      download(member.browser, savings, '2026-10'),
      email(tab),
      download(tab, savings, '2026-10'),
      email(member.browser),
    ]);
    expect(statusesOf(answers)).toEqual([200, 200, 202, 202, 202]);
    const row = await statementRow(t, savings, '2026-10');
    for (const answer of answers.filter((a) => a.statusCode === 200))
      expect(sha256(answer.rawPayload)).toBe(row?.sha256);
    expect(await storedCount(t, savings, '2026-10')).toBe(1);
    expect(log.draws()[`${savings}:2026-10`]).toBe(1);
  });

  it('a member past the hour’s e-mails is refused before a statement not issued yet is drawn', async () => {
    const member = emailer;
    const [savings, checking] = [await accountId(t, member.id, 'Savings'), await accountId(t, member.id, 'Checking')];
    // Three copies went above; two more reach STATEMENT_EMAILS_PER_HOUR (5).
    for (let copy = 0; copy < 2; copy += 1)
      expect((await member.browser.post(`/api/me/statements/${savings}/2026-10/email`)).statusCode).toBe(202);

    const refused = await member.browser.post(`/api/me/statements/${checking}/2026-09/email`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: messages.statements.emailLimit });
    expect(await storedCount(t, checking, '2026-09')).toBe(0);
    expect(log.draws()[`${checking}:2026-09`]).toBeUndefined();
  });
});

/** Resolves once `count` sessions wait on the statement locks of these (account, month)s (PostgreSQL). */
async function heldAtLocks(t: TestApp, statements: Array<{ account: string; period: string }>, count: number) {
  const locks = statements.map(({ account, period }) => sql`hashtextextended(${statementLockKey(account, period)}, 0)`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await queryRows<{ waiting: number }>(
      t.db,
      sql`select count(*)::int as waiting from pg_locks
          where locktype = 'advisory' and not granted
            and ((classid::bigint << 32) | objid::bigint) in (${sql.join(locks, sql`, `)})`,
    );
    if ((row?.waiting ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`${row?.waiting ?? 0} of ${count} waited at the statement locks`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The month job and a member's download issue through the same path: under one lock per
 * (account, month) on every instance. On PostgreSQL a staff run of October runs as another instance
 * would (its own connection pool on the same database), and October's locks are held until both
 * instances wait at them, so only the lock keeps them apart; the embedded database is one process
 * by construction, so there everything runs on the one instance, at once.
 */
describe('[STATEMENTS]: the month job and members asking at once draw each statement once', () => {
  const time = manualClock(opening);
  const log = drawLog();
  const t = useTestApp({ clock: time.clock, env: daysLongTestEnv, logger: log.logger });

  async function otherInstance(): Promise<DatabaseHandle | undefined> {
    if (target.kind !== 'postgres') return undefined;
    const [row] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
    return openPostgres(withDatabase(target.url, row?.name ?? ''));
  }

  it(`the hourly run, a staff run of October and downloads racing: one statement each, drawn once${
    onPostgres ? ' (the staff run on another instance)' : ''
  }`, async () => {
    const member = await memberWithMoney(t, 2_000_00n, 'Jo Job');
    const checking = await accountId(t, member.id, 'Checking');
    const savings = await accountId(t, member.id, 'Savings');
    time.advance(justClosed.getTime() - time.now().getTime());

    const other = await otherInstance();
    try {
      const here = { db: t.db, config: t.config, mailer: t.mailer, logger: log.logger };
      const there = { ...here, db: other?.db ?? t.db };
      const october = [checking, savings].map((account) => ({ account, period: '2026-10' }));
      const race = () =>
        Promise.all([
          issueDueStatements(here, time.now()),
          runMonth(there, '2026-10', time.now()),
          ...[checking, savings, checking, savings].map((account) => download(member.browser, account, '2026-10')),
        ]);
      let racing: ReturnType<typeof race> | undefined;
      if (!other) racing = race();
      else
        await t.db.transaction(async (tx) => {
          for (const { account, period } of october) await tx.execute(statementLock(account, period));
          racing = race();
          // Each October statement asked for on both instances: one drawing each waits here.
          await heldAtLocks(t, october, 4);
        });
      const [hourly, staffRun, ...answers] = await (racing ?? race());
      expect(hourly.failed + staffRun.failed).toBe(0);
      expect(statusesOf(answers)).toEqual([200, 200, 200, 200]);
      const stored = [checking, savings, checking, savings].map((account) => statementRow(t, account, '2026-10'));
      for (const [i, row] of (await Promise.all(stored)).entries())
        expect(sha256(answers[i]?.rawPayload ?? Buffer.alloc(0))).toBe(row?.sha256);
      const draws = log.draws();
      for (const account of [checking, savings]) {
        expect(await storedCount(t, account, '2026-10')).toBe(1);
        expect(draws[`${account}:2026-10`], `${account} October`).toBe(1);
        // September, which only the hourly run issued, once too.
        expect(draws[`${account}:2026-09`], `${account} September`).toBe(1);
      }
    } finally {
      await other?.close();
    }
  });
});

/**
 * Statements drawn on the spot are capped per browser, per member and per instance; a statement
 * already being drawn is waited for, never refused. On PostgreSQL the drawings that took a slot are
 * held at their (account, month) lock until the asks to be refused have their answers; on the
 * embedded database the requests' statements run one at a time, in turn, so asks sent in order
 * reach their slots in that order, before any drawing starts.
 */
describe('[STATEMENTS]: statements drawn on the spot are capped; one being drawn is waited for', () => {
  const time = manualClock(opening);
  const log = drawLog();
  const t = useTestApp({
    clock: time.clock,
    env: {
      ...daysLongTestEnv,
      STATEMENT_DRAWS_PER_SESSION: '1',
      STATEMENT_DRAWS_PER_MEMBER: '2',
      STATEMENT_DRAWS_MAX: '3',
    },
    logger: log.logger,
  });

  interface Ask {
    browser: Browser;
    account: string;
    period: string;
  }

  /**
   * Sends `drawing` (each expected to take a slot and draw), then `joining` (the same statements:
   * expected to wait for those) and `refused` (expected to be refused a slot); their answers.
   */
  async function atOnce(groups: { drawing: Ask[]; joining?: Ask[]; refused: Ask[] }) {
    const send = (asks: Ask[]) => asks.map((ask) => download(ask.browser, ask.account, ask.period));
    // Every session seen now: none has its last-seen time to write on the way, so all take the same steps.
    const browsers = new Set([...groups.drawing, ...(groups.joining ?? []), ...groups.refused].map((a) => a.browser));
    for (const browser of browsers) expect((await browser.get('/api/me/statements')).statusCode).toBe(200);
    let drawing: ReturnType<typeof send> = [];
    let joining: ReturnType<typeof send> = [];
    let refused: ReturnType<typeof send> = [];
    const go = async (hold: () => Promise<void>) => {
      drawing = send(groups.drawing);
      await hold();
      joining = send(groups.joining ?? []);
      refused = send(groups.refused);
      if (onPostgres) await Promise.race([Promise.all(refused), new Promise((resolve) => setTimeout(resolve, 3_000))]);
    };
    if (!onPostgres) await go(async () => {});
    else
      await t.db.transaction(async (tx) => {
        for (const { account, period } of groups.drawing) await tx.execute(statementLock(account, period));
        await go(() => heldAtLocks(t, groups.drawing, groups.drawing.length));
      });
    return {
      drawing: statusesOf(await Promise.all(drawing)),
      joining: statusesOf(await Promise.all(joining)),
      refused: await Promise.all(refused),
    };
  }

  let x: Member;
  let y: Member;
  let z: Member;
  const accounts = new Map<string, { checking: string; savings: string }>();
  const accountsOf = (m: Member) => accounts.get(m.id) ?? { checking: '', savings: '' };

  it('one browser: another statement at once is refused (429); the same one asked again waits for it', async () => {
    x = await memberWithMoney(t, 300_00n, 'Xan Capped');
    y = await memberWithMoney(t, 300_00n, 'Yul Capped');
    z = await memberWithMoney(t, 300_00n, 'Zed Capped');
    for (const m of [x, y, z])
      accounts.set(m.id, {
        checking: await accountId(t, m.id, 'Checking'),
        savings: await accountId(t, m.id, 'Savings'),
      });
    time.advance(justClosed.getTime() - time.now().getTime());
    const { checking, savings } = accountsOf(x);

    const september = { browser: x.browser, account: checking, period: '2026-09' };
    const answers = await atOnce({
      drawing: [september],
      joining: [september, september, september],
      refused: [{ browser: x.browser, account: savings, period: '2026-09' }],
    });
    expect(answers.drawing).toEqual([200]);
    expect(answers.joining).toEqual([200, 200, 200]);
    expect(answers.refused.map((a) => a.statusCode)).toEqual([429]);
    expect(answers.refused[0]?.json()).toEqual({ code: 'RATE_LIMITED', message: messages.statements.drawsInSession });
    expect(log.draws()[`${checking}:2026-09`]).toBe(1);
    expect(await storedCount(t, savings, '2026-09')).toBe(0);
    // Its slot given back, the refused one is drawn when asked again.
    expect((await download(x.browser, savings, '2026-09')).statusCode).toBe(200);
  });

  it('one member on three devices: a third statement drawn at once is refused (429)', async () => {
    const { checking, savings } = accountsOf(y);
    const [tablet, phone] = [await signIn(t, y.email), await signIn(t, y.email)];
    const answers = await atOnce({
      drawing: [
        { browser: y.browser, account: checking, period: '2026-09' },
        { browser: tablet, account: savings, period: '2026-09' },
      ],
      refused: [{ browser: phone, account: checking, period: '2026-10' }],
    });
    expect(answers.drawing).toEqual([200, 200]);
    expect(answers.refused.map((a) => a.statusCode)).toEqual([429]);
    expect(answers.refused[0]?.json()).toEqual({ code: 'RATE_LIMITED', message: messages.statements.drawsForMember });
    expect(await storedCount(t, checking, '2026-10')).toBe(0);
    expect((await download(phone, checking, '2026-10')).statusCode).toBe(200);
  });

  it('the instance full: a fourth statement drawn at once is refused (503); asked again it is drawn', async () => {
    const [zTablet, xTablet] = [await signIn(t, z.email), await signIn(t, x.email)];
    const answers = await atOnce({
      drawing: [
        { browser: z.browser, account: accountsOf(z).checking, period: '2026-09' },
        { browser: zTablet, account: accountsOf(z).savings, period: '2026-09' },
        { browser: x.browser, account: accountsOf(x).checking, period: '2026-10' },
      ],
      refused: [{ browser: xTablet, account: accountsOf(x).savings, period: '2026-10' }],
    });
    expect(answers.drawing).toEqual([200, 200, 200]);
    expect(answers.refused.map((a) => a.statusCode)).toEqual([503]);
    expect(answers.refused[0]?.json()).toEqual({ code: 'UNAVAILABLE', message: messages.statements.drawsFull });
    expect(await storedCount(t, accountsOf(x).savings, '2026-10')).toBe(0);
    expect((await download(xTablet, accountsOf(x).savings, '2026-10')).statusCode).toBe(200);

    // Every statement asked for in this file was drawn once, refusals and waits included.
    const draws = log.draws();
    expect(Object.values(draws).every((n) => n === 1)).toBe(true);
    expect(Object.keys(draws)).toHaveLength(9);
  });
});
