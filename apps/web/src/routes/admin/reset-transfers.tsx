import { Container } from '../../components/layout';
import { ResetTransferCounts } from '../../features/transfer-counts/reset-transfer-counts';
import { BackToConsole } from '../../features/admin-users/back-to-console';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/reset-transfers — Reset Transfer Counts (spec §2, staff only). */
export function ResetTransfersPage() {
  useDocumentTitle('Reset Transfer Counts');
  return (
    <Container className="max-w-5xl py-8 sm:py-10">
      <BackToConsole />
      <h1 className="mt-4 text-2xl font-semibold text-slate-900 sm:text-3xl">Reset Transfer Counts</h1>
      <ResetTransferCounts />
    </Container>
  );
}
