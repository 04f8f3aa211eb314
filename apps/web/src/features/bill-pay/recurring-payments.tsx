import { type BillSeries, billPayFrequencyLabels, formatWireMoney } from '@mutual/shared';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { formatCalendarDate } from '../../lib/format-date';
import { useBillPayActions } from './bill-pay-api';
import { ConfirmDialog } from './confirm-dialog';
import { payeeName } from './format';
import { useConfirmAction } from './use-confirm-action';

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
  const target = stop.target;

  return (
    <section aria-labelledby="bill-series-heading" className="rounded-xl border border-slate-200 p-4">
      <h4 id="bill-series-heading" className="mb-3 font-semibold text-slate-900">
        Recurring payments
      </h4>
      {stop.notice && (
        <Alert tone="success" className="mb-3">
          {stop.notice}
        </Alert>
      )}
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
      <ConfirmDialog
        open={target !== null}
        title="Stop recurring payment"
        confirmLabel="Stop payments"
        keepLabel="Keep them"
        pending={stop.pending}
        error={stop.error}
        onConfirm={() => void stop.confirm()}
        onClose={stop.close}
      >
        {target && (
          <p>
            Stop paying <strong className="font-semibold text-slate-900">{payeeName(target.payee)}</strong>{' '}
            {formatWireMoney(target.amount)} {billPayFrequencyLabels[target.frequency].toLowerCase()}? No further
            payments will be made, and a scheduled one is cancelled.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
