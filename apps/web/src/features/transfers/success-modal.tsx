import { SUCCESS_MODAL_MS } from '@mutual/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';

/** Spec §4/§9: the external transfer's success modal, which closes itself after 3 seconds. */
export function SuccessModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  const open = message !== null;
  // Counted from the opening: a render meanwhile (the balances refreshed) does not start it again.
  const closeByItself = useEffectEvent(onClose);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => closeByItself(), SUCCESS_MODAL_MS);
    return () => clearTimeout(timer);
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Transfer Submitted" size="sm">
      <div className="space-y-4" data-testid="transfer-success-modal">
        <div
          className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-3.5 text-sm text-green-900"
          role="status"
        >
          <CircleCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>{message}</p>
        </div>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
