import { describe, expect, it } from 'vitest';
import { CsvParseError, parseTransactionCsv, STAFF_TRANSACTIONS_MAX, staffTransactionRowSchema } from './admin-money';

describe('[STAFF CSV]: reading a transaction file', () => {
  it('reads quoted cells, doubled quotes, CRLF, a BOM, any column order, and forgives case', () => {
    const text =
      '\uFEFFdate,time,account,type,amount,description,category,status\r\n' +
      '2026-11-02,09:30,checking,CREDIT,100.00,"Payroll, November",income,completed\r\n' +
      '2026-11-03,18:05,Savings,debit,4.5,"The ""Corner"" Café",Food,Pending\n\n';
    expect(parseTransactionCsv(text)).toEqual([
      {
        date: '2026-11-02',
        time: '09:30',
        account: 'Checking',
        type: 'credit',
        amount: '100.00',
        description: 'Payroll, November',
        category: 'Income',
        status: 'Completed',
      },
      {
        date: '2026-11-03',
        time: '18:05',
        account: 'Savings',
        type: 'debit',
        amount: '4.5',
        description: 'The "Corner" Café',
        category: 'Food',
        status: 'Pending',
      },
    ]);
  });

  it('keeps unknown values as typed, for the preview to flag', () => {
    const [row] = parseTransactionCsv(
      'account,type,amount,description,category,date,time,status\nBrokerage,credit,1,x,Gifts,2026-01-01,10:00,Done',
    );
    const parsed = staffTransactionRowSchema.safeParse(row);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['account', 'category', 'status']);
  });

  it.each([
    ['', 'the file is empty'],
    ['account,type,amount\nChecking,credit,1', 'missing columns description, category, date, time, status'],
    ['account,type,amount,description,category,date,time,status\n', 'the file has a header but no transactions'],
    [
      'account,type,amount,description,category,date,time,status\n' +
        'Checking,credit,1,"open,Food,2026-01-01,10:00,Completed',
      'a quoted cell is not closed',
    ],
    [
      'account,type,amount,description,category,date,time,status\n' +
        'Checking,credit,1,x,Food,2026-01-01,10:00,Completed,extra',
      'line 2 has more cells than the header',
    ],
  ])('refuses %j: %s', (text, reason) => {
    expect(() => parseTransactionCsv(text)).toThrow(new CsvParseError(reason));
  });

  it('refuses more rows than a batch may hold', () => {
    const header = 'account,type,amount,description,category,date,time,status\n';
    const body = 'Checking,credit,1,x,Food,2026-01-01,10:00,Completed\n'.repeat(STAFF_TRANSACTIONS_MAX + 1);
    expect(() => parseTransactionCsv(header + body)).toThrow(CsvParseError);
  });
});
