import { Button } from '../../components/button';

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
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitting ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
