import { BILL_PAY_SKIPPED_HEADER, type StaffBillPaymentPage, isCalendarDay } from '@mutual/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DownloadLink, DownloadRefusal } from '../../components/download-link';
import { FormField, controlProps } from '../../components/form-field';
import { longDay } from '../bill-pay/format';
import { billPayExportHref } from './bill-pay-ops-api';

/**
 * Whether the day's NACHA file would be empty: known only when the whole day is on this page and
 * none of it went to an electronic biller (the server then answers 404; the CSV still has them).
 */
function noElectronicPayments(page: StaffBillPaymentPage): boolean {
  return (
    page.page === 1 &&
    page.payments.length === page.total &&
    page.payments.every((payment) => payment.biller.delivery !== 'electronic')
  );
}

/** The payments a downloaded file left out, as the server names them beside it (one per line). */
interface LeftOut {
  file: string;
  payments: string[];
}

/** The server's `x-skipped-payments` header: "BP-… ($10.00 to …, account …): why | …", URI-encoded. */
function leftOutOf(file: string, headers: Headers): LeftOut | undefined {
  const header = headers.get(BILL_PAY_SKIPPED_HEADER);
  if (!header) return undefined;
  let text: string;
  try {
    text = decodeURIComponent(header);
  } catch {
    text = header;
  }
  const payments = text.split(' | ').filter(Boolean);
  return payments.length > 0 ? { file, payments } : undefined;
}

function ExportLink({
  href,
  label,
  enabled,
  onRefused,
  onSaved,
}: {
  href: string | undefined;
  label: string;
  enabled: boolean;
  onRefused: (message: string | undefined) => void;
  onSaved: (headers: Headers) => void;
}) {
  if (!enabled || !href) {
    return (
      <Button variant="outline" size="sm" disabled aria-describedby="bill-export-note">
        <Download className="h-4 w-4" aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <DownloadLink href={href} aria-describedby="bill-export-note" onRefused={onRefused} onSaved={onSaved}>
      {label}
    </DownloadLink>
  );
}

/**
 * The Sent tab's day (the credit union's today unless staff pick another) and the processor's
 * files for it: a CSV of every payment, a NACHA CCD batch for the electronic billers. Plain
 * download links; disabled when nothing was sent that day rather than answering with a 404. The
 * payments a file left out (the NACHA file's too-long accounts; in both, a payee number that cannot
 * be read) are listed once it is saved, in the server's words.
 */
export function BillPayExports({
  day,
  today,
  current,
  onDayChange,
}: {
  day: string | undefined;
  today: string | undefined;
  /** The answer for this day (not a previous day's kept on screen while it loads). */
  current: StaffBillPaymentPage | undefined;
  onDayChange: (day: string | undefined) => void;
}) {
  const [refused, setRefused] = useState<string>();
  const [leftOut, setLeftOut] = useState<LeftOut>();
  // A new try starts with nothing said: neither an earlier refusal nor an earlier file's left-out payments.
  const onRefused = (message: string | undefined) => {
    setRefused(message);
    if (message === undefined) setLeftOut(undefined);
  };
  const sent = current?.counts.sent;
  const nachaEmpty = current !== undefined && sent !== undefined && sent > 0 && noElectronicPayments(current);
  const note =
    day === undefined || sent === undefined
      ? 'Counting the day’s sent payments…'
      : sent === 0
        ? // The list's empty box already says no payment was sent that day; this only explains the buttons.
          'Nothing to export for this day.'
        : `${sent} ${sent === 1 ? 'payment was' : 'payments were'} sent on ${longDay(day)}. ` +
          (nachaEmpty
            ? 'None went to an electronic biller, so there is no NACHA file; the CSV has them all.'
            : 'The NACHA file carries the electronic billers’ payments; the CSV has every payment.');

  return (
    <div className="mb-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <FormField id="bill-sent-day" label="Sent on" className="sm:w-56">
          <input
            {...controlProps('bill-sent-day', {})}
            type="date"
            value={day ?? ''}
            max={today}
            onChange={(event) => {
              const value = event.target.value;
              if (value !== '' && !isCalendarDay(value)) return;
              setRefused(undefined);
              setLeftOut(undefined);
              onDayChange(value || undefined);
            }}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <ExportLink
            href={day && billPayExportHref('csv', day)}
            label="Export CSV"
            onRefused={onRefused}
            onSaved={(headers) => setLeftOut(leftOutOf('CSV', headers))}
            enabled={sent !== undefined && sent > 0}
          />
          <ExportLink
            href={day && billPayExportHref('nacha', day)}
            label="Export NACHA (CCD)"
            onRefused={onRefused}
            onSaved={(headers) => setLeftOut(leftOutOf('NACHA file', headers))}
            enabled={sent !== undefined && sent > 0 && !nachaEmpty}
          />
        </div>
      </div>
      <DownloadRefusal message={refused} className="mt-3" />
      {leftOut && (
        <Alert
          tone="warning"
          className="mt-3"
          title={
            leftOut.payments.length === 1
              ? `1 payment was left out of the ${leftOut.file}:`
              : `${leftOut.payments.length} payments were left out of the ${leftOut.file}:`
          }
        >
          <ul className="list-disc pl-5" aria-label={`Payments left out of the ${leftOut.file}`}>
            {leftOut.payments.map((payment) => (
              <li key={payment} className="break-words" data-testid="bill-export-left-out">
                {payment}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <p id="bill-export-note" className="mt-3 text-sm text-slate-600" data-testid="bill-export-note">
        {note}
      </p>
    </div>
  );
}
