import { useId } from 'react';
import { ExportCsvLink } from '../../components/export-csv-link';
import { DownloadLink } from '../../components/download-link';

interface TransactionExportsProps {
  csv: string;
  ofx: string;
  qif: string;
}

/**
 * The history's downloads, each with the page's filters: CSV for a spreadsheet, OFX and QIF for
 * money software. The note says what differs in the last two — completed transactions only (the
 * server also keeps staff corrections in them, so the balances reconcile) — so a member comparing
 * the files is not surprised.
 */
export function TransactionExports({ csv, ofx, qif }: TransactionExportsProps) {
  const noteId = useId();
  return (
    <div className="flex flex-col items-start gap-1.5 sm:items-end">
      <div role="group" aria-label="Export transactions" className="flex flex-wrap gap-2">
        <ExportCsvLink href={csv} testId="export-csv" />
        <MoneyFileLink href={ofx} label="Export OFX" testId="export-ofx" noteId={noteId} />
        <MoneyFileLink href={qif} label="Export QIF" testId="export-qif" noteId={noteId} />
      </div>
      <p id={noteId} className="max-w-xs text-xs text-slate-600 sm:text-right">
        OFX and QIF files for Quicken, GnuCash or Moneydance list completed transactions only.
      </p>
    </div>
  );
}

function MoneyFileLink({
  href,
  label,
  testId,
  noteId,
}: {
  href: string;
  label: string;
  testId: string;
  noteId: string;
}) {
  return (
    <DownloadLink href={href} aria-describedby={noteId} data-testid={testId}>
      {label}
    </DownloadLink>
  );
}
