import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../../components/layout';
import { ResetTransferCounts } from '../../features/transfer-counts/reset-transfer-counts';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/reset-transfers — Reset Transfer Counts (spec §2, staff only). */
export function ResetTransfersPage() {
  useDocumentTitle('Reset Transfer Counts');
  return (
    <Container className="max-w-5xl py-8 sm:py-10">
      <Link to="/admin" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Admin Dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900 sm:text-3xl">Reset Transfer Counts</h1>
      <ResetTransferCounts />
    </Container>
  );
}
