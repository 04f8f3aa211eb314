import { type PaymentOrder, messages, paymentReturnSchema, RETURN_NOTE_MAX, returnReasonsByRail } from '@mutual/shared';
import { CheckCircle2, Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FieldError, FormField, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import type { ShowFlash } from '../admin-users/use-flash';
import { errorMessage } from '../../lib/api-errors';
import { bankDetails, orderAmount, railLabel } from './format';
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
  const rows: Array<[string, string]> = [
    ['Member', `${order.member.name} (${order.member.email})`],
    ['Amount', `${orderAmount(order)} from ${order.fromAccount}`],
    ['To', `${order.beneficiary.name}, account ${order.beneficiary.accountNumberMasked}`],
    ['Bank', [order.beneficiary.bankName, ...bankDetails(order)].join(' · ')],
    ['Rail', railLabel(order)],
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl bg-slate-50 p-3.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
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
    settle.mutate(order.id, {
      onSuccess: (result) => onFlash('success', result.message),
      onError: (error) => onFlash('error', errorMessage(error, m.settleFailed)),
      onSettled: onClose,
    });
  };
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => !open && !settle.isPending && onClose()}
      title="Settle payment"
      description={settleDescription}
    >
      {order && <OrderSummary order={order} />}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={settle.isPending}>
          Cancel
        </Button>
        <Button icon={CheckCircle2} onClick={confirm} disabled={settle.isPending}>
          {settle.isPending ? 'Settling...' : 'Settle payment'}
        </Button>
      </div>
    </Dialog>
  );
}

/** Return: a reason from the order's rail (in plain words, as the member will read it) and an optional note. */
export function ReturnDialog({ order, onClose, onFlash }: DialogProps) {
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Return payment"
      size="lg"
      description={returnDescription}
    >
      {order && <ReturnForm key={order.id} order={order} onClose={onClose} onFlash={onFlash} />}
    </Dialog>
  );
}

function ReturnForm({ order, onClose, onFlash }: { order: PaymentOrder; onClose: () => void; onFlash: ShowFlash }) {
  const { returnOrder } = usePaymentOpsActions();
  const [code, setCode] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ code?: string; note?: string }>({});
  const reasons = returnReasonsByRail[order.rail];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentReturnSchema.safeParse({ code, note });
    if (!parsed.success) {
      const found: { code?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'note' ? 'note' : 'code';
        found[field] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(found.code ? `return-reason-${reasons[0]?.code ?? ''}` : 'return-note')?.focus();
      return;
    }
    setErrors({});
    returnOrder.mutate(
      { id: order.id, body: parsed.data },
      {
        onSuccess: (result) => {
          onFlash('success', result.message);
          onClose();
        },
        onError: (error) => {
          const fields = error instanceof ApiRequestError ? error.body.fields : undefined;
          if (fields?.code || fields?.note) return setErrors({ code: fields.code, note: fields.note });
          onFlash('error', errorMessage(error, m.returnFailed));
          onClose();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Return payment">
      <OrderSummary order={order} />
      <fieldset aria-describedby={errors.code ? 'return-reason-error' : undefined}>
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
                onChange={() => {
                  setCode(reason.code);
                  setErrors((current) => ({ ...current, code: undefined }));
                }}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
              />
              <span>
                {order.rail === 'ach' && <span className="font-semibold">{reason.code} · </span>}
                {reason.label}
              </span>
            </label>
          ))}
        </div>
        <FieldError id="return-reason" error={errors.code} />
      </fieldset>
      <FormField
        id="return-note"
        label="Note to the member"
        optional
        hint="Sent with the reason in the member's notification and e-mail."
        error={errors.note}
      >
        <textarea
          {...controlProps('return-note', { hint: true, error: errors.note }, 'min-h-20')}
          value={note}
          maxLength={RETURN_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={returnOrder.isPending}>
          Cancel
        </Button>
        <Button icon={Undo2} type="submit" disabled={returnOrder.isPending} variant="danger">
          {returnOrder.isPending ? 'Returning...' : 'Return payment'}
        </Button>
      </div>
    </form>
  );
}
