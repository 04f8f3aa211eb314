import { type BillSeries, billPayFrequencyLabels, formatWireMoney } from '@mutual/shared';
import { Button } from '../../components/button';
import { formatCalendarDate } from '../../lib/format-date';
import { useBillPayActions } from './bill-pay-api';
import { ConfirmDialog, ConfirmNotice } from './confirm-dialog';
import { payeeName } from './format';
import { useConfirmAction } from './use-confirm-action';
import { PanelSection } from '../../components/layout';

const statusLabels: Record<BillSeries['status'], string> = {
  active: 'Active',
  completed: 'Completed',
  stopped: 'Stopped',
};

/** "Until you stop it", "Ends by March 31, 2027", "3 of 12 payments". */
function extentText(series: BillSeries): string {
  if (series.count !== null) return `${series.occurrences} of ${series.count} payments`;
  if (series.endsOn) return `Ends by ${formatCalendarDate(series.endsOn)}`;
  return 'Until you stop it';
}

/** The member's recurring payments; an active one can be stopped (its scheduled payment is cancelled). */
export function RecurringPayments({ series }: { series: BillSeries[] }) {
  const { stopSeries } = useBillPayActions();
  const stop = useConfirmAction((target: BillSeries) => stopSeries.mutateAsync(target.id));

  return (
    <PanelSection headingId="bill-series-heading" title="Recurring payments">
      <ConfirmNotice action={stop} />
      {series.length === 0 ? (
        <p className="text-sm text-slate-600">No recurring payments. Choose a frequency in the form to set one up.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Recurring payments">
          {series.map((entry) => (
            <li key={entry.id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
              <div className="min-w-0">
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
              </div>
              {entry.status === 'active' && (
                <Button
                  variant="outline"
                  size="sm"
                  className="shrink-0"
                  aria-label={`Stop recurring payment to ${payeeName(entry.payee)}`}
                  onClick={() => stop.ask(entry)}
                >
                  Stop
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog action={stop} title="Stop recurring payment" confirmLabel="Stop payments" keepLabel="Keep them">
        {(target) => (
          <p>
            Stop paying <strong className="font-semibold text-slate-900">{payeeName(target.payee)}</strong>{' '}
            {formatWireMoney(target.amount)} {billPayFrequencyLabels[target.frequency].toLowerCase()}? No further
            payments will be made, and a scheduled one is cancelled.
          </p>
        )}
      </ConfirmDialog>
    </PanelSection>
  );
}
