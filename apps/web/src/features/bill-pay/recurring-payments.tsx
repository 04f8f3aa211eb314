import { type BillSeries, billPayFrequencyLabels, formatWireMoney } from '@mutual/shared';
import { Button } from '../../components/button';
import { formatCalendarDate } from '../../lib/format-date';
import { useBillPayActions } from './bill-pay-api';
import { payeeName } from './format';
import { SavedList } from './saved-list';

const statusLabels: Record<BillSeries['status'], string> = {
  active: 'Active',
  completed: 'Completed',
  stopped: 'Stopped',
};

/** "Until you stop it", "Ends by March 31, 2027", "3 of 12 payments"; once over, "5 payments". */
function extentText(series: BillSeries): string {
  if (series.count !== null) return `${series.occurrences} of ${series.count} payments`;
  if (series.status !== 'active') return `${series.occurrences} ${series.occurrences === 1 ? 'payment' : 'payments'}`;
  if (series.endsOn) return `Ends by ${formatCalendarDate(series.endsOn)}`;
  return 'Until you stop it';
}

/**
 * The member's recurring payments (and, for 30 days, one that stopped by itself, with why); an
 * active one can be stopped (its scheduled payment is cancelled, unless past its cut-off: then it
 * is still sent, and the server's answer says so).
 */
export function RecurringPayments({ series }: { series: BillSeries[] }) {
  const { stopSeries } = useBillPayActions();
  return (
    <SavedList
      headingId="bill-series-heading"
      title="Recurring payments"
      items={series}
      emptyText="No recurring payments. Choose a frequency in the form to set one up."
      run={(entry) => stopSeries.mutateAsync(entry.id)}
      describe={(entry) => (
        <>
          <p className="font-medium break-words text-slate-900">{payeeName(entry.payee)}</p>
          <p className="text-slate-700">
            <span className="tabular-nums">{formatWireMoney(entry.amount)}</span>,{' '}
            {billPayFrequencyLabels[entry.frequency].toLowerCase()} from {entry.fromAccount}
          </p>
          <p className="text-slate-600">
            {entry.status === 'active' && entry.nextPayOn
              ? `Next: ${formatCalendarDate(entry.nextPayOn)} · `
              : entry.status !== 'active'
                ? `${statusLabels[entry.status]} · `
                : ''}
            {extentText(entry)}
          </p>
          {entry.stopReason && (
            <p className="text-red-700">
              Stopped because {entry.stopReason}. Set up a new payment to pay {entry.payee.nickname} again.
            </p>
          )}
        </>
      )}
      button={(entry, ask) =>
        entry.status === 'active' && (
          <Button
            variant="outline"
            size="sm"
            className="shrink-0"
            aria-label={`Stop recurring payment to ${payeeName(entry.payee)}`}
            onClick={ask}
          >
            Stop
          </Button>
        )
      }
      confirm={{
        title: 'Stop recurring payment',
        confirmLabel: 'Stop payments',
        keepLabel: 'Keep them',
        says: (target) => (
          <p>
            Stop paying <strong className="font-semibold text-slate-900">{payeeName(target.payee)}</strong>{' '}
            {formatWireMoney(target.amount)} {billPayFrequencyLabels[target.frequency].toLowerCase()}? No further
            payments will be made, and a scheduled one is cancelled — unless its cut-off time has passed: then it is
            still sent.
          </p>
        ),
      }}
    />
  );
}
