import { formatMoney, monthNames } from '@mutual/shared';
import PDFDocument from 'pdfkit';
import type { StatementDocument, StatementLine } from './statement-document';
import { faceFor, hasRightToLeft, printable, type UnicodeFace, unicodeFonts, visualOrder } from './statement-fonts';

/**
 * Draws a monthly statement as a tagged, letter-size PDF. It computes nothing but the layout and
 * the page numbers: every figure comes from the `StatementDocument`.
 *
 * Determinism: the dates in the PDF's info come from `issuedAt`, pdfkit derives the trailer /ID
 * from the info (title, keywords = `statementId`, dates), the standard fonts are not embedded, the
 * subset of DejaVu Sans embedded for a line WinAnsi cannot hold (statement-fonts.ts) depends only on
 * the text, and nothing else varies, so the same document always gives the same bytes (the stored
 * SHA-256 holds).
 *
 * Layout is done here line by line (our own wrapping and measuring, text drawn with
 * `lineBreak: false`), so pdfkit never starts a page on its own: a row, a paragraph or a box is
 * measured first and moved whole to the next page when it does not fit.
 *
 * Accessibility: `Document` > H1, P, H2, Table (TR > TH/TD), L/LI; rules, tints, the running
 * header, repeated table heads and the footers are artifacts.
 */

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;
/** pdfkit supports `scope` on TH (Table attribute); its types do not list it yet. */
type CellOptions = PDFKit.Mixins.StructureElementOptions & { scope?: 'Row' | 'Column' };
type Font = 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique';

const LEFT = 48;
const RIGHT = 564;
const WIDTH = RIGHT - LEFT;
const TOP = 46;
const BODY_BOTTOM = 730;
const FOOTER_TOP = 742;

const COLOR = {
  brand: '#0f4c81',
  ink: '#1c2430',
  muted: '#5b6775',
  rule: '#c3cfdb',
  tint: '#eef3f9',
  head: '#dfe8f2',
  zebra: '#f5f7fa',
};

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

// Type fits every category whole ("Transportation" is 54 pt at 8.5 pt); the amount columns still
// show $1,234,567.89 (and Balance $12,345,678.90) before an amount has to shrink.
const COLUMNS = {
  date: { label: 'Date', width: 40, align: 'left' },
  description: { label: 'Description', width: 198, align: 'left' },
  type: { label: 'Type', width: 70, align: 'left' },
  debits: { label: 'Debits', width: 66, align: 'right' },
  credits: { label: 'Credits', width: 66, align: 'right' },
  balance: { label: 'Balance', width: 76, align: 'right' },
} satisfies Record<string, Column>;
type ColumnKey = keyof typeof COLUMNS;
const COLUMN_ORDER: ColumnKey[] = ['date', 'description', 'type', 'debits', 'credits', 'balance'];
const CELL_PAD = 5;

const MONTHS = monthNames;

function dayParts(day: string): { year: string; month: number; date: number } {
  const [year = '', month = '1', date = '1'] = day.split('-');
  return { year, month: Number(month), date: Number(date) };
}

/** "October 1, 2026". */
function longDate(day: string): string {
  const { year, month, date } = dayParts(day);
  return `${MONTHS[month - 1] ?? ''} ${date}, ${year}`;
}

/** "Sep 28, 2026". */
function mediumDate(day: string): string {
  const { year, month, date } = dayParts(day);
  return `${(MONTHS[month - 1] ?? '').slice(0, 3)} ${date}, ${year}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** "10/03". */
function shortDate(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  return `${month}/${date}`;
}

/** Regulation E, 12 CFR 1005 Appendix A, Model Form A-3(b): the notice on periodic statements. */
function regulationENotice(cu: StatementDocument['creditUnion']): { lead: string; steps: string[]; close: string } {
  const address = cu.addressLines.join(', ');
  return {
    lead:
      `Telephone us at ${cu.phone}, write us at ${cu.name}, ${address}, or e-mail us at ${cu.email} as ` +
      'soon as you can, if you think your statement or receipt is wrong or if you need more information about a ' +
      'transfer on the statement or receipt. We must hear from you no later than 60 days after we sent you the ' +
      'FIRST statement on which the error or problem appeared.',
    steps: [
      'Tell us your name and account number (if any).',
      'Describe the error or the transfer you are unsure about, and explain as clearly as you can why you ' +
        'believe it is an error or why you need more information.',
      'Tell us the dollar amount of the suspected error.',
    ],
    close:
      'We will investigate your complaint and will correct any error promptly. If we take more than 10 business ' +
      'days to do this, we will credit your account for the amount you think is in error, so that you will have ' +
      'the use of the money during the time it takes us to complete our investigation.',
  };
}

export const REGULATION_E_HEADING = 'In case of errors or questions about your electronic transfers';

interface TextStyle {
  font?: Font;
  size: number;
  color?: string;
  /** Right-align within `width` (from `x`). */
  align?: 'left' | 'right';
  width?: number;
  /** Too wide: `ellipsis` cuts the end (text); `shrink` lowers the size (amounts must show whole). */
  overflow?: 'ellipsis' | 'shrink';
}

interface RowCells {
  /** Set on the "No transactions" row: a note, not a movement. */
  note?: boolean;
  date: string;
  description: string[];
  detail: string[];
  type: string;
  debits: string;
  credits: string;
  balance: string;
}

/** A wrapped paragraph, ready to draw. */
interface Block {
  lines: string[];
  size: number;
  font: Font;
  indent: number;
  /** Space after it. */
  gap: number;
}

const DESC_SIZE = 8.5;
const DESC_LEADING = 10.5;
const DETAIL_SIZE = 7;
const DETAIL_LEADING = 8.8;
const ROW_PAD = 3;
const HEAD_HEIGHT = 18;

class StatementPainter {
  private y = TOP;

  constructor(
    private readonly doc: Doc,
    private readonly root: Struct,
    private readonly model: StatementDocument,
  ) {}

  paint(): number {
    this.header();
    this.summary();
    if (this.model.dividends) this.dividends(this.model.dividends);
    this.transactions();
    this.notices();
    return this.footers();
  }

  // --- primitives -------------------------------------------------------------------------------

  /** The DejaVu Sans faces this document has embedded so far (statement-fonts.ts). */
  private readonly registered = new Set<UnicodeFace>();

  /** Selects the face `line` is drawn in: `font`, or DejaVu Sans for a line WinAnsi cannot hold. */
  private setFont(font: Font, size: number, line: string): void {
    const face = faceFor(font, line);
    if (face === 'DejaVuSans' || face === 'DejaVuSans-Bold') {
      // pdfkit 0.20 takes a fontkit font where it takes a file (its types do not say so yet).
      const font = unicodeFonts().faces[face] as unknown as PDFKit.Mixins.PDFFontSource;
      if (!this.registered.has(face)) this.doc.registerFont(face, font);
      this.registered.add(face);
    }
    this.doc.font(face).fontSize(size);
  }

  /** Measuring is most of the drawing time, and the same strings come back on every row. */
  private readonly widths = new Map<string, number>();

  private widthOf(value: string, font: Font, size: number): number {
    const key = `${font}\u0000${size}\u0000${value}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      this.setFont(font, size, value);
      width = this.doc.widthOfString(value);
      this.widths.set(key, width);
    }
    return width;
  }

  /** How many leading characters of `value` fit in `width` (followed by `suffix`): a binary search. */
  private longestFit(value: string, font: Font, size: number, width: number, suffix = ''): number {
    let fits = 0;
    let tooLong = value.length + 1;
    while (tooLong - fits > 1) {
      const middle = Math.floor((fits + tooLong) / 2);
      if (this.widthOf(`${value.slice(0, middle).trimEnd()}${suffix}`, font, size) <= width) fits = middle;
      else tooLong = middle;
    }
    return fits;
  }

  private ellipsize(value: string, font: Font, size: number, width: number): string {
    if (this.widthOf(value, font, size) <= width) return value;
    return `${value.slice(0, this.longestFit(value, font, size, width, '…')).trimEnd()}…`;
  }

  /** Greedy word wrap to `maxLines`; the last line ends in an ellipsis when text is left over. */
  private wrap(value: string, font: Font, size: number, width: number, maxLines = Infinity): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of printable(value).split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (this.widthOf(candidate, font, size) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = word;
      // A single word wider than the column (a long reference) is broken where it must be.
      while (this.widthOf(current, font, size) > width) {
        const cut = Math.max(1, this.longestFit(current, font, size, width));
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
      if (lines.length > maxLines) break;
    }
    if (current) lines.push(current);
    if (lines.length <= maxLines) return lines;
    const kept = lines.slice(0, maxLines);
    const last = `${kept[maxLines - 1] ?? ''} ${lines[maxLines] ?? ''}`;
    kept[maxLines - 1] = this.ellipsize(`${last}…`, font, size, width);
    return kept;
  }

  /** One line of text at (x, y), never wrapped and never starting a page. */
  private text(value: string, x: number, y: number, style: TextStyle): void {
    const font = style.font ?? 'Helvetica';
    let size = style.size;
    let shown = printable(value);
    const width = style.width;
    if (width !== undefined) {
      if (style.overflow === 'shrink') {
        while (size > 5 && this.widthOf(shown, font, size) > width) size -= 0.25;
      } else {
        shown = this.ellipsize(shown, font, size, width);
      }
    }
    this.setFont(font, size, shown);
    const left = style.align === 'right' && width !== undefined ? x + width - this.doc.widthOfString(shown) : x;
    this.doc.fillColor(style.color ?? COLOR.ink);
    if (!hasRightToLeft(shown)) {
      this.doc.text(shown, left, y, { lineBreak: false });
      return;
    }
    // Arabic or Hebrew words: each drawn where it is seen, in reading order (statement-fonts.ts).
    const pieces = visualOrder(shown);
    const at: number[] = [];
    let seenX = left;
    for (const piece of pieces) {
      at[piece.index] = seenX;
      seenX += this.doc.widthOfString(piece.text);
    }
    for (const piece of [...pieces].sort((a, b) => a.index - b.index)) {
      if (piece.text.trim() !== '') this.doc.text(piece.text, at[piece.index] ?? left, y, { lineBreak: false });
    }
  }

  private tag(parent: Struct, type: string, draw: () => void, options: CellOptions = {}): void {
    parent.add(this.doc.struct(type, options, draw));
  }

  private artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  private rule(y: number, color = COLOR.rule, weight = 0.6, from = LEFT, to = RIGHT): void {
    this.artifact(() => {
      this.doc.save().moveTo(from, y).lineTo(to, y).lineWidth(weight).strokeColor(color).stroke().restore();
    });
  }

  private fill(x: number, y: number, width: number, height: number, color: string, radius = 0): void {
    this.artifact(() => {
      this.doc.save();
      if (radius > 0) this.doc.roundedRect(x, y, width, height, radius);
      else this.doc.rect(x, y, width, height);
      this.doc.fillColor(color).fill().restore();
    });
  }

  /** Moves to a new page when `height` does not fit; returns whether it did. */
  private ensure(height: number): boolean {
    if (this.y + height <= BODY_BOTTOM) return false;
    this.doc.addPage();
    this.runningHeader();
    return true;
  }

  private get periodText(): string {
    return `${longDate(this.model.period.from)} – ${longDate(this.model.period.to)}`;
  }

  // --- sections ---------------------------------------------------------------------------------

  private header(): void {
    const { creditUnion: cu, member, account } = this.model;
    this.tag(this.root, 'P', () => {
      this.text(cu.name, LEFT, TOP, { font: 'Helvetica-Bold', size: 15, color: COLOR.brand, width: 290 });
      [...cu.addressLines, cu.phone, cu.email].forEach((line, index) => {
        this.text(line, LEFT, TOP + 22 + index * 11, { size: 8.5, color: COLOR.muted, width: 290 });
      });
    });
    const titleStyle: TextStyle = { font: 'Helvetica-Bold', size: 18, align: 'right', width: 230 };
    this.tag(this.root, 'H1', () => this.text('Statement of Account', RIGHT - 230, TOP - 1, titleStyle));
    this.tag(this.root, 'P', () => {
      this.text(this.periodText, RIGHT - 260, TOP + 24, { size: 10, align: 'right', width: 260 });
      const subtitle = `${account.type} account ${account.maskedNumber}`;
      this.text(subtitle, RIGHT - 260, TOP + 38, { size: 8.5, color: COLOR.muted, align: 'right', width: 260 });
    });
    this.rule(TOP + 76, COLOR.brand, 1.4);

    // The member's address where a window envelope shows it (about 2 in down, 7/8 in from the left).
    const addressTop = TOP + 96;
    const addressLines = member.addressLines.filter((line) => line.trim() !== '');
    this.tag(this.root, 'P', () => {
      this.text(member.name, LEFT + 16, addressTop, { font: 'Helvetica-Bold', size: 10.5, width: 250 });
      addressLines.forEach((line, index) => {
        this.text(line, LEFT + 16, addressTop + 15 + index * 13.5, { size: 10, width: 250 });
      });
    });

    const rows: [string, string][] = [
      ['Account type', account.type],
      ['Account number', account.maskedNumber],
      ...(member.memberNumber ? [['Member number', member.memberNumber] as [string, string]] : []),
      ['Statement period', `${mediumDate(this.model.period.from)} – ${mediumDate(this.model.period.to)}`],
      ['Days in period', String(this.model.period.days)],
      ['Routing number', cu.routingNumber],
    ];
    const boxX = RIGHT - 236;
    const boxTop = TOP + 90;
    const boxHeight = rows.length * 14 + 14;
    this.fill(boxX, boxTop, 236, boxHeight, COLOR.tint, 3);
    const table = this.doc.struct('Table');
    this.root.add(table);
    rows.forEach(([label, value], index) => {
      const y = boxTop + 9 + index * 14;
      const row = this.doc.struct('TR');
      table.add(row);
      this.tag(row, 'TH', () => this.text(label, boxX + 12, y, { size: 8.5, color: COLOR.muted }), { scope: 'Row' });
      const valueStyle: TextStyle = { font: 'Helvetica-Bold', size: 9, align: 'right', width: 120 };
      this.tag(row, 'TD', () => this.text(value, boxX + 236 - 132, y, valueStyle));
      row.end();
    });
    table.end();
    const addressBottom = addressTop + 15 + addressLines.length * 13.5;
    this.y = Math.max(boxTop + boxHeight, addressBottom) + 24;
  }

  private heading(title: string, spaceAfter = 18): void {
    this.tag(this.root, 'H2', () => {
      this.text(title, LEFT, this.y, { font: 'Helvetica-Bold', size: 11.5, color: COLOR.brand, width: WIDTH });
    });
    this.y += spaceAfter;
  }

  /** A tinted box of label/value pairs in two columns, tagged as one table (left column first). */
  private figureBox(left: [string, string][], right: [string, string][], emphasizeLastLeft: boolean): void {
    const rowHeight = 15;
    // The emphasized last row (the closing balance) sits below a rule, a little apart.
    const lift = emphasizeLastLeft ? 4 : 0;
    const height = Math.max(left.length, right.length) * rowHeight + 14 + lift;
    const top = this.y;
    const half = WIDTH / 2;
    this.fill(LEFT, top, WIDTH, height, COLOR.tint, 3);
    this.artifact(() => {
      this.doc
        .save()
        .moveTo(LEFT + half, top + 8)
        .lineTo(LEFT + half, top + height - 8)
        .lineWidth(0.6)
        .strokeColor(COLOR.rule)
        .stroke()
        .restore();
    });
    if (emphasizeLastLeft && left.length > 1) {
      const y = top + 9 + (left.length - 1) * rowHeight - 1;
      this.rule(y, COLOR.ink, 0.6, LEFT + 12, LEFT + half - 14);
    }
    const table = this.doc.struct('Table');
    this.root.add(table);
    const column = (pairs: [string, string][], x: number, isLeft: boolean) => {
      pairs.forEach(([label, value], index) => {
        const strong = isLeft && emphasizeLastLeft && index === pairs.length - 1;
        const font: Font = strong ? 'Helvetica-Bold' : 'Helvetica';
        const y = top + 9 + index * rowHeight + (strong ? lift : 0);
        const row = this.doc.struct('TR');
        table.add(row);
        const valueWidth = Math.min(this.widthOf(value, font, 9), 120);
        const labelWidth = half - 24 - valueWidth - 8;
        this.tag(row, 'TH', () => this.text(label, x, y, { font, size: 9, width: labelWidth }), { scope: 'Row' });
        this.tag(row, 'TD', () => {
          this.text(value, x + half - 146, y, { font, size: 9, align: 'right', width: 120, overflow: 'shrink' });
        });
        row.end();
      });
    };
    column(left, LEFT + 12, true);
    column(right, LEFT + half + 12, false);
    table.end();
    this.y = top + height;
  }

  private summary(): void {
    const m = this.model;
    this.heading('Account summary');
    this.figureBox(
      [
        ['Opening balance', formatMoney(m.openingBalance)],
        [`Credits (${m.creditCount})`, formatMoney(m.totalCredits)],
        [`Debits (${m.debitCount})`, formatMoney(m.totalDebits)],
        ['Closing balance', formatMoney(m.closingBalance)],
      ],
      [
        ['Fees this period', formatMoney(m.fees.period)],
        ['Fees year to date', formatMoney(m.fees.yearToDate)],
      ],
      true,
    );
    if (m.pendingAtClose !== 0n) {
      const note =
        `Pending transactions not included: ${formatMoney(m.pendingAtClose)}. ` +
        'They are held from your available balance and appear on the statement for the month they post.';
      this.tag(this.root, 'P', () =>
        this.text(note, LEFT + 2, this.y + 6, { size: 8, color: COLOR.muted, width: WIDTH }),
      );
      this.y += 16;
    }
    this.y += 18;
  }

  private dividends(dividends: NonNullable<StatementDocument['dividends']>): void {
    this.heading('Dividends (Truth in Savings)');
    this.figureBox(
      [
        ['Dividends earned this period', formatMoney(dividends.earned)],
        ['Dividends year to date', formatMoney(dividends.yearToDate)],
        ['Annual Percentage Yield Earned', dividends.apyEarned],
      ],
      [
        ['Annual Percentage Yield (APY)', dividends.apy],
        ['Average daily balance', formatMoney(dividends.averageDailyBalance)],
        ['Days in period', String(dividends.days)],
      ],
      false,
    );
    const note =
      'Dividends are computed by the average daily balance method on the balance each day of the period. ' +
      `The Annual Percentage Yield Earned reflects the dividends earned over these ${dividends.days} days.`;
    const lines = this.wrap(note, 'Helvetica', 7.5, WIDTH - 4);
    this.tag(this.root, 'P', () => {
      lines.forEach((line, index) => {
        this.text(line, LEFT + 2, this.y + 6 + index * 9.5, { size: 7.5, color: COLOR.muted });
      });
    });
    this.y += 6 + lines.length * 9.5 + 16;
  }

  // --- the transactions table -------------------------------------------------------------------

  private columnX(key: ColumnKey): number {
    let x = LEFT;
    for (const other of COLUMN_ORDER) {
      if (other === key) return x;
      x += COLUMNS[other].width;
    }
    return x;
  }

  /** The column heads: real TH cells on the first page, a pagination artifact where repeated. */
  private tableHead(table: Struct, repeated: boolean): void {
    const top = this.y;
    this.fill(LEFT, top, WIDTH, HEAD_HEIGHT, COLOR.head);
    const drawCell = (key: ColumnKey) => {
      const column = COLUMNS[key];
      this.text(column.label, this.columnX(key) + CELL_PAD, top + 5.5, {
        font: 'Helvetica-Bold',
        size: 8,
        color: COLOR.brand,
        align: column.align,
        width: column.width - CELL_PAD * 2,
      });
    };
    if (repeated) {
      this.artifact(() => COLUMN_ORDER.forEach(drawCell), 'Pagination');
    } else {
      const row = this.doc.struct('TR');
      table.add(row);
      for (const key of COLUMN_ORDER) this.tag(row, 'TH', () => drawCell(key), { scope: 'Column' });
      row.end();
    }
    this.y = top + HEAD_HEIGHT;
  }

  private lineCells(line: StatementLine): RowCells {
    const descWidth = COLUMNS.description.width - CELL_PAD * 2;
    const details: string[] = [];
    if (line.counterparty) details.push(`${line.direction === 'debit' ? 'To' : 'From'} ${line.counterparty}`);
    if (line.reference) details.push(`Ref: ${line.reference}`);
    if (line.effectiveOn) details.push(`Effective ${mediumDate(line.effectiveOn)}`);
    const amount = formatMoney(line.amount);
    return {
      date: shortDate(line.postedOn),
      description: this.wrap(line.description, 'Helvetica', DESC_SIZE, descWidth, 2),
      detail: details.length ? this.wrap(details.join(' · '), 'Helvetica', DETAIL_SIZE, descWidth, 2) : [],
      type: line.type,
      debits: line.direction === 'debit' ? amount : '',
      credits: line.direction === 'credit' ? amount : '',
      balance: formatMoney(line.balance),
    };
  }

  private rowHeight(cells: RowCells): number {
    return ROW_PAD * 2 + cells.description.length * DESC_LEADING + cells.detail.length * DETAIL_LEADING;
  }

  private tableRow(table: Struct, cells: RowCells, shade: boolean, strong = false): void {
    const height = this.rowHeight(cells);
    const top = this.y;
    if (shade) this.fill(LEFT, top, WIDTH, height, COLOR.zebra);
    const font: Font = strong ? 'Helvetica-Bold' : 'Helvetica';
    const textTop = top + ROW_PAD + 1;
    const row = this.doc.struct('TR');
    table.add(row);
    for (const key of COLUMN_ORDER) {
      const column = COLUMNS[key];
      const x = this.columnX(key) + CELL_PAD;
      const width = column.width - CELL_PAD * 2;
      if (key !== 'description' && cells[key] === '') {
        // An empty cell is still a cell (screen readers count columns), with nothing to mark.
        const empty = this.doc.struct('TD');
        row.add(empty);
        empty.end();
        continue;
      }
      this.tag(row, 'TD', () => {
        if (key === 'description') {
          const style: TextStyle = cells.note
            ? { font: 'Helvetica-Oblique', size: DESC_SIZE, color: COLOR.muted }
            : { font, size: DESC_SIZE };
          cells.description.forEach((part, index) => this.text(part, x, textTop + index * DESC_LEADING, style));
          const detailTop = textTop + cells.description.length * DESC_LEADING;
          cells.detail.forEach((part, index) => {
            this.text(part, x, detailTop + index * DETAIL_LEADING, { size: DETAIL_SIZE, color: COLOR.muted });
          });
          return;
        }
        const value = cells[key];
        const overflow = column.align === 'right' ? 'shrink' : 'ellipsis';
        this.text(value, x, textTop, { font, size: DESC_SIZE, align: column.align, width, overflow });
      });
    }
    row.end();
    this.y = top + height;
  }

  private transactions(): void {
    const m = this.model;
    const rows = m.lines.map((line) => this.lineCells(line));
    const opening: RowCells = {
      date: shortDate(m.period.from),
      description: ['Opening balance'],
      detail: [],
      type: '',
      debits: '',
      credits: '',
      balance: formatMoney(m.openingBalance),
    };
    const firstHeight = this.rowHeight(rows[0] ?? opening);
    this.ensure(18 + HEAD_HEIGHT + this.rowHeight(opening) + firstHeight);
    this.heading('Transactions', 16);
    const table = this.doc.struct('Table');
    this.root.add(table);
    this.tableHead(table, false);

    const place = (cells: RowCells, shade: boolean, strong = false) => {
      if (this.ensure(this.rowHeight(cells))) this.tableHead(table, true);
      this.tableRow(table, cells, shade, strong);
    };
    place(opening, false, true);
    rows.forEach((cells, index) => place(cells, index % 2 === 0));
    if (rows.length === 0) {
      const empty = { ...opening, note: true, description: ['No transactions this period.'], balance: '', date: '' };
      place(empty, true);
    }
    const totals: RowCells = {
      date: '',
      description: ['Totals and closing balance'],
      detail: [`${plural(m.debitCount, 'debit')} · ${plural(m.creditCount, 'credit')}`],
      type: '',
      debits: formatMoney(m.totalDebits),
      credits: formatMoney(m.totalCredits),
      balance: formatMoney(m.closingBalance),
    };
    if (this.ensure(this.rowHeight(totals) + 2)) this.tableHead(table, true);
    this.rule(this.y + 0.5, COLOR.brand, 1);
    this.y += 1;
    this.tableRow(table, totals, false, true);
    this.rule(this.y, COLOR.brand, 1);
    table.end();
    this.y += 22;
  }

  // --- notices ----------------------------------------------------------------------------------

  private paragraph(value: string, options: Partial<Omit<Block, 'lines'>> = {}): Block {
    const size = options.size ?? 8;
    const font = options.font ?? 'Helvetica';
    const indent = options.indent ?? 0;
    return { lines: this.wrap(value, font, size, WIDTH - indent), size, font, indent, gap: options.gap ?? 5 };
  }

  /** A paragraph stays whole on one page when it fits on one; a longer one (a long configured notice) is split. */
  private drawParagraph(parent: Struct, type: string, block: Block): void {
    const leading = block.size * 1.3;
    const height = block.lines.length * leading;
    if (height <= BODY_BOTTOM - TOP - 40) this.ensure(height);
    let rest = block.lines;
    while (rest.length > 0) {
      this.ensure(leading);
      const part = rest.slice(0, Math.floor((BODY_BOTTOM - this.y) / leading));
      rest = rest.slice(part.length);
      const top = this.y;
      this.tag(parent, type, () => {
        part.forEach((line, index) => {
          this.text(line, LEFT + block.indent, top + index * leading, { font: block.font, size: block.size });
        });
      });
      this.y = top + part.length * leading;
    }
    this.y += block.gap;
  }

  private blockHeight(block: Block, lines = block.lines.length): number {
    return lines * block.size * 1.3 + block.gap;
  }

  private notices(): void {
    const cu = this.model.creditUnion;
    const notice = regulationENotice(cu);
    const ncua = this.paragraph(cu.ncuaNotice, { size: 8.5, font: 'Helvetica-Bold', gap: 10 });
    // Headings keep with what follows them.
    this.ensure(18 + this.blockHeight(ncua, Math.min(ncua.lines.length, 3)));
    this.heading('Important information');
    this.drawParagraph(this.root, 'P', ncua);

    const lead = this.paragraph(notice.lead);
    const steps = notice.steps.map((step, index) =>
      this.paragraph(step, { indent: 16, gap: index === notice.steps.length - 1 ? 6 : 2.5 }),
    );
    const close = this.paragraph(notice.close, { gap: 10 });
    const whole = 14 + [lead, ...steps, close].reduce((sum, block) => sum + this.blockHeight(block), 0);
    this.ensure(whole <= BODY_BOTTOM - TOP - 40 ? whole : 14 + this.blockHeight(lead));
    this.tag(this.root, 'H3', () => {
      this.text(REGULATION_E_HEADING, LEFT, this.y, { font: 'Helvetica-Bold', size: 9, width: WIDTH });
    });
    this.y += 14;
    this.drawParagraph(this.root, 'P', lead);
    const list = this.doc.struct('L');
    this.root.add(list);
    steps.forEach((step, index) => {
      this.ensure(this.blockHeight(step));
      const item = this.doc.struct('LI');
      list.add(item);
      const top = this.y;
      this.tag(item, 'Lbl', () => this.text(`(${index + 1})`, LEFT + 2, top, { size: step.size }));
      this.drawParagraph(item, 'LBody', step);
      item.end();
    });
    list.end();
    this.drawParagraph(this.root, 'P', close);

    const questions = `Questions about this statement? Call ${cu.phone} (${cu.hours}) or write to ${cu.email}.`;
    this.drawParagraph(this.root, 'P', this.paragraph(questions, { size: 8.5, font: 'Helvetica-Bold', gap: 0 }));
  }

  // --- page furniture ---------------------------------------------------------------------------

  /** Pages after the first: who, what and which period, then the body. */
  private runningHeader(): void {
    const { creditUnion: cu, account } = this.model;
    this.artifact(() => {
      this.text(cu.name, LEFT, TOP, { font: 'Helvetica-Bold', size: 10, color: COLOR.brand, width: 250 });
      this.text('Statement of Account', LEFT, TOP + 13, { size: 8, color: COLOR.muted, width: 250 });
      const right = `${account.type} account ${account.maskedNumber}`;
      this.text(right, RIGHT - 260, TOP, { font: 'Helvetica-Bold', size: 9, align: 'right', width: 260 });
      this.text(this.periodText, RIGHT - 260, TOP + 13, { size: 8, color: COLOR.muted, align: 'right', width: 260 });
    }, 'Pagination');
    this.rule(TOP + 28, COLOR.brand, 1);
    this.y = TOP + 40;
  }

  private footers(): number {
    const { start, count } = this.doc.bufferedPageRange();
    const { creditUnion: cu, statementId } = this.model;
    for (let index = 0; index < count; index += 1) {
      this.doc.switchToPage(start + index);
      this.rule(FOOTER_TOP, COLOR.rule, 0.6);
      this.artifact(() => {
        const left = `${cu.name} · Statement period ${this.periodText}`;
        this.text(left, LEFT, FOOTER_TOP + 6, { size: 7.5, color: COLOR.muted, width: WIDTH - 90 });
        const page = `Page ${index + 1} of ${count}`;
        this.text(page, RIGHT - 90, FOOTER_TOP + 6, { font: 'Helvetica-Bold', size: 7.5, align: 'right', width: 90 });
        this.text(`Statement ID ${statementId}`, LEFT, FOOTER_TOP + 17, { size: 6, color: COLOR.muted, width: WIDTH });
      }, 'Pagination');
    }
    return count;
  }
}

/** The statement as PDF bytes, and how many pages it has. */
export function renderStatementPdf(document: StatementDocument): Promise<{ pdf: Buffer; pages: number }> {
  return new Promise((resolve, reject) => {
    const issued = new Date(document.issuedAt);
    const { account, period, creditUnion } = document;
    const doc = new PDFDocument({
      size: 'LETTER',
      // The bottom margin is ours (BODY_BOTTOM, the footer): pdfkit must never break a page itself.
      margins: { top: TOP, left: LEFT, right: 612 - RIGHT, bottom: 0 },
      bufferPages: true,
      pdfVersion: '1.7',
      tagged: true,
      lang: 'en-US',
      displayTitle: true,
      info: {
        Title: `Statement of Account, ${period.label}: ${account.type} ${account.maskedNumber}`,
        Author: creditUnion.name,
        Subject: `${account.type} account statement for ${period.label}`,
        Keywords: document.statementId,
        Creator: creditUnion.name,
        Producer: 'PDFKit',
        CreationDate: issued,
        ModDate: issued,
      },
    });
    const chunks: Uint8Array[] = [];
    let pages = 0;
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), pages }));
    doc.on('error', reject);
    try {
      const root = doc.struct('Document');
      doc.addStructure(root);
      pages = new StatementPainter(doc, root, document).paint();
      root.end();
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
