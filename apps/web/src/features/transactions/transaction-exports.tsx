import { messages } from '@mutual/shared';
import { useId, useState } from 'react';
import { ExportCsvLink } from '../../components/export-csv-link';
import { DownloadLink, DownloadRefusal } from '../../components/download-link';

interface TransactionExportsProps {
  csv: string;
  /** Null when the page shows the credit card: OFX and QIF are for Checking and Savings. */
  moneyFiles: { ofx: string; qif: string } | null;
}

/**
 * The history's downloads, each with the page's filters: CSV for a spreadsheet, OFX and QIF for
 * money software. The note says what differs in the last two — completed transactions only (the
 * server also keeps staff corrections in them, so the balances reconcile) — so a member comparing
 * the files is not surprised. They are statements of Checking and Savings: with the credit card
 * chosen, the CSV alone is offered, and the note says why.
 */
const moneyFilesNote =
  'OFX and QIF files for Quicken, GnuCash or Moneydance list completed Checking and Savings transactions only.';

export function TransactionExports({ csv, moneyFiles }: TransactionExportsProps) {
  const noteId = useId();
  // One refusal for the three links, under them (the caps count every download of the history).
  const [refused, onRefused] = useState<string>();
  return (
    <div className="flex flex-col items-start gap-1.5 sm:items-end">
      <div role="group" aria-label="Export transactions" className="flex flex-wrap gap-2">
        <ExportCsvLink href={csv} testId="export-csv" onRefused={onRefused} />
        {moneyFiles &&
          (['ofx', 'qif'] as const).map((kind) => (
            <MoneyFileLink
              key={kind}
              href={moneyFiles[kind]}
              label={`Export ${kind.toUpperCase()}`}
              testId={`export-${kind}`}
              noteId={noteId}
              onRefused={onRefused}
            />
          ))}
      </div>
      <DownloadRefusal message={refused} className="max-w-xs sm:text-right" />
      <p id={noteId} className="max-w-xs text-xs text-slate-600 sm:text-right">
        {moneyFiles ? moneyFilesNote : messages.history.moneyFilesForDepositAccounts}
      </p>
    </div>
  );
}

function MoneyFileLink({
  href,
  label,
  testId,
  noteId,
  onRefused,
}: {
  href: string;
  label: string;
  testId: string;
  noteId: string;
  onRefused: (message: string | undefined) => void;
}) {
  return (
    <DownloadLink href={href} aria-describedby={noteId} data-testid={testId} onRefused={onRefused}>
      {label}
    </DownloadLink>
  );
}
