import { Container } from '../../components/layout';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Placeholder: replaced by the Audit Log screen. */
export function AuditLogPage() {
  useDocumentTitle('Audit Log');
  return (
    <Container className="py-10">
      <h1 className="text-2xl font-semibold text-slate-900">Audit Log</h1>
    </Container>
  );
}
