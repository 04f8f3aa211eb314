import { PaymentOperations } from '../../features/payment-ops/payment-operations';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin/payments — Payment Operations (staff only). */
export function PaymentOperationsPage() {
  useDocumentTitle('Payment Operations');
  return <PaymentOperations />;
}
