import type { ReactNode } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';

/**
 * "Are you sure?" before something that cannot be undone (remove a payee, cancel a payment, stop
 * a recurring one). A refusal stays in the dialog in the API's words, so the member reads it
 * where they acted.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  keepLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()} title={title} size="sm">
      <div className="space-y-4 text-sm text-slate-700">
        {children}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {keepLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={pending} aria-busy={pending}>
            {pending ? 'Processing...' : confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
