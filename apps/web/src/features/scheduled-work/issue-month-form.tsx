import { periodLabel, previousPeriod } from '@mutual/shared';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { ChoiceSelect } from '../../components/choice-options';
import { localDay } from '../../lib/format-date';
import { submitWith } from '../../lib/submit-with';

/** Spec §9: statements cover 13 monthly periods; staff may issue any of the last 13 closed months. */
export const ISSUABLE_MONTHS = 13;

/** The last `ISSUABLE_MONTHS` closed months on the credit union's clock, newest first (`YYYY-MM`). */
export function closedMonths(now: Date): string[] {
  const months: string[] = [];
  let month = previousPeriod(localDay(now).slice(0, 7));
  while (months.length < ISSUABLE_MONTHS) {
    months.push(month);
    month = previousPeriod(month);
  }
  return months;
}

/**
 * "Issue a month now": dividends and statements for a closed month without waiting for the
 * schedule. The server refuses a month not offered and does not repeat one done or under way.
 */
export function IssueMonthForm({ pending, onIssue }: { pending: boolean; onIssue: (period: string) => void }) {
  // The months are worked out once per visit: a page left open over a month's end keeps its list.
  const [months] = useState(() => closedMonths(new Date()));
  const [period, setPeriod] = useState(months[0] ?? '');
  return (
    <form
      aria-label="Issue a month now"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={submitWith(() => onIssue(period))}
    >
      <ChoiceSelect
        id="issue-month-period"
        label="Issue a month now"
        className="min-w-0 sm:w-52"
        value={period}
        onChange={setPeriod}
        choices={months.map((month) => ({ value: month, label: periodLabel(month) }))}
      />
      <Button type="submit" icon={Play} variant="outline" busy={pending} className="whitespace-nowrap">
        {pending ? 'Starting…' : 'Issue statements'}
      </Button>
    </form>
  );
}
