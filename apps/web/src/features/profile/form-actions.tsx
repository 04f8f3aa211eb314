import { Button, CancelActions } from '../../components/button';

/** A form's closing row: the way out, then the submit button (its words change while it works). */
export function FormActions({
  onCancel,
  cancelLabel = 'Cancel',
  submitting,
  submitLabel,
  busyLabel,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  submitting: boolean;
  submitLabel: string;
  busyLabel: string;
}) {
  return (
    <CancelActions onCancel={onCancel} cancelLabel={cancelLabel}>
      <Button type="submit" busy={submitting}>
        {submitting ? busyLabel : submitLabel}
      </Button>
    </CancelActions>
  );
}
