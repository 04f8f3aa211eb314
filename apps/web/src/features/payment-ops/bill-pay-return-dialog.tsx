import { RETURN_NOTE_MAX, type StaffBillPayment, billReturnReasons, billReturnSchema, messages } from '@mutual/shared';
import { Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { formatCalendarDate, formatDateTime } from '../../lib/format-date';
import type { ShowFlash } from '../admin-users/use-flash';
import { payeeName } from '../bill-pay/format';
import { billAmount } from './bill-pay-list';
import { useReturnBillPayment } from './bill-pay-ops-api';

const m = messages.paymentOps;
const description =
  "The biller sent this payment back. The money goes back to the member's account as a credit of its own, " +
  'and they are told the reason (and your note) in a notification.';

type Errors = { code?: string; note?: string };

/** The payment as staff need to check it before returning it. */
function PaymentSummary({ payment }: { payment: StaffBillPayment }) {
  const rows: Array<[string, string]> = [
    ['Member', `${payment.member.name} (${payment.member.email})`],
    ['Amount', `${billAmount(payment)} from ${payment.fromAccount}`],
    ['To', `${payeeName(payment.payee)}, account ${payment.payee.accountNumberMasked}`],
    ['Date', `${formatCalendarDate(payment.payOn)}, sent ${formatDateTime(payment.sentAt)}`],
    ['Confirmation', payment.confirmationNumber ?? '—'],
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

/** Return a sent bill payment: a reason the member will read, and an optional note for them. */
export function BillReturnDialog({
  payment,
  onClose,
  onFlash,
}: {
  payment: StaffBillPayment | null;
  onClose: () => void;
  onFlash: ShowFlash;
}) {
  return (
    <Dialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Return payment"
      size="lg"
      description={description}
    >
      {payment && <ReturnForm key={payment.id} payment={payment} onClose={onClose} onFlash={onFlash} />}
    </Dialog>
  );
}

function ReturnForm({
  payment,
  onClose,
  onFlash,
}: {
  payment: StaffBillPayment;
  onClose: () => void;
  onFlash: ShowFlash;
}) {
  const returnPayment = useReturnBillPayment();
  const [code, setCode] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = billReturnSchema.safeParse({ code, note });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'note' ? 'note' : 'code';
        found[field] ??= issue.message;
      }
      // Nothing chosen yet reads better as "choose one" than as "choose one from the list".
      if (found.code && code === '') found.code = m.returnCodeRequired;
      setErrors(found);
      document.getElementById(found.code ? 'bill-return-reason' : 'bill-return-note')?.focus();
      return;
    }
    setErrors({});
    returnPayment.mutate(
      { id: payment.id, body: parsed.data },
      {
        onSuccess: (result) => {
          onFlash('success', result.message);
          onClose();
        },
        onError: (error) => {
          const fields = error instanceof ApiRequestError ? error.body.fields : undefined;
          if (fields?.code || fields?.note) return setErrors({ code: fields.code, note: fields.note });
          // A 409 (already returned, or no longer sent) says why; the list has been refreshed.
          onFlash('error', errorMessage(error, m.returnFailed));
          onClose();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Return payment">
      <PaymentSummary payment={payment} />
      <FormField id="bill-return-reason" label="Return reason" error={errors.code}>
        <select
          {...controlProps('bill-return-reason', { error: errors.code })}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setErrors((current) => ({ ...current, code: undefined }));
          }}
        >
          <option value="">Choose a reason</option>
          {billReturnReasons.map((reason) => (
            <option key={reason.code} value={reason.code}>
              {reason.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id="bill-return-note"
        label="Note to the member"
        optional
        hint={`Sent with the reason in the member's notification. At most ${RETURN_NOTE_MAX} characters.`}
        error={errors.note}
      >
        <textarea
          {...controlProps('bill-return-note', { hint: true, error: errors.note }, 'min-h-20')}
          value={note}
          maxLength={RETURN_NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={returnPayment.isPending}>
          Cancel
        </Button>
        <Button icon={Undo2} type="submit" disabled={returnPayment.isPending} variant="danger">
          {returnPayment.isPending ? 'Returning...' : 'Return payment'}
        </Button>
      </div>
    </form>
  );
}
