import { Container } from '../../components/layout';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Placeholder: replaced by the Payment Operations screen. */
export function PaymentOperationsPage() {
  useDocumentTitle('Payment Operations');
  return (
    <Container className="py-10">
      <h1 className="text-2xl font-semibold text-slate-900">Payment Operations</h1>
    </Container>
  );
}
