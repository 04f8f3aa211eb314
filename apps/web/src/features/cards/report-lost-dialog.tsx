import { type Card, type CardResult, lostReasons, messages, reportLostSchema } from '@mutual/shared';
import { useId, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button, CancelActions } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FieldError } from '../../components/form-field';
import { submitWith } from '../../lib/submit-with';
import { useReportLost } from './cards-api';
import { cardErrorMessage, cardName } from './format';

type LostReason = (typeof lostReasons)[number];

const reasonLabels: Record<LostReason, { label: string; hint: string }> = {
  lost: { label: 'Lost', hint: 'I cannot find it.' },
  stolen: { label: 'Stolen', hint: 'Someone took it, or used it without my permission.' },
};

/**
 * Report Lost or Stolen: what happened, and the plain consequence before the member confirms —
 * the card is closed for good (it cannot be unlocked) and a replacement with a new number is sent.
 * Locking is the reversible choice, so it is offered here as well.
 */
export function ReportLostDialog({
  card,
  open,
  onClose,
  onReported,
}: {
  card: Card;
  open: boolean;
  onClose: () => void;
  onReported: (result: CardResult) => void;
}) {
  const reportLost = useReportLost();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !reportLost.isPending && onClose()}
      title="Report Lost or Stolen"
      description={cardName(card)}
      size="md"
    >
      <ReportLostForm
        card={card}
        pending={reportLost.isPending}
        onCancel={onClose}
        onConfirm={async (reason) => onReported(await reportLost.mutateAsync({ cardId: card.id, reason }))}
      />
    </Dialog>
  );
}

function ReportLostForm({
  card,
  pending,
  onCancel,
  onConfirm,
}: {
  card: Card;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: LostReason) => Promise<void>;
}) {
  const id = useId();
  const [reason, setReason] = useState<LostReason | ''>('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    const parsed = reportLostSchema.safeParse({ reason: reason || undefined });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? messages.cards.reasonRequired);
      document.getElementById(`${id}-lost`)?.focus();
      return;
    }
    try {
      await onConfirm(parsed.data.reason);
    } catch (error) {
      setFailure(cardErrorMessage(error));
    }
  };

  return (
    <form
      noValidate
      aria-label="Report card"
      className="space-y-4 text-sm text-slate-700"
      onSubmit={submitWith(() => !pending && submit())}
    >
      <p>
        Your card ending {card.last4} will be <strong className="text-slate-900">closed for good</strong>: it cannot be
        unlocked or used again, and every new purchase with it is declined. We will send you a replacement card with a
        new number; activate it when it arrives.
      </p>
      <p className="text-slate-600">Only misplaced it? Lock the card instead: you can unlock it when you find it.</p>
      <fieldset aria-describedby={reasonError ? `${id}-error` : undefined}>
        <legend className="mb-2 font-medium text-slate-800">What happened?</legend>
        <div className="space-y-2">
          {lostReasons.map((value) => (
            <div key={value} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setReasonError(null);
                }}
                aria-describedby={`${id}-${value}-hint`}
                aria-invalid={reasonError ? true : undefined}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
              />
              <div>
                <label htmlFor={`${id}-${value}`} className="block cursor-pointer font-medium text-slate-900">
                  {reasonLabels[value].label}
                </label>
                <p id={`${id}-${value}-hint`} className="text-slate-600">
                  {reasonLabels[value].hint}
                </p>
              </div>
            </div>
          ))}
        </div>
        <FieldError id={id} error={reasonError ?? undefined} />
      </fieldset>
      {failure && <Alert tone="error">{failure}</Alert>}
      <CancelActions onCancel={onCancel} disabled={pending}>
        <Button type="submit" variant="danger" busy={pending}>
          {pending ? 'Reporting…' : 'Report Card'}
        </Button>
      </CancelActions>
    </form>
  );
}
