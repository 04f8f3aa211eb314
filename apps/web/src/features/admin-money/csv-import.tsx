import {
  CsvParseError,
  type TransactionPreview,
  formatWireMoney,
  messages,
  parseTransactionCsv,
  transactionCsvColumns,
} from '@mutual/shared';
import { FileUp, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FieldError } from '../../components/form-field';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
import { usePostTransactionFile, usePreviewTransactions } from './money-api';
import { addFailure, columnLabels, csvTemplateHref, failedRowNumber, rowFieldPath } from './staff-rows';
import { DownloadLink } from '../../components/download-link';

const a = messages.admin;
/** Far above 500 rows of real text; a larger file is not a transaction list. */
const CSV_MAX_BYTES = 1_000_000;
const chooseFileClass =
  'inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm ' +
  'font-semibold text-slate-900 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand ' +
  'hover:border-brand hover:text-brand';
const previewRegionClass =
  'max-h-[50vh] overflow-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand';

interface Loaded {
  name: string;
  text: string;
  rows: Record<string, string>[];
}

/**
 * CSV import (spec §2 bulk entry; decisions.md: all or nothing, with a preview). The file is read
 * here with the shared parser, the server checks every row in a dry run, and only a clean preview
 * can be posted. The idempotency key is the file's SHA-256, so the same file posts once.
 */
export function CsvImport({ userId, onPosted }: { userId: string; onPosted: (message: string) => void }) {
  const inputId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const preview = usePreviewTransactions(userId);
  const clear = () => {
    setLoaded(null);
    setFileError(null);
    setNotice(null);
    preview.reset();
  };

  const post = usePostTransactionFile(userId, {
    onSuccess: ({ result, replayed }) => {
      clear();
      if (replayed) setNotice(`This file was posted before (${result.count} transactions). Nothing was posted again.`);
      else onPosted(result.message || a.transactionsAdded);
    },
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is a new choice.
    event.target.value = '';
    if (!file) return;
    clear();
    post.reset();
    if (file.size > CSV_MAX_BYTES) return setFileError(a.csvParseFailed('the file is larger than 1 MB'));
    const text = await file.text();
    try {
      const rows = parseTransactionCsv(text);
      setLoaded({ name: file.name, text, rows });
      preview.mutate(rows);
    } catch (error) {
      setFileError(a.csvParseFailed(error instanceof CsvParseError ? error.message : 'the file could not be read'));
    }
  };

  const result = preview.data;
  const postFailure = post.isError ? addFailure(errorMessage(post.error, messages.generic.internal)) : null;
  const refusedRow = postFailure ? failedRowNumber(postFailure) : null;
  const count = loaded?.rows.length ?? 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <label htmlFor={inputId} className={chooseFileClass}>
            <FileUp className="h-4 w-4" aria-hidden="true" />
            {loaded ? 'Choose another CSV file' : 'Choose a CSV file'}
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => void choose(event)}
              aria-describedby={`${inputId}-hint${fileError ? ` ${inputId}-error` : ''}`}
              aria-invalid={fileError ? true : undefined}
              className="sr-only"
            />
          </label>
          <p id={`${inputId}-hint`} className="mt-1.5 text-sm text-slate-600">
            Columns: {transactionCsvColumns.join(', ')}. Up to 500 rows; every row is checked before anything posts.
          </p>
          <FieldError id={inputId} error={fileError ?? undefined} />
        </div>
        <DownloadLink
          href={csvTemplateHref}
          download="transactions-template.csv"
          className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-brand hover:text-brand-dark"
        >
          Download CSV template
        </DownloadLink>
      </div>

      {notice && <Alert tone="info">{notice}</Alert>}
      {preview.isPending && (
        <p role="status" className="text-sm text-slate-600">
          Checking {count} rows…
        </p>
      )}
      {preview.isError && <Alert tone="error">{previewFailure(preview.error)}</Alert>}

      {loaded && result && (
        <>
          <PreviewSummary fileName={loaded.name} preview={result} />
          <PreviewTable rows={loaded.rows} preview={result} refusedRow={refusedRow} />
        </>
      )}
      {postFailure && <Alert tone="error">{postFailure}</Alert>}

      {loaded && result && (
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={clear} disabled={post.isPending}>
            Clear
          </Button>
          <Button icon={Upload} onClick={() => post.mutate(loaded)} disabled={!result.ok} busy={post.isPending}>
            {post.isPending ? 'Posting...' : `Post ${count} ${count === 1 ? 'transaction' : 'transactions'}`}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The check refused the file before looking at its rows (a cell over two lines, an invisible
 * character): the message names the row and column its field is in, as the file counts them.
 */
function previewFailure(error: unknown): string {
  const message = errorMessage(error, messages.generic.internal);
  const place = fieldErrors(error)
    .map(([key]) => rowFieldPath(key))
    .find((found) => found !== null);
  return addFailure(place ? `Row ${place[0] + 1}: ${columnLabels[place[1]]}: ${message}` : message);
}

function PreviewSummary({ fileName, preview }: { fileName: string; preview: TransactionPreview }) {
  const bad = preview.rows.filter((row) => Object.keys(row.errors).length > 0).length;
  if (!preview.ok) {
    return (
      <Alert tone="error" title={`${fileName}: ${bad === 1 ? '1 row needs' : `${bad} rows need`} fixing`}>
        Nothing can be posted until every row is right. Fix the file and choose it again.
      </Alert>
    );
  }
  return (
    <Alert tone="success" title={`${fileName}: every row is ready to post`}>
      <span data-testid="balances-after">
        After posting:{' '}
        {preview.balancesAfter
          .map((account) => {
            const available =
              account.available !== account.balance ? ` (available ${formatWireMoney(account.available)})` : '';
            return `${account.account} ${formatWireMoney(account.balance)}${available}`;
          })
          .join(' · ')}
      </span>
    </Alert>
  );
}

function PreviewTable({
  rows,
  preview,
  refusedRow,
}: {
  rows: Record<string, string>[];
  preview: TransactionPreview;
  refusedRow: number | null;
}) {
  const problems = new Map(preview.rows.map((row) => [row.row, row.errors]));
  return (
    // Wide on a phone: it scrolls sideways, and can be reached and scrolled with the keyboard.
    <div role="region" aria-label="Preview of the file" tabIndex={0} className={previewRegionClass}>
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Every row of the file with its problems</caption>
        <thead className="sticky top-0 bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-2.5 py-2 font-semibold">
              Row
            </th>
            {transactionCsvColumns.map((column) => (
              <th key={column} scope="col" className="px-2.5 py-2 font-semibold">
                {columnLabels[column]}
              </th>
            ))}
          </tr>
        </thead>
        {rows.map((row, index) => {
          const number = index + 1;
          const errors = problems.get(number) ?? {};
          const messagesForRow = Object.entries(errors);
          const bad = messagesForRow.length > 0 || refusedRow === number;
          return (
            <tbody
              key={number}
              data-testid="preview-row"
              className={`border-t border-slate-200 ${bad ? 'bg-red-50' : ''}`}
            >
              <tr>
                <th scope="row" className="px-2.5 py-2 font-semibold text-slate-900">
                  {number}
                </th>
                {transactionCsvColumns.map((column) => {
                  const tone = errors[column] ? 'font-semibold text-red-800' : 'text-slate-800';
                  const width = column === 'description' ? 'min-w-40' : 'whitespace-nowrap';
                  return (
                    <td key={column} className={`px-2.5 py-2 ${tone} ${width}`}>
                      {row[column] || <span className="text-slate-500">(empty)</span>}
                    </td>
                  );
                })}
              </tr>
              {messagesForRow.length > 0 && (
                <tr>
                  <td colSpan={transactionCsvColumns.length + 1} className="px-2.5 pb-2">
                    {/* Pinned to the visible part of a table that scrolls sideways on a phone. */}
                    <ul
                      className="sticky left-2.5 max-w-[calc(100vw-5.5rem)] space-y-0.5 text-red-800"
                      data-testid="preview-row-errors"
                    >
                      {messagesForRow.map(([field, message]) => (
                        <li key={field}>
                          {field in columnLabels ? `${columnLabels[field as keyof typeof columnLabels]}: ` : ''}
                          {message}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
