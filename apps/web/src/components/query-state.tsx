import { RefreshCw } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';
import { errorMessage } from '../lib/api-errors';

/** A grey placeholder of the loaded content's size, announced once as "Loading …". */
export function Skeleton({ label, className = 'h-40' }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className={`animate-pulse rounded-2xl border border-slate-200 bg-white ${className}`}
    >
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A failed read: the server's explanation (or `fallback`) and a way to ask again. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <Alert tone="error" title={errorMessage(error, fallback)}>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        <RefreshCw className="h-4 w-4" aria-hidden="true" />
        Try again
      </Button>
    </Alert>
  );
}
