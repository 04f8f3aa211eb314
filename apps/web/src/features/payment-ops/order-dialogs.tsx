import { type PaymentOrder, messages, paymentReturnSchema, returnReasonsByRail } from '@mutual/shared';
import { CheckCircle2 } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FieldError } from '../../components/form-field';
import { type ShowFlash, flashAnswer } from '../admin-users/use-flash';
import { bankDetails, orderAmount, railLabel } from './format';
import { PaymentSummaryList, ReturnForm, ReturnPaymentDialog, paymentRows } from './return-parts';
import { usePaymentOpsActions } from './payment-ops-api';

const m = messages.paymentOps;
const settleDescription =
  "Mark this payment as sent. The held money leaves the member's account and they are told the payment went out. " +
  'This cannot be undone.';
const returnDescription =
  "The held money goes back to the member's account. " +
  'They see the reason in their history and are told by notification and e-mail.';
const reasonClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3.5 py-2.5 text-sm text-slate-800 ' +
  'has-checked:border-brand has-checked:bg-brand-soft';

/** The order a dialog is about, as staff need to check it before acting. */
function OrderSummary({ order }: { order: PaymentOrder }) {
  return (
    <PaymentSummaryList
      rows={[
        ...paymentRows(order, orderAmount(order), order.beneficiary),
        ['Bank', [order.beneficiary.bankName, ...bankDetails(order)].join(' · ')],
        ['Rail', railLabel(order)],
      ]}
    />
  );
}

interface DialogProps {
  order: PaymentOrder | null;
  onClose: () => void;
  onFlash: ShowFlash;
}

/** Settle: a confirmation, since the money then leaves the member's account for good. */
export function SettleDialog({ order, onClose, onFlash }: DialogProps) {
  const { settle } = usePaymentOpsActions();
  const confirm = () => {
    if (!order) return;
    settle.mutate(order.id, { ...flashAnswer(onFlash, m.settleFailed), onSettled: onClose });
  };
  return (
    <ConfirmDialog
      open={order !== null}
      onClose={onClose}
      title="Settle payment"
      description={settleDescription}
      icon={CheckCircle2}
      confirmLabel="Settle payment"
      pendingLabel="Settling..."
      pending={settle.isPending}
      onConfirm={confirm}
    >
      {order && <OrderSummary order={order} />}
    </ConfirmDialog>
  );
}

/** Return: a reason from the order's rail (in plain words, as the member will read it) and an optional note. */
export function ReturnDialog({ order, onClose, onFlash }: DialogProps) {
  return (
    <ReturnPaymentDialog payment={order} description={returnDescription} onClose={onClose}>
      {(shown) => <OrderReturnForm order={shown} onClose={onClose} onFlash={onFlash} />}
    </ReturnPaymentDialog>
  );
}

function OrderReturnForm({ order, onClose, onFlash }: DialogProps & { order: PaymentOrder }) {
  const { returnOrder } = usePaymentOpsActions();
  const reasons = returnReasonsByRail[order.rail];
  return (
    <ReturnForm
      schema={paymentReturnSchema}
      send={(body, handlers) => returnOrder.mutate({ id: order.id, body }, handlers)}
      pending={returnOrder.isPending}
      onFlash={onFlash}
      onClose={onClose}
      summary={<OrderSummary order={order} />}
      reasonFocusId={`return-reason-${reasons[0]?.code ?? ''}`}
      reasonField={({ code, choose, error }) => (
        <fieldset aria-describedby={error ? 'return-reason-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">Return reason</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {reasons.map((reason) => (
              <label key={reason.code} className={reasonClass}>
                <input
                  type="radio"
                  name="return-reason"
                  id={`return-reason-${reason.code}`}
                  value={reason.code}
                  checked={code === reason.code}
                  onChange={() => choose(reason.code)}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
                />
                <span>
                  {order.rail === 'ach' && <span className="font-semibold">{reason.code} · </span>}
                  {reason.label}
                </span>
              </label>
            ))}
          </div>
          <FieldError id="return-reason" error={error} />
        </fieldset>
      )}
      noteId="return-note"
      noteHint="Sent with the reason in the member's notification and e-mail."
    />
  );
}
