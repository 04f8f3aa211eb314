import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Container } from '../../components/layout';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Reset Transfer Counts (staff only). Members' outbound transfers are counted once transfers
 * exist; until then there is nothing to reset, and the page says so rather than show zeros.
 */
export function ResetTransfersPage() {
  useDocumentTitle('Reset Transfer Counts');
  return (
    <Container className="max-w-3xl py-10">
      <Link to="/admin" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Admin Dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Reset Transfer Counts</h1>
      <Alert tone="info" className="mt-6">
        Transfer counts start when members can send money. There are no counts to reset yet.
      </Alert>
    </Container>
  );
}
