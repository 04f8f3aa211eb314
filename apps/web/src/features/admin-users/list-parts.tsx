import type { ReactNode } from 'react';

/**
 * Over a list the server cut at its newest entries: "Showing the newest 50 of 120." and what to do
 * to find the others. Nothing when every entry is shown.
 */
export function NewestOfNote({ shown, total, children }: { shown: number; total: number; children?: ReactNode }) {
  if (shown >= total) return null;
  return (
    <p className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
      Showing the newest {shown} of {total}.{children && ' '}
      {children}
    </p>
  );
}
