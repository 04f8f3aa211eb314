import { type TransferCountRow, messages } from '@mutual/shared';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, CancelActions } from '../../components/button';
import { LoadError } from '../../components/query-state';
import { errorMessage } from '../../lib/api-errors';
import { FlashBanner } from '../admin-users/flash-banner';
import { useFlash } from '../admin-users/use-flash';
import { TransferCountTable } from './transfer-count-list';
import { useResetTransferCounts, useTransferCounts } from './transfer-counts-api';

const r = messages.resetTransfers;
const summaryClass =
  'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center ' +
  'sm:justify-between sm:p-5';

/**
 * The body of Reset Transfer Counts (spec §2, §4): the members' counts with a Reset each, and
 * Reset All behind a confirmation (idle → confirm → resetting → result banner). The banner is red
 * when its text says "Error", green otherwise, and clears like every console message.
 */
export function ResetTransferCounts() {
  const counts = useTransferCounts();
  const { one, all, busy } = useResetTransferCounts();
  const { flash, show, dismiss } = useFlash();
  const [confirming, setConfirming] = useState(false);
  const resetAllButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const report = (text: string) => show(text.includes('Error') ? 'error' : 'success', text);
  const failed = (error: unknown) => report(r.error(errorMessage(error)));

  const resetOne = (row: TransferCountRow) =>
    one.mutate(row.id, { onSuccess: (result) => report(result.message), onError: failed });

  const openConfirm = () => {
    setConfirming(true);
    window.requestAnimationFrame(() => confirmButton.current?.focus());
  };
  const closeConfirm = () => {
    setConfirming(false);
    window.requestAnimationFrame(() => resetAllButton.current?.focus());
  };
  const resetAll = () =>
    all.mutate(undefined, { onSuccess: (result) => report(result.message), onError: failed, onSettled: closeConfirm });

  return (
    <div className="mt-6 space-y-6">
      <FlashBanner flash={flash} onDismiss={dismiss} />

      <div className={summaryClass}>
        <div className="text-sm text-slate-700">
          {counts.data ? (
            <p>
              {counts.data.limit === 0
                ? 'Outgoing transfers are not limited.'
                : `Each member may make ${counts.data.limit} outgoing transfers ` +
                  `(to another member, a US bank or abroad) in ${counts.data.windowHours} hours.`}{' '}
              A reset sets the count back to 0 at once.
            </p>
          ) : (
            <p>Members’ outgoing transfers in the current limit window.</p>
          )}
        </div>
        <Button
          icon={RotateCcw}
          ref={resetAllButton}
          variant="outline"
          className="shrink-0 border-red-300! text-red-700! hover:border-red-600!"
          onClick={openConfirm}
          disabled={busy || confirming || !counts.data}
          aria-expanded={confirming}
          aria-controls={confirming ? 'reset-all-confirm' : undefined}
        >
          Reset All
        </Button>
      </div>

      {confirming && (
        <section
          id="reset-all-confirm"
          aria-labelledby="reset-all-confirm-title"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
        >
          <h2 id="reset-all-confirm-title" className="flex items-center gap-2 font-semibold text-amber-950">
            <TriangleAlert className="h-5 w-5 shrink-0" aria-hidden="true" />
            Reset every member’s transfer count?
          </h2>
          <p className="mt-1.5 text-sm text-amber-950">{r.confirmWarning}</p>
          <CancelActions onCancel={closeConfirm} cancelVariant="ghost" disabled={all.isPending} className="mt-4">
            <Button ref={confirmButton} onClick={resetAll} busy={all.isPending} variant="danger">
              {all.isPending ? 'Resetting…' : 'Confirm Reset All'}
            </Button>
          </CancelActions>
        </section>
      )}

      {counts.isPending ? (
        <p role="status" className="rounded-2xl border border-slate-200 p-8 text-center text-slate-600">
          Loading members…
        </p>
      ) : counts.isError && !counts.data ? (
        // The spec's sentence whatever the server said ("Failed to fetch users").
        <LoadError error={null} fallback={r.fetchFailed} onRetry={() => void counts.refetch()} />
      ) : counts.data ? (
        <div aria-busy={counts.isFetching}>
          <TransferCountTable
            data={counts.data}
            busy={busy}
            resettingId={one.isPending ? (one.variables ?? null) : null}
            onReset={resetOne}
          />
        </div>
      ) : null}
    </div>
  );
}
