import { RETURN_NOTE_MAX, type StaffBillPayment, billReturnReasons, billReturnSchema } from '@mutual/shared';
import { ChoiceOptions } from '../../components/choice-options';
import { FormField, controlProps } from '../../components/form-field';
import { formatCalendarDate, formatDateTime } from '../../lib/format-date';
import type { ShowFlash } from '../admin-users/use-flash';
import { payeeName } from '../bill-pay/format';
import { billAmount } from './bill-pay-list';
import { useReturnBillPayment } from './bill-pay-ops-api';
import {
  PaymentSummaryList,
  ReturnActions,
  ReturnNoteField,
  ReturnPaymentDialog,
  paymentRows,
  useReturnForm,
} from './return-parts';

const description =
  "The biller sent this payment back. The money goes back to the member's account as a credit of its own, " +
  'and they are told the reason (and your note) in a notification.';

/** The payment as staff need to check it before returning it. */
function PaymentSummary({ payment }: { payment: StaffBillPayment }) {
  return (
    <PaymentSummaryList
      rows={[
        ...paymentRows(payment, billAmount(payment), {
          name: payeeName(payment.payee),
          accountNumberMasked: payment.payee.accountNumberMasked,
        }),
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
    <ReturnPaymentDialog payment={payment} description={description} onClose={onClose}>
      {(shown) => <ReturnForm payment={shown} onClose={onClose} onFlash={onFlash} />}
    </ReturnPaymentDialog>
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
          <ChoiceOptions
            placeholder="Choose a reason"
            choices={billReturnReasons.map((reason) => ({ value: reason.code, label: reason.label }))}
          />
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
