import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back from another staff screen to the console. */
export function BackToConsole() {
  return (
    <Link to="/admin" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Admin Dashboard
    </Link>
  );
}
