import { describe, expect, it } from 'vitest';
import {
  CsvParseError,
  parseTransactionCsv,
  STAFF_TRANSACTIONS_MAX,
  staffHistoryStart,
  staffRowDateProblem,
  staffTransactionRowSchema,
} from './admin-money';
import { messages } from './messages';

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

describe('[STAFF ROWS]: the days a staff row may be dated', () => {
  it('starts STAFF_HISTORY_YEARS (7) years before today, the same day; a 29 February, on the 28th', () => {
    expect(staffHistoryStart('2026-11-29')).toBe('2019-11-29');
    expect(staffHistoryStart('2028-02-29')).toBe('2021-02-28');
    expect(staffHistoryStart('2031-02-28')).toBe('2024-02-28');
  });

  it('refuses a day before that start and a day after today, in the portal’s words', () => {
    const days = { today: '2026-11-29', timeNow: '10:15' };
    const problem = (date: string, time = '09:00') => staffRowDateProblem({ date, time }, days);
    expect(problem('2019-11-28')).toBe(messages.admin.rowTooOld('November 29, 2019'));
    expect(problem('1926-11-29')).toBe('The date cannot be before November 29, 2019');
    expect(problem('2019-11-29')).toBeNull();
    expect(problem('2026-11-29', '10:15')).toBeNull();
    expect(problem('2026-11-29', '10:16')).toBe(messages.admin.rowInFuture);
    expect(problem('2026-11-30')).toBe(messages.admin.rowInFuture);
  });
});
