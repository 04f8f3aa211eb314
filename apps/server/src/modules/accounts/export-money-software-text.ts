import { localClock } from '../../time';

/**
 * Text and dates as money software reads them (OFX 1.0.2 SGML and QIF).
 *
 * Both files are plain ASCII. The OFX header says `ENCODING:USASCII` / `CHARSET:1252`, and LibOFX
 * (GnuCash's parser) runs the body through OpenSP with an SGML declaration whose character set
 * stops at 127: any byte above it, raw or as a character reference, is reported as a "non SGML
 * character" — and a body declared UTF-8 draws a warning of its own. QIF declares no character set
 * at all (Quicken reads the Windows code page, GnuCash the locale's), so ASCII is the one choice
 * every importer reads alike. Accented letters lose their accents, common punctuation becomes its
 * ASCII look-alike, and anything else becomes "?".
 */

const printable = /^[\x20-\x7e]*$/;
const mark = /\p{M}/u;
const space = /\s/u;

/** What NFKD leaves non-ASCII but has a usual ASCII spelling. */
const lookAlikes: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2033': '"',
  '\u00ab': '<<',
  '\u00bb': '>>',
  '\u2039': '<',
  '\u203a': '>',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2022': '*',
  '\u00b7': '.',
  '\u2044': '/',
  '\u00d7': 'x',
  '\u00f7': '/',
  '\u20ac': 'EUR',
  '\u00a3': 'GBP',
  '\u00a5': 'JPY',
  '\u00a2': 'c',
  '\u00a9': '(c)',
  '\u00ae': '(R)',
  '\u00b0': 'deg',
  '\u00a7': 'S',
  '\u00b6': 'P',
  '\u00bf': '?',
  '\u00a1': '!',
  '\u00df': 'ss',
  '\u00e6': 'ae',
  '\u00c6': 'AE',
  '\u0153': 'oe',
  '\u0152': 'OE',
  '\u00f8': 'o',
  '\u00d8': 'O',
  '\u0142': 'l',
  '\u0141': 'L',
  '\u0111': 'd',
  '\u0110': 'D',
  '\u00f0': 'd',
  '\u00d0': 'D',
  '\u00fe': 'th',
  '\u00de': 'Th',
  '\u0131': 'i',
};

/** One line of ASCII: control characters and line breaks become spaces, runs of space one. */
export function asciiText(value: string): string {
  if (printable.test(value)) return value.trim();
  let out = '';
  for (const char of value.normalize('NFKD')) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x20 && code < 0x7f) out += char;
    else if (code < 0xa0 || space.test(char)) out += ' ';
    else if (!mark.test(char)) out += lookAlikes[char] ?? '?';
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

const sgmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * An OFX element's value: ASCII, at most `max` characters as the importer reads them (cut before
 * escaping, so an entity is never cut in half), with the three SGML specials escaped.
 */
export function sgmlText(value: string, max: number): string {
  return asciiText(value)
    .slice(0, max)
    .trimEnd()
    .replace(/[&<>]/g, (char) => sgmlEntities[char] ?? char);
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** "EST", "EDT", "UTC" — or undefined where the zone has no letters-only short name ("GMT+1"). */
function zoneName(date: Date, timeZone: string): string | undefined {
  let format = zoneNames.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNames.set(timeZone, format);
  }
  const name = format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  return name && /^[A-Z]{2,5}$/.test(name) ? name : undefined;
}

const HOUR = 3_600_000;

/**
 * An OFX 1.0.2 date and time (spec §3.2.3): `YYYYMMDDHHMMSS.XXX[gmt offset:tz name]`, the wall
 * clock of the credit union's zone with its offset in hours that day — `20260310120000.000[-4:EDT]`.
 * A zone whose offset is not whole hours is written in UTC (`[0:GMT]`): fractional offsets are
 * read differently by different importers.
 */
export function ofxDateTime(date: Date, timeZone: string): string {
  const milliseconds = String(date.getUTCMilliseconds()).padStart(3, '0');
  const c = localClock(date, timeZone);
  const wall = Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second);
  const offset = wall - (date.getTime() - date.getUTCMilliseconds());
  if (offset % HOUR !== 0) return `${utcClock(date)}.${milliseconds}[0:GMT]`;
  const hours = offset / HOUR;
  const name = zoneName(date, timeZone);
  const zone = `${hours > 0 ? `+${hours}` : hours}${name ? `:${name}` : ''}`;
  return `${c.year}${c.month}${c.day}${c.hour}${c.minute}${c.second}.${milliseconds}[${zone}]`;
}

const utcClock = (date: Date) => date.toISOString().slice(0, 19).replace(/[-T:]/g, '');

/** A QIF date: `MM/DD/YYYY` of a day given as `YYYY-MM-DD`. */
export function qifDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

/** The day after `day` (both `YYYY-MM-DD`). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
}
