import type { ReactNode } from 'react';

/** A term and its value; `false`, `null` or `''` stands for a row that does not apply and is left out. */
export type TermRow = readonly [term: string, value: ReactNode] | false | null | '';

/**
 * A `<dl>` written from rows of data, each term and its value in a `<div>` keyed by the term
 * (payment summaries, a payment's card, a deposit's facts, a member's code counts). Where the
 * `<dl>` itself is the grid, `rowClassName` stays `contents`, so each term and value take its cells.
 */
export function TermList({
  rows,
  className,
  rowClassName = 'contents',
  termClassName,
  valueClassName,
}: {
  rows: readonly TermRow[];
  className: string;
  rowClassName?: string;
  termClassName: string;
  valueClassName?: string;
}) {
  return (
    <dl className={className}>
      {rows.map(
        (row) =>
          row && (
            <div key={row[0]} className={rowClassName}>
              <dt className={termClassName}>{row[0]}</dt>
              <dd className={valueClassName}>{row[1]}</dd>
            </div>
          ),
      )}
    </dl>
  );
}
