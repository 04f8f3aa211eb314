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

/**
 * A failed read: the server's explanation (or `fallback`) and a way to ask again. With a `title`,
 * the title says what failed and the explanation follows it.
 */
export function LoadError({
  error,
  fallback,
  onRetry,
  title,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  title?: string;
}) {
  const explanation = errorMessage(error, fallback);
  return (
    <Alert tone="error" title={title ?? explanation}>
      {title !== undefined && <p>{explanation}</p>}
      <Button icon={RefreshCw} variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
