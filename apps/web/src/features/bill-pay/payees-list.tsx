import { type Payee, billerCategoryLabels } from '@mutual/shared';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/button';
import { useBillPayActions } from './bill-pay-api';
import { ConfirmDialog, ConfirmNotice } from './confirm-dialog';
import { payeeName } from './format';
import { useConfirmAction } from './use-confirm-action';
import { PanelSection } from '../../components/layout';

/**
 * The member's saved payees, account numbers masked. "Remove payee" asks first; the server keeps
 * a payee that still has scheduled payments and says so.
 */
export function PayeesList({ payees }: { payees: Payee[] }) {
  const { removePayee } = useBillPayActions();
  const remove = useConfirmAction((payee: Payee) => removePayee.mutateAsync(payee.id));

  return (
    <PanelSection headingId="bill-payees-heading" title="Your payees">
      <ConfirmNotice action={remove} />
      {payees.length === 0 ? (
        <p className="text-sm text-slate-600">No payees yet. Choose “Add Payee” in the form to add one.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Your payees">
          {payees.map((payee) => (
            <li key={payee.id} className="flex items-start justify-between gap-3 py-2.5">
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words text-slate-900">{payeeName(payee)}</p>
                <p className="text-slate-600">
                  {billerCategoryLabels[payee.category]} ·{' '}
                  <span className="font-mono">{payee.accountNumberMasked}</span>
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                icon={Trash2}
                className="shrink-0 text-red-700 hover:bg-red-50"
                aria-label={`Remove payee ${payeeName(payee)}`}
                onClick={() => remove.ask(payee)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog action={remove} title="Remove payee" confirmLabel="Remove payee" keepLabel="Keep payee">
        {(target) => (
          <p>
            Remove <strong className="font-semibold text-slate-900">{payeeName(target)}</strong> (account{' '}
            <span className="font-mono">{target.accountNumberMasked}</span>) from your payees? Payments already made
            stay in your history.
          </p>
        )}
      </ConfirmDialog>
    </PanelSection>
  );
}
