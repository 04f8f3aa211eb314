import { type AchExportList, type AchExportResult, messages } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/audit.tables';
import { type Browser, manualClock, MINUTE } from '../../test/identity';
import { balances, type Member, memberWithMoney } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { errorOf } from '../../test/transfer-forms';
import { buildNachaFile, entryProblem, MAX_ENTRY_CENTS, type NachaEntry } from './nacha';
import { resealSecrets } from '../secrets/reseal-secrets';
import { achExports, paymentOrders } from './payments.tables';
import { achOrder, ORDERS, orderIn, queue, returnOrder, settle, staffBrowser, wireOrder } from './payment-ops.fixtures';

const m = messages.paymentOps;

// ---------------------------------------------------------------------------------------------
// A small NACHA reader: splits the file into its records by fixed columns (1-based, as the
// Nacha rules number them) and works out every control total itself, so the test can compare.

const col = (line: string, from: number, to: number) => line.slice(from - 1, to);

interface ParsedEntry {
  transactionCode: string;
  routingNumber: string;
  accountNumber: string;
  amount: bigint;
  individualId: string;
  name: string;
  discretionary: string;
  addenda: string;
  trace: string;
}

function parseNacha(content: string) {
  expect(content.endsWith('\n')).toBe(true);
  expect(content).not.toContain('\r');
  const lines = content.slice(0, -1).split('\n');
  for (const [index, line] of lines.entries()) expect(line.length, `record ${index + 1}`).toBe(94);
  expect(lines.length % 10).toBe(0);

  let at = 0;
  const next = (type: string) => {
    const line = lines[at++] ?? '';
    expect(line[0], `record ${at} type`).toBe(type);
    return line;
  };
  const header = next('1');
  const file = {
    priority: col(header, 2, 3),
    destination: col(header, 4, 13),
    origin: col(header, 14, 23),
    date: col(header, 24, 29),
    time: col(header, 30, 33),
    modifier: col(header, 34, 34),
    recordSize: col(header, 35, 37),
    blocking: col(header, 38, 39),
    format: col(header, 40, 40),
    destinationName: col(header, 41, 63).trimEnd(),
    originName: col(header, 64, 86).trimEnd(),
  };
  const batches = [];
  while (lines[at]?.[0] === '5') {
    const bh = next('5');
    const entries: ParsedEntry[] = [];
    while (lines[at]?.[0] === '6') {
      const e = next('6');
      entries.push({
        transactionCode: col(e, 2, 3),
        routingNumber: col(e, 4, 12),
        accountNumber: col(e, 13, 29).trimEnd(),
        amount: BigInt(col(e, 30, 39)),
        individualId: col(e, 40, 54).trimEnd(),
        name: col(e, 55, 76).trimEnd(),
        discretionary: col(e, 77, 78),
        addenda: col(e, 79, 79),
        trace: col(e, 80, 94),
      });
    }
    const bc = next('8');
    batches.push({
      serviceClass: col(bh, 2, 4),
      companyName: col(bh, 5, 20).trimEnd(),
      companyId: col(bh, 41, 50),
      sec: col(bh, 51, 53),
      description: col(bh, 54, 63).trimEnd(),
      effectiveDate: col(bh, 70, 75),
      originatorStatus: col(bh, 79, 79),
      odfi: col(bh, 80, 87),
      batchNumber: col(bh, 88, 94),
      entries,
      control: {
        serviceClass: col(bc, 2, 4),
        entryCount: Number(col(bc, 5, 10)),
        entryHash: col(bc, 11, 20),
        debits: BigInt(col(bc, 21, 32)),
        credits: BigInt(col(bc, 33, 44)),
        companyId: col(bc, 45, 54),
        odfi: col(bc, 80, 87),
        batchNumber: col(bc, 88, 94),
      },
      // Worked out here, from the entries:
      hash: (entries.reduce((sum, entry) => sum + BigInt(entry.routingNumber.slice(0, 8)), 0n) % 10_000_000_000n)
        .toString()
        .padStart(10, '0'),
      credits: entries.reduce((sum, entry) => sum + entry.amount, 0n),
    });
  }
  const fc = next('9');
  const control = {
    batchCount: Number(col(fc, 2, 7)),
    blockCount: Number(col(fc, 8, 13)),
    entryCount: Number(col(fc, 14, 21)),
    entryHash: col(fc, 22, 31),
    debits: BigInt(col(fc, 32, 43)),
    credits: BigInt(col(fc, 44, 55)),
  };
  for (const filler of lines.slice(at)) expect(filler).toBe('9'.repeat(94));
  return { lines, file, batches, control };
}

/** Checks every control total of a parsed file against what its entries add up to. */
function expectControlsAddUp(parsed: ReturnType<typeof parseNacha>) {
  const { batches, control, lines } = parsed;
  let hash = 0n;
  for (const [index, batch] of batches.entries()) {
    expect(batch.control).toMatchObject({
      serviceClass: batch.serviceClass,
      entryCount: batch.entries.length,
      entryHash: batch.hash,
      debits: 0n,
      credits: batch.credits,
      companyId: batch.companyId,
      odfi: batch.odfi,
      batchNumber: batch.batchNumber,
    });
    expect(batch.batchNumber).toBe(String(index + 1).padStart(7, '0'));
    hash += BigInt(batch.hash);
  }
  const entries = batches.flatMap((batch) => batch.entries);
  expect(control).toEqual({
    batchCount: batches.length,
    blockCount: lines.length / 10,
    entryCount: entries.length,
    entryHash: (hash % 10_000_000_000n).toString().padStart(10, '0'),
    debits: 0n,
    credits: entries.reduce((sum, entry) => sum + entry.amount, 0n),
  });
  expect(entries.map((entry) => entry.trace)).toEqual(
    entries.map((_e, i) => `${batches[0]?.odfi}${String(i + 1).padStart(7, '0')}`),
  );
}

// ---------------------------------------------------------------------------------------------

describe('[PAYMENT_OPS]: NACHA file of pending ACH orders', () => {
  let staff: Browser;
  let member: Member;
  // Friday 10:00 in the credit union's time zone (America/New_York): settlement asked for Monday.
  const time = manualClock(new Date('2026-11-20T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: { TRANSFER_LIMIT_COUNT: '0' } });
  beforeAll(async () => {
    staff = await staffBrowser(t);
    member = await memberWithMoney(t, 5_000_00n, 'Nora Nacha');
  });

  it(
    'writes one WEB batch of every pending ACH order not yet exported; ' +
      'the file reads back with every record and control total right',
    async () => {
      const settled = await achOrder(t, member, { amount: '9.00' });
      expect((await settle(staff, settled)).statusCode).toBe(200);
      const returned = await achOrder(t, member, { amount: '8.00' });
      expect((await returnOrder(staff, returned, { code: 'R02' })).statusCode).toBe(200);
      await wireOrder(member, { amount: '7.00' });
      // A second apart, so the file's order (oldest first) is known.
      const later = async (id: Promise<string>) => {
        const value = await id;
        time.advance(1000);
        return value;
      };
      const orders = [
        {
          id: await later(
            achOrder(t, member, {
              amount: '1234.56',
              accountName: 'José Álvarez-Núñez',
              toBank: 'Bank of America',
              routingNumber: '026009593',
              accountNumber: '000123456789',
            }),
          ),
          routing: '026009593',
          account: '000123456789',
          cents: 1_234_56n,
          name: 'JOSE ALVAREZ-NUNEZ',
        },
        {
          id: await later(
            achOrder(t, member, {
              amount: '25.00',
              accountName: 'Jamie Payee',
              toBank: 'TD Bank',
              routingNumber: '031101266',
              accountNumber: '4410023356',
            }),
          ),
          routing: '031101266',
          account: '4410023356',
          cents: 25_00n,
          name: 'JAMIE PAYEE',
        },
        {
          id: await later(
            achOrder(t, member, {
              amount: '0.01',
              accountName: 'Maximiliana Bartholomew-Featherstonehaugh',
              toBank: 'Navy Federal Credit Union',
              routingNumber: '256074974',
              accountNumber: '12345678901234567',
            }),
          ),
          routing: '256074974',
          account: '12345678901234567',
          cents: 1n,
          name: 'MAXIMILIANA BARTHOLOME',
        },
      ];
      expect((await queue(staff)).achToExport).toBe(3);
      time.advance(MINUTE - 3000);

      const response = await staff.post(`${ORDERS}/ach-export`, {});
      expect(response.statusCode, response.body).toBe(201);
      const result = response.json<AchExportResult>();
      expect(result.message).toBe(m.exported('ACH-20261120-1.txt', 3, '$1,259.57'));
      expect(result.export).toMatchObject({
        fileName: 'ACH-20261120-1.txt',
        secCode: 'WEB',
        entryCount: 3,
        totalAmount: '1259.57',
        createdAt: time.now().toISOString(),
      });

      const download = await staff.get(`${ORDERS}/ach-exports/${result.export.id}/file`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toMatch(/^text\/plain/);
      expect(download.headers['content-disposition']).toBe('attachment; filename="ACH-20261120-1.txt"');
      const parsed = parseNacha(download.body);
      expect(parsed.lines).toHaveLength(10); // 1 + 1 + 3 + 1 + 1 records, 3 filler
      expect(parsed.file).toEqual({
        priority: '01',
        destination: ' 011000015',
        origin: ` ${t.config.routingNumber}`,
        date: '261120',
        time: '1001',
        modifier: 'A',
        recordSize: '094',
        blocking: '10',
        format: '1',
        destinationName: 'FEDERAL RESERVE BANK',
        originName: 'MUTUAL DEMO', // the full name is longer than the field's 23 characters
      });
      const [batch] = parsed.batches;
      expect(parsed.batches).toHaveLength(1);
      expect(batch).toMatchObject({
        serviceClass: '220',
        companyName: 'MUTUAL DEMO',
        companyId: '1000000001',
        sec: 'WEB',
        description: 'TRANSFER',
        effectiveDate: '261123',
        originatorStatus: '1',
        odfi: t.config.routingNumber.slice(0, 8),
      });
      expect(batch?.entries.map((e) => ({ ...e, trace: undefined }))).toEqual(
        orders.map((order) => ({
          transactionCode: '22',
          routingNumber: order.routing,
          accountNumber: order.account,
          amount: order.cents,
          individualId: order.id.replaceAll('-', '').slice(0, 15).toUpperCase(),
          name: order.name,
          discretionary: 'S ',
          addenda: '0',
          trace: undefined,
        })),
      );
      expect(batch?.hash).toBe(String(2600959 + 3110126 + 25607497).padStart(10, '0'));
      expectControlsAddUp(parsed);

      // Exporting does not settle: each order is still pending (money held), now marked as exported.
      for (const order of orders)
        expect(await orderIn(staff, 'pending', order.id)).toMatchObject({
          status: 'pending',
          exported: { id: result.export.id, fileName: 'ACH-20261120-1.txt' },
        });
      expect((await queue(staff)).achToExport).toBe(0);
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '4991.00', available: '3724.43' } });
      const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payment_order.ach_exported'));
      expect(audit?.after).toMatchObject({
        fileName: 'ACH-20261120-1.txt',
        sec: 'WEB',
        entryCount: 3,
        totalAmount: '1259.57',
        paymentOrderIds: orders.map((o) => o.id),
      });
      expect(
        await t.db.select().from(auditLog).where(eq(auditLog.action, 'payment_order.ach_downloaded')),
      ).toHaveLength(1);

      // Nothing left to export: each order goes out once.
      const again = await staff.post(`${ORDERS}/ach-export`);
      expectRefusal(again, 409, { code: 'CONFLICT', message: m.nothingToExport });

      // Staff still settle or return each one.
      expect((await settle(staff, orders[0]?.id ?? '')).statusCode).toBe(200);
      expect((await returnOrder(staff, orders[1]?.id ?? '', { code: 'R02' })).statusCode).toBe(200);
      expect((await settle(staff, orders[2]?.id ?? '')).statusCode).toBe(200);
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '3756.43', available: '3749.43' } });
    },
  );

  it(
    '?sec=PPD makes a PPD batch; the day’s second file is -2 with modifier B; ' +
      'files are listed newest first and download again',
    async () => {
      const id = await achOrder(t, member, {
        amount: '10.00',
        accountName: 'Pat "the" Payee',
        accountNumber: '99990001',
      });
      // The API takes a name on one line only; one stored with a line break before that rule
      // still cannot break the file's fixed-width layout.
      await t.db
        .update(paymentOrders)
        .set({ beneficiaryName: 'Pat "the" Payee\nSecond line' })
        .where(eq(paymentOrders.id, id));
      const bad = await staff.post(`${ORDERS}/ach-export?sec=CCD`);
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).message).toBe(m.secInvalid);
      const response = await staff.post(`${ORDERS}/ach-export?sec=PPD`);
      expect(response.statusCode, response.body).toBe(201);
      const { export: file } = response.json<AchExportResult>();
      expect(file).toMatchObject({
        fileName: 'ACH-20261120-2.txt',
        secCode: 'PPD',
        entryCount: 1,
        totalAmount: '10.00',
      });

      const list = await staff.get(`${ORDERS}/ach-exports`);
      expect(list.statusCode).toBe(200);
      const { exports } = list.json<AchExportList>();
      expect(exports.map((e) => [e.fileName, e.secCode, e.entryCount, e.totalAmount])).toEqual([
        ['ACH-20261120-2.txt', 'PPD', 1, '10.00'],
        ['ACH-20261120-1.txt', 'WEB', 3, '1259.57'],
      ]);
      expect(exports[0]?.createdBy).toMatch(/@example\.com$/);

      const parsed = parseNacha((await staff.get(`${ORDERS}/ach-exports/${file.id}/file`)).body);
      expect(parsed.file.modifier).toBe('B');
      expect(parsed.batches[0]).toMatchObject({
        sec: 'PPD',
        entries: [{ name: 'PAT THE PAYEE SECOND L', discretionary: '  ', amount: 10_00n, accountNumber: '99990001' }],
      });
      expectControlsAddUp(parsed);
      expect((await orderIn(staff, 'pending', id)).exported?.fileName).toBe('ACH-20261120-2.txt');

      const unknown = await staff.get(`${ORDERS}/ach-exports/00000000-0000-4000-8000-00000000dead/file`);
      expectRefusal(unknown, 404, { code: 'NOT_FOUND', message: m.exportNotFound });
      expect((await settle(staff, id)).statusCode).toBe(200);
    },
  );

  it(
    'keeps account numbers and files sealed at rest; an order stored in clear before sealing is sealed at ' +
      'start-up and reads the same',
    async () => {
      const id = await achOrder(t, member, { amount: '3.00', accountNumber: '55554444' });
      const stored = async () => (await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0];
      expect((await stored())?.accountNumber).toMatch(/^v1:/);
      // As a database from before sealing holds it; the next start seals it.
      await t.db.update(paymentOrders).set({ accountNumber: '55554444' }).where(eq(paymentOrders.id, id));
      const counts = await resealSecrets(t.db, t.secrets, { scope: 'plaintext' });
      expect(counts.find((c) => c.column === 'payment_orders.account_number')?.sealed).toBe(1);
      expect((await stored())?.accountNumber).not.toContain('5555');
      expect((await orderIn(staff, 'pending', id)).beneficiary.accountNumberMasked).toBe('••4444');

      const response = await staff.post(`${ORDERS}/ach-export`);
      expect(response.statusCode, response.body).toBe(201);
      const { export: file } = response.json<AchExportResult>();
      const [saved] = await t.db.select().from(achExports).where(eq(achExports.id, file.id));
      expect(saved?.content).toMatch(/^v1:/);
      expect(saved?.content).not.toContain('55554444');
      const parsed = parseNacha((await staff.get(`${ORDERS}/ach-exports/${file.id}/file`)).body);
      expect(parsed.batches[0]?.entries.map((entry) => entry.accountNumber)).toEqual(['55554444']);
      expect((await settle(staff, id)).statusCode).toBe(200);
    },
  );
});

describe('[PAYMENT_OPS]: an order the NACHA file cannot carry is skipped and named, not the whole export', () => {
  let staff: Browser;
  let member: Member;
  const time = manualClock(new Date('2026-11-20T15:00:00Z'));
  // A maximum above what one ACH entry holds (the default is exactly that), so such an order exists.
  const t = useLedgerTestApp({
    clock: time.clock,
    env: { TRANSFER_LIMIT_COUNT: '0', TRANSFER_MAX_AMOUNT: '999999999.99' },
  });
  beforeAll(async () => {
    staff = await staffBrowser(t);
    member = await memberWithMoney(t, 300_000_000_00n, 'Bea Bigspender');
  });

  it('writes the others, leaves the skipped orders pending and unexported, and says why for each', async () => {
    // A second apart, so the file's order (oldest first) is known.
    const order = async (overrides: Parameters<typeof achOrder>[2]) => {
      const id = await achOrder(t, member, overrides);
      time.advance(1000);
      return id;
    };
    const fine = await order({ amount: '25.00', accountName: 'Fay Fine' });
    const huge = await order({ amount: '150000000.00', accountName: 'Hugo Huge' });
    const badRouting = await order({ amount: '30.00', accountName: 'Rory Routing' });
    // Data that went wrong after the order was placed (the form only offers valid banks).
    await t.db.update(paymentOrders).set({ routingNumber: '123456789' }).where(eq(paymentOrders.id, badRouting));
    const skipped = [
      m.exportSkipped(huge.slice(0, 8), '$150,000,000.00', 'Hugo Huge', m.skipAmountTooLarge('$99,999,999.99')),
      m.exportSkipped(badRouting.slice(0, 8), '$30.00', 'Rory Routing', m.skipRoutingInvalid),
    ];

    const response = await staff.post(`${ORDERS}/ach-export`, {});
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<AchExportResult>();
    expect(result.message).toBe([m.exported('ACH-20261120-1.txt', 1, '$25.00'), ...skipped].join(' '));
    expect(result.skipped).toEqual([
      {
        id: huge,
        amount: '150000000.00',
        beneficiaryName: 'Hugo Huge',
        reason: m.skipAmountTooLarge('$99,999,999.99'),
      },
      { id: badRouting, amount: '30.00', beneficiaryName: 'Rory Routing', reason: m.skipRoutingInvalid },
    ]);
    const parsed = parseNacha((await staff.get(`${ORDERS}/ach-exports/${result.export.id}/file`)).body);
    expect(parsed.batches[0]?.entries.map((entry) => [entry.name, entry.amount])).toEqual([['FAY FINE', 25_00n]]);
    expectControlsAddUp(parsed);
    expect((await orderIn(staff, 'pending', fine)).exported?.fileName).toBe('ACH-20261120-1.txt');
    for (const id of [huge, badRouting]) expect((await orderIn(staff, 'pending', id)).exported).toBeNull();
    expect((await queue(staff)).achToExport).toBe(2);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payment_order.ach_exported'));
    expect(audit?.after).toMatchObject({ paymentOrderIds: [fine], skipped: result.skipped });

    // With only unwritable orders left, no file is made, and the refusal names them.
    const again = await staff.post(`${ORDERS}/ach-export`);
    expectRefusal(again, 409, { code: 'CONFLICT', message: m.nothingWritable(skipped.join(' ')) });

    // Staff return them; the money goes back; nothing is left to export.
    for (const id of [huge, badRouting]) expect((await returnOrder(staff, id, { code: 'R03' })).statusCode).toBe(200);
    expect((await settle(staff, fine)).statusCode).toBe(200);
    expectRefusal(await staff.post(`${ORDERS}/ach-export`), 409, { code: 'CONFLICT', message: m.nothingToExport });
    expect(await balances(member.browser)).toMatchObject({
      Checking: { balance: '299999975.00', available: '299999975.00' },
    });
  });
});

describe('[PAYMENT_OPS]: the NACHA writer', () => {
  const base = {
    immediateDestination: '011000015',
    immediateDestinationName: 'Federal Reserve Bank',
    originRoutingNumber: '211274450',
    originName: 'Mutual Demo Credit Union',
    companyName: 'Mutual Demo',
    companyId: '1000000001',
    entryDescription: 'TRANSFER',
    creationDate: '261120',
    creationTime: '0930',
    effectiveDate: '261123',
    fileIdModifier: 'A',
  };
  const entry = (i: number): NachaEntry => ({
    routingNumber: '325081403',
    accountNumber: `1000${i}`,
    amount: BigInt(i + 1),
    name: `Member ${i}`,
    individualId: `ORDER${i}`,
  });

  it('writes one batch per SEC code and keeps only the last 10 digits of an entry hash that outgrows them', () => {
    const web = Array.from({ length: 400 }, (_v, i) => entry(i));
    const ppd = Array.from({ length: 100 }, (_v, i) => entry(400 + i));
    const built = buildNachaFile({
      ...base,
      batches: [
        { sec: 'WEB', entries: web },
        { sec: 'PPD', entries: ppd },
      ],
    });
    const parsed = parseNacha(built.content);
    expect(parsed.batches.map((b) => [b.sec, b.entries.length])).toEqual([
      ['WEB', 400],
      ['PPD', 100],
    ]);
    // 500 × 32508140 = 16,254,070,000: eleven digits, so the file's hash keeps 6254070000.
    expect(parsed.control.entryHash).toBe('6254070000');
    expect(parsed.lines).toHaveLength(510);
    expect(built).toMatchObject({ entryCount: 500, totalCredit: 125_250n });
    expectControlsAddUp(parsed);
  });

  it('refuses an amount the 10-digit field cannot hold rather than truncate it', () => {
    expect(() =>
      buildNachaFile({ ...base, batches: [{ sec: 'WEB', entries: [{ ...entry(1), amount: 10_000_000_000n }] }] }),
    ).toThrow(/out of range/);
  });

  it('says which entries it cannot write: nothing is cut to fit', () => {
    expect(entryProblem(entry(1))).toBeNull();
    expect(entryProblem({ ...entry(1), amount: MAX_ENTRY_CENTS })).toBeNull();
    expect(entryProblem({ ...entry(1), amount: MAX_ENTRY_CENTS + 1n })).toBe('amountTooLarge');
    expect(entryProblem({ ...entry(1), amount: 0n })).toBe('amount');
    for (const routingNumber of ['', '32508140', '325081404', '32508140x'])
      expect(entryProblem({ ...entry(1), routingNumber }), routingNumber).toBe('routingNumber');
    expect(entryProblem({ ...entry(1), accountNumber: '123456789012345678' })).toBe('accountNumber');
    expect(entryProblem({ ...entry(1), accountNumber: '--' })).toBe('accountNumber');
    expect(entryProblem({ ...entry(1), accountNumber: '1234-5678-9012-3456-7' })).toBeNull();
    expect(entryProblem({ ...entry(1), name: '日本' })).toBe('name');
    expect(() =>
      buildNachaFile({ ...base, batches: [{ sec: 'WEB', entries: [{ ...entry(1), routingNumber: '325081404' }] }] }),
    ).toThrow(/out of range: routingNumber/);
  });
});
