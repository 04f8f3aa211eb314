import { useDocumentTitle } from '../../lib/use-document-title';
import { DepositReview } from './deposit-review';

/** /admin/deposits — Deposit Review, the staff queue of mobile check deposits (staff only). */
export function DepositReviewPage() {
  useDocumentTitle('Deposit Review');
  return <DepositReview />;
}
