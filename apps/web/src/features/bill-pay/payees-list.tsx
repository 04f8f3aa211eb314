import { type Payee, billerCategoryLabels, messages } from '@mutual/shared';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/button';
import { useBillPayActions } from './bill-pay-api';
import { numberUnreadable, payeeName } from './format';
import { SavedList } from './saved-list';

/**
 * The member's saved payees, account numbers masked. "Remove payee" asks first; the server keeps
 * a payee that still has scheduled payments and says so. A payee whose saved number the server
 * cannot read says so, and what to do: it cannot be paid, but it can be removed and added again.
 */
export function PayeesList({ payees }: { payees: Payee[] }) {
  const { removePayee } = useBillPayActions();
  return (
    <SavedList
      headingId="bill-payees-heading"
      title="Your payees"
      items={payees}
      emptyText="No payees yet. Choose “Add Payee” in the form to add one."
      run={(payee) => removePayee.mutateAsync(payee.id)}
      describe={(payee) => (
        <>
          <p className="font-medium break-words text-slate-900">{payeeName(payee)}</p>
          <p className="text-slate-600">
            {billerCategoryLabels[payee.category]} · <span className="font-mono">{payee.accountNumberMasked}</span>
          </p>
          {numberUnreadable(payee) && (
            <p className="text-amber-800">{messages.billPay.payeeNumberUnreadable(payee.nickname)}</p>
          )}
        </>
      )}
      button={(payee, ask) => (
        <Button
          variant="ghost"
          size="sm"
          icon={Trash2}
          className="shrink-0 text-red-700 hover:bg-red-50"
          aria-label={`Remove payee ${payeeName(payee)}`}
          onClick={ask}
        >
          Remove
        </Button>
      )}
      confirm={{
        title: 'Remove payee',
        confirmLabel: 'Remove payee',
        keepLabel: 'Keep payee',
        says: (target) => (
          <p>
            Remove <strong className="font-semibold text-slate-900">{payeeName(target)}</strong> (account{' '}
            <span className="font-mono">{target.accountNumberMasked}</span>) from your payees? Payments already made
            stay in your history.
          </p>
        ),
      }}
    />
  );
}
