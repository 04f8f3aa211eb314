import type { ReactNode } from 'react';

/** A time range as people write hours: "8AM-8PM", "9:30 AM – 5 PM". */
const timeRange = /\d{1,2}(?::\d{2})?\s?[AaPp]\.?[Mm]\.?\s?[-–—]\s?\d{1,2}(?::\d{2})?\s?[AaPp]\.?[Mm]\.?/g;

/**
 * Opening hours ("Monday to Friday 8AM-8PM EST") that, in a narrow column, wrap between words but
 * never inside a time range: a browser would otherwise break after the hyphen ("8AM-" / "8PM").
 * The text is unchanged, so it reads and copies as configured.
 */
export function HoursText({ hours }: { hours: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of hours.matchAll(timeRange)) {
    parts.push(hours.slice(last, match.index));
    parts.push(
      <span key={match.index} className="whitespace-nowrap">
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  parts.push(hours.slice(last));
  return <>{parts}</>;
}
