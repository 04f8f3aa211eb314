import { type AchSecCode, formatWireMoney, messages } from '@mutual/shared';
import { FileOutput } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/button';
import { ChoiceOptions } from '../../components/choice-options';
import { controlClass } from '../../components/form-field';
import { LoadError } from '../../components/query-state';
import { formatDateTime } from '../../lib/format-date';
import { useFocusLanding } from '../../lib/focus-landing';
import { type ShowFlash, flashAnswer } from '../admin-users/use-flash';
import { achExportFileHref, useAchExports, usePaymentOpsActions } from './payment-ops-api';
import { DownloadLink } from '../../components/download-link';

const m = messages.paymentOps;
const downloadClass =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 ' +
  'text-sm font-semibold text-slate-900 hover:border-brand hover:text-brand';

const secOptions: Array<{ value: AchSecCode; label: string }> = [
  { value: 'WEB', label: 'WEB — online, member-initiated' },
  { value: 'PPD', label: 'PPD — prearranged payment' },
];

/**
 * Export ACH file (NACHA): every pending ACH payment not yet in a file goes into a new one, which
 * the credit union sends to its ACH operator. Exporting does not settle anything. Past files can
 * be downloaded again. Once nothing is left to export the button is disabled under the focus: the
 * focus lands on the section's heading.
 */
export function AchFiles({ waiting, onFlash }: { waiting: number | undefined; onFlash: ShowFlash }) {
  const [sec, setSec] = useState<AchSecCode>('WEB');
  const { exportAch } = usePaymentOpsActions();
  const files = useAchExports();
  const heading = useRef<HTMLHeadingElement>(null);
  const land = useFocusLanding();

  const exportNow = () =>
    exportAch.mutate(sec, { ...flashAnswer(onFlash, m.exportFailed), onSettled: () => land(heading) });

  return (
    <section aria-labelledby="ach-files-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 ref={heading} id="ach-files-heading" className="text-xl font-bold tracking-tight text-slate-900">
        ACH files
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="ach-waiting">
        {waiting === undefined
          ? 'Counting ACH payments…'
          : waiting === 0
            ? 'No ACH payments are waiting to be exported.'
            : waiting === 1
              ? '1 ACH payment is waiting to be exported. ' +
                'Exporting does not settle it: settle or return it when the bank confirms.'
              : `${waiting} ACH payments are waiting to be exported. ` +
                'Exporting does not settle them: settle or return each one when the bank confirms.'}
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-72">
          <label htmlFor="ach-sec" className="mb-1.5 block text-sm font-medium text-slate-800">
            SEC code
          </label>
          <select
            id="ach-sec"
            value={sec}
            onChange={(event) => setSec(event.target.value as AchSecCode)}
            className={controlClass(false)}
          >
            <ChoiceOptions choices={secOptions} />
          </select>
        </div>
        <Button icon={FileOutput} onClick={exportNow} busy={exportAch.isPending} disabled={!waiting}>
          {exportAch.isPending ? 'Exporting...' : 'Export ACH file (NACHA)'}
        </Button>
      </div>

      <h3 className="mt-6 text-sm font-semibold text-slate-900">Past files</h3>
      {files.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Loading files…
        </p>
      ) : files.isError ? (
        <div className="mt-2">
          <LoadError error={files.error} fallback={m.exportsLoadFailed} onRetry={() => void files.refetch()} />
        </div>
      ) : files.data.exports.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No ACH files yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Past ACH files">
          {files.data.exports.map((file) => (
            <li
              key={file.id}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="ach-file"
            >
              <div className="min-w-0">
                <span className="block font-medium break-all text-slate-900">{file.fileName}</span>
                <span className="block text-sm text-slate-600">
                  {file.secCode} · {file.entryCount} {file.entryCount === 1 ? 'payment' : 'payments'} ·{' '}
                  {formatWireMoney(file.totalAmount)} ·{' '}
                  <time dateTime={file.createdAt}>{formatDateTime(file.createdAt)}</time>
                  {file.createdBy ? ` · ${file.createdBy}` : ''}
                </span>
              </div>
              <DownloadLink
                href={achExportFileHref(file.id)}
                download={file.fileName}
                className={downloadClass}
                aria-label={`Download ${file.fileName}`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
