import type { ReactNode } from 'react';
import { Alert } from '../../components/alert';
import { Button, CancelActions } from '../../components/button';
import { Dialog } from '../../components/dialog';
import type { ConfirmAction } from './use-confirm-action';

/**
 * "Are you sure?" before something that cannot be undone (remove a payee, cancel a payment, stop
 * a recurring one), open while `action` has a target; `children` says what will happen to it. A
 * refusal stays in the dialog in the API's words, so the member reads it where they acted.
 */
export function ConfirmDialog<T>({
  action,
  title,
  children,
  confirmLabel,
  keepLabel,
}: {
  action: ConfirmAction<T>;
  title: string;
  children: (target: T) => ReactNode;
  confirmLabel: string;
  keepLabel: string;
}) {
  const { target, pending, error, close } = action;
  return (
    <Dialog open={target !== null} onOpenChange={(next) => !next && !pending && close()} title={title} size="sm">
      <div className="space-y-4 text-sm text-slate-700">
        {target !== null && children(target)}
        {error && <Alert tone="error">{error}</Alert>}
        <CancelActions onCancel={close} cancelLabel={keepLabel} disabled={pending}>
          <Button variant="danger" onClick={() => void action.confirm()} busy={pending}>
            {pending ? 'Processing...' : confirmLabel}
          </Button>
        </CancelActions>
      </div>
    </Dialog>
  );
}

/** The last confirmed action's outcome, above its list. */
export function ConfirmNotice({ action }: { action: Pick<ConfirmAction<unknown>, 'notice' | 'noticeId'> }) {
  if (!action.notice) return null;
  return (
    <Alert id={action.noticeId} tone="success" className="mb-3">
      {action.notice}
    </Alert>
  );
}
