import { formatMoney, transactionCategories } from '@mutual/shared';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfStructure, pdfText } from './pdf-text';
import { REGULATION_E_HEADING, renderStatementPdf } from './render-statement-pdf';
import type { StatementLine } from './statement-document';
import { NOT_PRINTABLE } from './statement-fonts';
import { sampleCheckingStatement, sampleSavingsStatement, withLines } from './statement-samples';

const REG_E_FIRST_SENTENCE =
  'as soon as you can, if you think your statement or receipt is wrong or if you need more information ' +
  'about a transfer on the statement or receipt.';
const TABLE_HEAD = 'Date Description Type Debits Credits Balance';

/** What a transaction's row reads, cell after cell (empty cells say nothing). */
function rowText(line: StatementLine): string {
  const [, month, day] = line.postedOn.split('-');
  const detail = [
    line.counterparty ? `${line.direction === 'debit' ? 'To' : 'From'} ${line.counterparty}` : null,
    line.reference ? `Ref: ${line.reference}` : null,
  ].filter(Boolean);
  return [`${month}/${day}`, line.description, detail.join(' · '), line.type, formatMoney(line.amount)]
    .concat(formatMoney(line.balance))
    .filter((part) => part !== '')
    .join(' ');
}

interface PlacedText {
  str: string;
  /** Left edge and baseline in PDF points (origin bottom left), and the width. */
  x: number;
  y: number;
  width: number;
  /** Inside an `/Artifact` marked-content sequence: page furniture a screen reader skips. */
  artifact: boolean;
}

/** Every piece of text on a page, where it is drawn and whether it is an artifact. */
async function placedText(pdf: Buffer, pageNumber: number): Promise<PlacedText[]> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const page = await loaded.getPage(pageNumber);
    const { items } = await page.getTextContent({ includeMarkedContent: true });
    const open: (string | null)[] = [];
    const placed: PlacedText[] = [];
    for (const item of items) {
      if ('str' in item) {
        if (item.str.trim() === '') continue;
        const [, , , , x = 0, y = 0] = item.transform as number[];
        placed.push({ str: item.str, x, y, width: item.width, artifact: open.includes('Artifact') });
      } else if (item.type === 'endMarkedContent') {
        open.pop();
      } else {
        const { tag } = item as { tag?: string | null };
        open.push(tag ?? null);
      }
    }
    return placed;
  } finally {
    await loaded.destroy();
  }
}

/** A page's text split into artifacts and content, white space collapsed. */
async function markedText(pdf: Buffer, pageNumber: number): Promise<{ artifact: string; content: string }> {
  const placed = await placedText(pdf, pageNumber);
  const clean = (artifact: boolean) =>
    placed
      .filter((item) => item.artifact === artifact)
      .map((item) => item.str)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  return { artifact: clean(true), content: clean(false) };
}

describe('[STATEMENTS]: the statement PDF', () => {
  const savings = sampleSavingsStatement();
  const checking = sampleCheckingStatement();
  let savingsPdf: { pdf: Buffer; pages: number };
  let savingsText: string[];
  let checkingText: string[];

  beforeAll(async () => {
    savingsPdf = await renderStatementPdf(savings);
    savingsText = (await pdfText(savingsPdf.pdf)).pages;
    checkingText = (await pdfText((await renderStatementPdf(checking)).pdf)).pages;
  });

  it('carries every transaction with its date, description, type, amount and running balance', () => {
    const all = savingsText.join(' ');
    expect(savings.lines.length).toBeGreaterThan(30);
    for (const line of savings.lines) expect(all).toContain(rowText(line));
  });

  it('shows the opening and closing balances, the totals, the fees and the member', () => {
    const first = savingsText[0] ?? '';
    expect(first).toContain(`Opening balance ${formatMoney(savings.openingBalance)}`);
    expect(first).toContain(`Credits (${savings.creditCount}) ${formatMoney(savings.totalCredits)}`);
    expect(first).toContain(`Debits (${savings.debitCount}) ${formatMoney(savings.totalDebits)}`);
    expect(first).toContain(`Closing balance ${formatMoney(savings.closingBalance)}`);
    expect(first).toContain(`Fees this period ${formatMoney(savings.fees.period)}`);
    expect(first).toContain(`Fees year to date ${formatMoney(savings.fees.yearToDate)}`);
    expect(first).toContain(`Jordan A. Rivera 48 Maple Avenue, Apt 3B South Portland, ME 04106`);
    expect(first).toContain('Statement of Account October 1, 2026 – October 31, 2026');
    expect(first).toContain('Routing number 211274450');
    expect(first).toContain('Member number 00418237');
    const totals =
      `Totals and closing balance ${savings.debitCount} debits · ${savings.creditCount} credits ` +
      `${formatMoney(savings.totalDebits)} ${formatMoney(savings.totalCredits)} ${formatMoney(savings.closingBalance)}`;
    expect(savingsText.join(' ')).toContain(totals);
  });

  it('shows the masked account number and never a full one', () => {
    const all = [...savingsText, ...checkingText].join(' ');
    expect(savingsText[0]).toContain('Account number ••••5521');
    expect(checkingText[0]).toContain('Account number ••••3407');
    // Account numbers are 10 digits: no run of ten digits appears anywhere.
    expect(all).not.toMatch(/\d{10}/);
  });

  it('has the Truth in Savings dividends box on Savings only', () => {
    const first = savingsText[0] ?? '';
    expect(first).toContain('Dividends (Truth in Savings)');
    expect(first).toContain('Dividends earned this period $53.42');
    expect(first).toContain('Dividends year to date $481.19');
    expect(first).toContain('Annual Percentage Yield Earned 3.49%');
    expect(first).toContain('Annual Percentage Yield (APY) 3.50%');
    expect(first).toContain('Average daily balance $18,349.12');
    expect(first).toContain('Days in period 31');
    expect(checkingText.join(' ')).not.toContain('Dividends');
    expect(checkingText.join(' ')).not.toContain('Annual Percentage Yield');
  });

  it('carries the NCUA notice, the Regulation E notice with the contacts, and the questions line', () => {
    for (const pages of [savingsText, checkingText]) {
      const all = pages.join(' ');
      expect(all).toContain(savings.creditUnion.ncuaNotice);
      expect(all).toContain(
        `${REGULATION_E_HEADING} Telephone us at 1-800-555-0142, write us at Mutual Demo Credit Union, ` +
          `100 Harbor Street, Portland, ME 04101, or e-mail us at support@mutual-demo.example ${REG_E_FIRST_SENTENCE}`,
      );
      expect(all).toContain('We must hear from you no later than 60 days after we sent you the FIRST statement');
      expect(all).toContain(
        'Questions about this statement? Call 1-800-555-0142 (Monday to Friday 8AM-8PM EST) or write to ' +
          'support@mutual-demo.example.',
      );
    }
  });

  it('numbers every page "Page N of M" with the credit union and the period in the footer', () => {
    expect(savingsPdf.pages).toBe(savingsText.length);
    savingsText.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${savingsText.length}`);
      expect(page).toContain('Mutual Demo Credit Union · Statement period October 1, 2026 – October 31, 2026');
      expect(page).toContain('Statement ID stmt-2026-10-savings-5521');
    });
  });

  it('prints the effective date of a backdated entry, the reversal and the pending total', () => {
    const all = checkingText.join(' ');
    expect(all).toContain('Adjustment: ATM deposit corrected by staff Ref: Case 18-2291 · Effective Oct 9, 2026');
    expect(all).toContain('Reversal: Bill payment to Spectrum Internet (duplicate payment returned by the payee)');
    expect(checkingText[0]).toContain('Pending transactions not included: $124.50');
    expect(savingsText.join(' ')).not.toContain('Pending transactions not included');
  });

  it('gives the same bytes for the same statement, and a different file id for another', async () => {
    const again = await renderStatementPdf(sampleSavingsStatement());
    expect(again.pdf.equals(savingsPdf.pdf)).toBe(true);
    const other = await renderStatementPdf({ ...savings, statementId: 'stmt-other' });
    const fileId = (pdf: Buffer) => /\/ID \[<([0-9a-f]+)>/.exec(pdf.toString('latin1'))?.[1];
    expect(fileId(savingsPdf.pdf)).toMatch(/^[0-9a-f]{32}$/);
    expect(fileId(other.pdf)).not.toBe(fileId(savingsPdf.pdf));
    expect(savingsPdf.pdf.toString('latin1')).toContain('(D:20261101050000Z)');
  });

  it('paginates 300 lines: the head on every page, no row split across pages', async () => {
    const long = sampleCheckingStatement(294);
    expect(long.lines).toHaveLength(300);
    const { pdf, pages } = await renderStatementPdf(long);
    const text = (await pdfText(pdf)).pages;
    expect(pages).toBeGreaterThan(5);
    expect(text).toHaveLength(pages);
    const tablePages = text.filter((page) => page.includes('10/'));
    for (const page of tablePages) expect(page).toContain(TABLE_HEAD);
    const short = long.lines.filter((line) => line.description.length < 60 && !line.effectiveOn);
    for (const line of short) expect(text.some((page) => page.includes(rowText(line)))).toBe(true);
    expect(text.at(-1)).toContain(`Page ${pages} of ${pages}`);
    // A 1–3 page statement stays small; tagging costs bytes, but not many.
    expect(savingsPdf.pdf.length).toBeLessThan(80_000);
  });

  it('says so when the period had no transactions', async () => {
    const empty = withLines(savings, []);
    const { pdf } = await renderStatementPdf(empty);
    const page = (await pdfText(pdf)).pages.join(' ');
    expect(page).toContain(`Opening balance ${formatMoney(1_812_044n)} No transactions this period.`);
    expect(page).toContain(`Totals and closing balance 0 debits · 0 credits $0.00 $0.00 ${formatMoney(1_812_044n)}`);
  });

  it('keeps long descriptions, huge amounts and foreign letters inside their columns', async () => {
    const base = sampleCheckingStatement(0);
    const line: StatementLine = {
      postedOn: '2026-10-05',
      effectiveOn: null,
      description: `Payment ${'for a very long reason '.repeat(20)}`.trim(),
      type: 'Electronic Bill Payment Adjustment',
      counterparty: 'Łukasz Żółć',
      reference: 'X'.repeat(300),
      direction: 'credit',
      amount: 99_999_999_999_999n,
      balance: 0n,
    };
    const document = withLines({ ...base, openingBalance: 0n }, [{ ...line, balance: 99_999_999_999_999n }]);
    const { pdf } = await renderStatementPdf(document);
    const [page = ''] = (await pdfText(pdf)).pages;
    expect(page).toContain('Payment for a very long reason');
    expect(page).toContain('…');
    expect(page).toContain('$999,999,999,999.99');
    expect(page).toContain('From Łukasz Żółć');

    const items = await placedText(pdf, 1);
    for (const item of items) {
      expect(item.x).toBeGreaterThanOrEqual(47.9);
      expect(item.x + item.width).toBeLessThanOrEqual(564.1);
    }
    const descriptionItems = items.filter((item) => item.str.includes('for a very long'));
    expect(descriptionItems).toHaveLength(2);
    for (const item of descriptionItems) expect(item.x + item.width).toBeLessThanOrEqual(281.5);
  });

  it('prints Cyrillic, Greek, Arabic, Hebrew and Latin letters beyond WinAnsi as written, never "?"', async () => {
    const base = sampleCheckingStatement(0);
    const [first] = base.lines;
    if (!first) throw new Error('the sample has no line');
    const counterparties = [
      'Иван Петров',
      'Γιώργος Παπαδόπουλος',
      'محمد علي',
      'דוד כהן',
      'Łukasz Żółć',
      'Nguyễn Văn Thành',
    ];
    const lines = counterparties.map((name) => ({ ...first, description: `Payment to ${name}`, counterparty: name }));
    const document = withLines({ ...base, member: { ...base.member, name: 'Анна Σοφία Kowalska' } }, lines);
    const { pdf } = await renderStatementPdf(document);
    const [page = ''] = (await pdfText(pdf)).pages;
    expect(page).toContain('Анна Σοφία Kowalska 48 Maple Avenue');
    for (const name of counterparties) {
      expect(page).toContain(`Payment to ${name} From ${name}`);
    }
    expect(page).not.toContain('?');
    // The glyphs drawn come from an embedded subset of DejaVu Sans: a few kilobytes, not the font.
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    const plain = await renderStatementPdf(
      withLines(
        base,
        lines.map((line) => ({ ...line, description: 'Payment', counterparty: null })),
      ),
    );
    expect(pdf.length - plain.pdf.length).toBeLessThan(30_000);
    // Still byte for byte the same every time, and still tagged.
    expect((await renderStatementPdf(document)).pdf.equals(pdf)).toBe(true);
    expect((await pdfStructure(pdf)).marked).toBe(true);
    for (const item of await placedText(pdf, 1)) expect(item.x + item.width).toBeLessThanOrEqual(564.1);
  });

  it('composes decomposed accents first: "José" typed as e + U+0301 prints as José, in Helvetica', async () => {
    const base = sampleCheckingStatement(0);
    const name = 'José Núñez'.normalize('NFD');
    expect(name).not.toBe('José Núñez');
    const { pdf } = await renderStatementPdf({ ...base, member: { ...base.member, name: `${name}\u20dd\u1ab0` } });
    const [page = ''] = (await pdfText(pdf)).pages;
    // A mark no font draws after composing is dropped, never printed as "?".
    expect(page).toContain('José Núñez 48 Maple Avenue');
    expect(page).not.toContain('?');
    expect(pdf.toString('latin1')).not.toContain('DejaVu');
  });

  it('prints what no statement font can draw (Chinese, emoji) as a visible "[not printable]", once a run', async () => {
    const base = sampleCheckingStatement(0);
    const [first] = base.lines;
    if (!first) throw new Error('the sample has no line');
    const lines = [{ ...first, description: 'Transfer to 王小明 李', counterparty: 'Mom 🏠' }];
    const document = withLines({ ...base, member: { ...base.member, name: '张伟 Zhang Wei' } }, lines);
    const { pdf } = await renderStatementPdf(document);
    const [page = ''] = (await pdfText(pdf)).pages;
    expect(page).toContain(`${NOT_PRINTABLE} Zhang Wei 48 Maple Avenue`);
    expect(page).toContain(`Transfer to ${NOT_PRINTABLE} From Mom ${NOT_PRINTABLE}`);
    expect(page).not.toContain('?');
  });

  it('prints every category whole in the Type column, the longest too', async () => {
    const base = sampleCheckingStatement(transactionCategories.length);
    const lines = base.lines.map((line, i) => ({ ...line, type: transactionCategories[i] ?? 'Other' }));
    const { pdf } = await renderStatementPdf(withLines(base, lines));
    const all = (await pdfText(pdf)).pages.join(' ');
    for (const category of transactionCategories) expect(all).toMatch(new RegExp(` ${category} \\$[\\d,]+\\.\\d{2} `));
    expect(all).not.toMatch(/(Transportat|Entertainm)\S*…/);
  });

  it('splits a notice longer than a page and never writes into the footer', async () => {
    const ncuaNotice = Array.from({ length: 300 }, (_, n) => `Sentence ${n + 1} of a very long notice.`).join(' ');
    const long = sampleSavingsStatement(60);
    const { pdf, pages } = await renderStatementPdf({ ...long, creditUnion: { ...long.creditUnion, ncuaNotice } });
    const text = (await pdfText(pdf)).pages.join(' ');
    expect(text).toContain('Sentence 1 of a very long notice.');
    expect(text).toContain('Sentence 300 of a very long notice.');
    for (let number = 1; number <= pages; number += 1) {
      const items = await placedText(pdf, number);
      // Content stays above the footer rule (742 pt from the top: 50 pt from the bottom) with room.
      for (const item of items.filter((placed) => !placed.artifact)) expect(item.y).toBeGreaterThan(58);
      expect(items.filter((placed) => placed.artifact).map((placed) => placed.str)).toContain(
        `Page ${number} of ${pages}`,
      );
    }
  });

  it('is a tagged PDF: marked, titled, in English, with headings and table cells', async () => {
    const structure = await pdfStructure(savingsPdf.pdf);
    expect(structure.marked).toBe(true);
    expect(structure.lang).toBe('en-US');
    expect(structure.title).toBe('Statement of Account, October 2026: Savings ••••5521');
    const first = structure.roles[0] ?? [];
    expect(first[0]).toBe('Document');
    for (const role of ['H1', 'H2', 'P', 'Table', 'TR', 'TH', 'TD']) expect(first).toContain(role);
    const last = structure.roles.at(-1) ?? [];
    for (const role of ['H3', 'L', 'LI', 'LBody']) expect(last).toContain(role);
    const bytes = savingsPdf.pdf.toString('latin1');
    expect(bytes).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(bytes).toContain('/DisplayDocTitle true');
    expect(bytes).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(bytes).toMatch(/<<\n\/Marked true\n>>/);

    // Page furniture is an artifact (a screen reader skips it); the figures are content.
    const page2 = await markedText(savingsPdf.pdf, 2);
    expect(page2.artifact).toContain(`Page 2 of ${savingsPdf.pages}`);
    expect(page2.artifact).toContain(TABLE_HEAD);
    expect(page2.content).not.toContain('Page 2 of');
    expect(page2.content).not.toContain(TABLE_HEAD);
    const onPage2 = savings.lines.find((line) => savingsText[1]?.includes(rowText(line)));
    if (!onPage2) throw new Error('page 2 shows no transaction');
    expect(page2.content).toContain(rowText(onPage2));
    expect((await markedText(savingsPdf.pdf, 1)).content).toContain(TABLE_HEAD);
  });
});
