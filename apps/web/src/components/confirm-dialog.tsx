import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, CancelActions } from './button';
import { Dialog } from './dialog';

/**
 * A dialog that asks before an action: what it is about (`children`), then Cancel and the action's
 * button, which reads `pendingLabel` while the action is on its way. While pending, neither Cancel
 * nor Escape closes it.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  icon,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  icon: LucideIcon;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()} title={title} description={description}>
      {children}
      <CancelActions onCancel={onClose} disabled={pending} className="mt-5">
        <Button icon={icon} onClick={onConfirm} busy={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </CancelActions>
    </Dialog>
  );
}
