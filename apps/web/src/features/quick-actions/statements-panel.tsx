import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from './panel-frame';

/** Statements come in a later issue; until then the panel points to the full history. */
export function StatementsPanel() {
  return (
    <ComingSoon icon={<FileText className="h-5 w-5" aria-hidden="true" />}>
      <p className="font-medium text-slate-900">Statements are not available online yet.</p>
      <p>
        Until they are, you can see, search and export every transaction in your{' '}
        <Link to="/dashboard/transactions" className="font-medium text-brand underline underline-offset-2">
          transaction history
        </Link>
        .
      </p>
    </ComingSoon>
  );
}
