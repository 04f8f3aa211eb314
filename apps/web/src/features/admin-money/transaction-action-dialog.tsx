import { type Transaction, formatWireMoney, messages, reversalSchema } from '@mutual/shared';
import { Info } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import { useRefreshUsers } from '../admin-users/admin-api';
import type { ShowFlash } from '../admin-users/use-flash';
import { useTransactionAction } from './money-api';
import type { RowAction } from './staff-transaction-table';
import { typeLabels } from './staff-rows';

const a = messages.admin;

const copy = {
  reverse: {
    title: 'Delete transaction',
    confirm: 'Delete transaction',
    busy: 'Deleting...',
    failed: a.deleteTransactionFailed,
  },
  complete: {
    title: 'Complete transaction',
    confirm: 'Complete transaction',
    busy: 'Completing...',
    failed: messages.generic.internal,
  },
} as const;

interface ActionProps {
  userId: string;
  action: RowAction;
  transaction: Transaction;
  onClose: () => void;
  onFlash: ShowFlash;
}

/**
 * Confirms a staff correction of one row. "Delete" never destroys anything (decisions.md): a
 * posted row gets a reversing entry, a pending one is voided and its hold released. "Complete"
 * posts a staff-entered pending row.
 */
export function TransactionActionDialog(props: ActionProps) {
  const { action, transaction, onClose } = props;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={copy[action].title}
      description={<Summary transaction={transaction} />}
    >
      <ActionForm {...props} />
    </Dialog>
  );
}

function Summary({ transaction }: { transaction: Transaction }) {
  return (
    <>
      {transaction.description} · {typeLabels[transaction.type]} {formatWireMoney(transaction.amount)} ·{' '}
      {transaction.accountType} · {formatDateTime(transaction.date)} · {transaction.status}
    </>
  );
}

function explanation(action: RowAction, transaction: Transaction): string {
  if (action === 'complete') {
    return 'The pending amount posts to the member’s balance now, with its original date.';
  }
  if (transaction.status === 'Pending') {
    return (
      'Nothing is destroyed: the pending transaction is cancelled and the money it held is released. ' +
      'It stays in the history as Failed, with your reason.'
    );
  }
  return (
    'Nothing is destroyed: a reversing entry is posted that undoes this transaction’s effect on the balance. ' +
    'Both stay in the history, marked Reversed and Reversal, and the audit log records your reason.'
  );
}

function ActionForm({ userId, action, transaction, onClose, onFlash }: ActionProps) {
  const refresh = useRefreshUsers();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const run = useTransactionAction(userId, transaction.transferId, action, {
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      onFlash('success', result.message || (action === 'reverse' ? a.transactionDeleted : a.pendingCompleted));
      onClose();
    },
    onError: (error) => {
      const field = fieldErrors(error).find(([name]) => name === 'reason')?.[1];
      if (field) setReasonError(field);
      else setFailure(errorMessage(error, copy[action].failed));
    },
    // A 409 (already reversed elsewhere) also means the table is out of date.
    onSettled: () => void refresh(),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (run.isPending) return;
    if (action === 'complete') return run.mutate(undefined);
    const parsed = reversalSchema.safeParse({ reason });
    if (!parsed.success) return setReasonError(parsed.error.issues[0]?.message ?? a.reversalReasonRequired);
    run.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="flex gap-2 rounded-xl border border-sky-200 bg-sky-50 p-3.5 text-sm text-sky-950">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {explanation(action, transaction)}
      </p>
      {action === 'reverse' && (
        <FormField id="reverse-reason" label="Reason" error={reasonError}>
          <textarea
            {...controlProps('reverse-reason', { error: reasonError })}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
            rows={3}
            maxLength={500}
            aria-required="true"
            autoFocus
          />
        </FormField>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={run.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={run.isPending} autoFocus={action === 'complete'}>
          {run.isPending ? copy[action].busy : copy[action].confirm}
        </Button>
      </div>
    </form>
  );
}
