import { RETURN_NOTE_MAX, type StaffBillPayment, billReturnReasons, billReturnSchema } from '@mutual/shared';
import { Dialog } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { formatCalendarDate, formatDateTime } from '../../lib/format-date';
import type { ShowFlash } from '../admin-users/use-flash';
import { payeeName } from '../bill-pay/format';
import { billAmount } from './bill-pay-list';
import { useReturnBillPayment } from './bill-pay-ops-api';
import { PaymentSummaryList, ReturnActions, ReturnNoteField, useReturnForm } from './return-parts';

const description =
  "The biller sent this payment back. The money goes back to the member's account as a credit of its own, " +
  'and they are told the reason (and your note) in a notification.';

/** The payment as staff need to check it before returning it. */
function PaymentSummary({ payment }: { payment: StaffBillPayment }) {
  return (
    <PaymentSummaryList
      rows={[
        ['Member', `${payment.member.name} (${payment.member.email})`],
        ['Amount', `${billAmount(payment)} from ${payment.fromAccount}`],
        ['To', `${payeeName(payment.payee)}, account ${payment.payee.accountNumberMasked}`],
        ['Date', `${formatCalendarDate(payment.payOn)}, sent ${formatDateTime(payment.sentAt)}`],
        ['Confirmation', payment.confirmationNumber ?? '—'],
      ]}
    />
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
  const { code, chooseCode, note, setNote, errors, submit } = useReturnForm({
    schema: billReturnSchema,
    send: (body, handlers) => returnPayment.mutate({ id: payment.id, body }, handlers),
    onFlash,
    onClose,
    focusIdFor: (found) => (found.code ? 'bill-return-reason' : 'bill-return-note'),
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Return payment">
      <PaymentSummary payment={payment} />
      <FormField id="bill-return-reason" label="Return reason" error={errors.code}>
        <select
          {...controlProps('bill-return-reason', { error: errors.code })}
          value={code}
          onChange={(event) => chooseCode(event.target.value)}
        >
          <option value="">Choose a reason</option>
          {billReturnReasons.map((reason) => (
            <option key={reason.code} value={reason.code}>
              {reason.label}
            </option>
          ))}
        </select>
      </FormField>
      <ReturnNoteField
        id="bill-return-note"
        hint={`Sent with the reason in the member's notification. At most ${RETURN_NOTE_MAX} characters.`}
        value={note}
        error={errors.note}
        onChange={setNote}
      />
      <ReturnActions pending={returnPayment.isPending} onClose={onClose} />
    </form>
  );
}
