import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { create as openFont, type Font } from 'fontkit';

/**
 * What a statement can print, and in which font (docs/decisions/2026-11-28-statements.md, "Names in
 * any script").
 *
 * Text is drawn in Helvetica (a standard PDF font: WinAnsi only, nothing embedded) whenever it can
 * be. A line with a letter WinAnsi lacks — "Łukasz", "Иван", "Γιώργος", "محمد" — is drawn whole in
 * DejaVu Sans (Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic; `@fontsource/dejavu-sans`,
 * Bitstream Vera licence), of which pdfkit embeds only the glyphs used. Scripts DejaVu Sans lacks
 * (Chinese, Japanese, Korean, Thai, Indic…: a font for them is tens of megabytes) are not drawn
 * as "?" but as the visible `NOT_PRINTABLE`, once per run.
 */

/** What a run of characters no statement font can draw prints as. */
export const NOT_PRINTABLE = '[not printable]';

/** The embedded faces, by the name they are registered under in a document. */
export type UnicodeFace = 'DejaVuSans' | 'DejaVuSans-Bold';

const FILES: Record<UnicodeFace, string> = {
  DejaVuSans: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
  'DejaVuSans-Bold': '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff',
};

interface UnicodeFonts {
  /**
   * Read once and shared by every document (pdfkit takes a fontkit font as it takes a file): each
   * document still embeds its own subset, but the font's tables are parsed once, not per statement.
   */
  faces: Record<UnicodeFace, Font>;
  /** Code points both faces draw. */
  covers: Set<number>;
}

let loaded: UnicodeFonts | undefined;

/** Read on first need: a statement in WinAnsi alone never loads them. */
export function unicodeFonts(): UnicodeFonts {
  if (!loaded) {
    const resolve = createRequire(import.meta.url).resolve;
    const read = (face: UnicodeFace): Font => {
      const font = openFont(woffToSfnt(readFileSync(resolve(FILES[face]))));
      // A WOFF file holds one font; a collection (.ttc) would be a packaging mistake.
      if (!('characterSet' in font)) throw new Error(`${FILES[face]} is a font collection, not one font`);
      return font;
    };
    const faces = { DejaVuSans: read('DejaVuSans'), 'DejaVuSans-Bold': read('DejaVuSans-Bold') };
    const bold = new Set(faces['DejaVuSans-Bold'].characterSet);
    const covers = new Set(faces.DejaVuSans.characterSet.filter((code) => bold.has(code)));
    loaded = { faces, covers };
  }
  return loaded;
}

/**
 * The TrueType font inside a WOFF file (W3C WOFF 1.0: the same tables, each zlib-compressed). fontkit
 * reads WOFF itself, but inflates it in JavaScript on every document — seconds per statement; an
 * uncompressed font is read where it lies.
 */
function woffToSfnt(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const stored = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const data = woff.subarray(offset, offset + stored);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: stored < length ? inflateSync(data) : data,
    };
  });
  const selector = Math.floor(Math.log2(count));
  const range = 2 ** selector * 16;
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(range, 6);
  header.writeUInt16BE(selector, 8);
  header.writeUInt16BE(count * 16 - range, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach(({ tag, checksum, data }, index) => {
    const entry = 12 + index * 16;
    header.writeUInt32BE(tag, entry);
    header.writeUInt32BE(checksum, entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(data.length, entry + 12);
    const padding = Buffer.alloc((4 - (data.length % 4)) % 4);
    parts.push(data, padding);
    offset += data.length + padding.length;
  });
  return Buffer.concat(parts);
}

// The standard fonts speak WinAnsi: Latin-1 and these.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Dashes and the minus sign Helvetica lacks: a hyphen reads the same and keeps the line in Helvetica. */
const SPELLINGS: Record<string, string> = { '−': '-', '‐': '-', '‑': '-' };

export function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

const drawable = (char: string) => isWinAnsi(char) || unicodeFonts().covers.has(char.codePointAt(0) ?? 0);

/**
 * `value` as a statement prints it: composed (NFC, so a decomposed "José" is the WinAnsi "José"),
 * white space as spaces, control and format characters (zero-width joiners, direction marks)
 * dropped, a combining mark no font can draw dropped, a letter only a compatibility form of which
 * can be drawn ("ﬁ", full-width "Ａ") spelt so, and each run of what cannot be drawn at all as
 * `NOT_PRINTABLE`.
 */
export function printable(value: string): string {
  let out = '';
  let missing = false;
  for (const char of value.normalize('NFC')) {
    const shown = spell(char);
    if (shown === null) {
      if (!missing) out += NOT_PRINTABLE;
      missing = true;
    } else if (shown !== '') {
      out += shown;
      missing = false;
    }
  }
  // A space between two runs that cannot be drawn joins them: "张伟 李" is one mark.
  return out.replace(/\[not printable\](?: +\[not printable\])+/g, NOT_PRINTABLE);
}

/** One character as printed: itself, a spelling, nothing (dropped) or null (cannot be drawn). */
function spell(char: string): string | null {
  if (isWinAnsi(char)) return char;
  if (/\s/u.test(char)) return ' ';
  const spelling = SPELLINGS[char];
  if (spelling !== undefined) return spelling;
  if (/[\p{Cc}\p{Cf}]/u.test(char)) return '';
  if (drawable(char)) return char;
  if (/\p{M}/u.test(char)) return '';
  const spelt = char.normalize('NFKD').replace(/\p{M}/gu, '');
  return spelt !== '' && [...spelt].every(drawable) ? spelt : null;
}

/** The face a printable line is drawn in: a standard font when WinAnsi holds it, else DejaVu Sans. */
export function faceFor<Font extends string>(font: Font, line: string): Font | UnicodeFace {
  for (const char of line) {
    if (!isWinAnsi(char)) return font.endsWith('-Bold') ? 'DejaVuSans-Bold' : 'DejaVuSans';
  }
  return font;
}

const RIGHT_TO_LEFT = /^[^\p{L}]*[\p{Script=Hebrew}\p{Script=Arabic}]/u;

/** Whether a line has a right-to-left letter (and so needs `visualOrder`). */
export function hasRightToLeft(line: string): boolean {
  return /[\p{Script=Hebrew}\p{Script=Arabic}]/u.test(line);
}

/**
 * A line's words and spaces in the order they are seen, left to right: pdfkit shapes and mirrors each
 * Arabic or Hebrew word but lays a line out in reading order, so a run of right-to-left words (with
 * the spaces between them) is reversed here: "Mixed محمد علي Ali" shows علي left of محمد. Each piece
 * keeps its index in reading order, so it can be drawn in reading order (what a screen reader and
 * copying read) at its seen place. The simple case of the Unicode bidirectional algorithm, for
 * names: a left-to-right line with right-to-left words in it.
 */
export function visualOrder(line: string): Array<{ text: string; index: number }> {
  const pieces = line.split(/( +)/).filter((piece) => piece !== '');
  const rtl = pieces.map((piece) => piece.trim() !== '' && RIGHT_TO_LEFT.test(piece));
  pieces.forEach((piece, index) => {
    if (piece.trim() === '' && rtl[index - 1] && rtl[index + 1]) rtl[index] = true;
  });
  const seen: Array<{ text: string; index: number }> = [];
  let run: Array<{ text: string; index: number }> = [];
  pieces.forEach((text, index) => {
    if (rtl[index]) {
      run.unshift({ text, index });
      return;
    }
    seen.push(...run, { text, index });
    run = [];
  });
  seen.push(...run);
  return seen;
}
