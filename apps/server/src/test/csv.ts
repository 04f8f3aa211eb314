import { expect } from 'vitest';

/** A CSV line whose every cell is quoted (quotes inside doubled). */
export const QUOTED_LINE = /^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/;

/** The cells of one quoted CSV line. */
export function cellsOf(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replaceAll('""', '"'));
}

/** The lines of a CSV body, after checking that it ends with CRLF and that every cell of every line is quoted. */
export function quotedCsvLines(body: string, label?: string): string[] {
  expect(body.endsWith('\r\n')).toBe(true);
  const lines = body.slice(0, -2).split('\r\n');
  for (const line of lines) expect(line, label).toMatch(QUOTED_LINE);
  return lines;
}
