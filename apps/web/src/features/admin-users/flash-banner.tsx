import { X } from 'lucide-react';
import { Alert } from '../../components/alert';
import type { Flash } from './use-flash';

const dismissClass =
  'absolute top-2.5 right-2.5 inline-flex h-7 w-7 items-center justify-center rounded-md text-slate-600 ' +
  'hover:bg-black/5';

/**
 * The result of the last staff action, pinned to the top of the window so it is seen wherever the
 * action was taken. The live region is always present; only its content changes.
 */
export function FlashBanner({ flash, onDismiss }: { flash: Flash | null; onDismiss: () => void }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-3">
      {flash && (
        <div
          key={flash.id}
          className="pointer-events-auto relative w-full max-w-xl rounded-xl shadow-lg"
          data-testid="admin-flash"
        >
          <FlashAlert flash={flash} className="pr-11" />
          <button type="button" onClick={onDismiss} aria-label="Dismiss message" className={dismissClass}>
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}

/** A staff action's answer where the form is (`useFlash`): nothing once it has cleared. */
export function FlashAlert({ flash, className }: { flash: Flash | null; className?: string }) {
  if (!flash) return null;
  return flash.detail ? (
    <Alert tone={flash.tone} title={flash.text} className={className}>
      {flash.detail}
    </Alert>
  ) : (
    <Alert tone={flash.tone} className={className}>
      {flash.text}
    </Alert>
  );
}
