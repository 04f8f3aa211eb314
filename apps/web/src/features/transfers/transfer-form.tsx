import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/button';
import { submitWith } from '../../lib/submit-with';
import { SubmitButton, TransferFormActions, TransferSummary } from './transfer-fields';
import type { useTransferForm } from './use-transfer-form';

/**
 * Step 1 of every transfer: the form named by its tab, its fields two a row from small screens
 * up, then the last outcome, "Clear form" and the submit button.
 */
export function TransferForm({
  label,
  transfer,
  sending,
  submitLabel,
  children,
}: {
  /** The tab's name: "Between Accounts". */
  label: string;
  /** The form's `useTransferForm`. */
  transfer: Pick<ReturnType<typeof useTransferForm>, 'onSubmit' | 'outcome' | 'clear' | 'formId' | 'outcomeId'>;
  sending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      id={transfer.formId}
      noValidate
      onSubmit={(event) => void transfer.onSubmit(event)}
      className="space-y-5"
      aria-label={label}
    >
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      <TransferFormActions
        outcome={transfer.outcome}
        outcomeId={transfer.outcomeId}
        sending={sending}
        submitLabel={submitLabel}
        onClear={transfer.clear}
      />
    </form>
  );
}

/** The heading of a confirmation step (`ConfirmTransferStep` with this `id`), where the focus lands as it opens. */
export const confirmHeading = (id: string) => () => document.getElementById(`${id}-confirm-heading`);

/**
 * Step 2 of a transfer that is confirmed apart ("To US Bank", "International"): the summary of
 * what will be sent, the step's own part (`children`: a code, a notice), "Back" and "Confirm
 * Transfer" (off until `ready`: a code step's six digits, as on sign-in).
 */
export function ConfirmTransferStep({
  id,
  summary,
  sending,
  ready = true,
  onBack,
  onConfirm,
  children,
}: {
  /** Prefix of the heading's id: "external" → `external-confirm-heading`. */
  id: string;
  summary: [string, ReactNode][];
  sending: boolean;
  /** What the step asks for is there (the code's six digits): "Confirm Transfer" can be pressed. */
  ready?: boolean;
  onBack: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const headingId = `${id}-confirm-heading`;
  return (
    <form noValidate onSubmit={submitWith(onConfirm)} className="space-y-5" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Confirm Transfer
      </h3>
      <TransferSummary label="Transfer summary" rows={summary} />
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button icon={ArrowLeft} variant="outline" onClick={onBack} disabled={sending}>
          Back
        </Button>
        <SubmitButton sending={sending} disabled={!ready}>
          Confirm Transfer
        </SubmitButton>
      </div>
    </form>
  );
}
