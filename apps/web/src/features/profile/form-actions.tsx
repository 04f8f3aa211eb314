import { Button, CancelActions } from '../../components/button';

/** A form's closing row: the way out, then the submit button (its words change while it works). */
export function FormActions({
  onCancel,
  cancelLabel = 'Cancel',
  submitting,
  submitLabel,
  busyLabel,
  form,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  submitting: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The form's id, when the row is not inside it (a `DialogFooter`). */
  form?: string;
}) {
  return (
    <CancelActions onCancel={onCancel} cancelLabel={cancelLabel}>
      <Button type="submit" form={form} busy={submitting}>
        {submitting ? busyLabel : submitLabel}
      </Button>
    </CancelActions>
  );
}
