import { RETURN_NOTE_MAX, type StaffBillPayment, billReturnReasons, billReturnSchema } from '@mutual/shared';
import { ChoiceSelect } from '../../components/choice-options';
import { formatCalendarDate, formatDateTime } from '../../lib/format-date';
import type { ShowFlash } from '../admin-users/use-flash';
import { payeeName } from '../bill-pay/format';
import { billAmount } from './bill-pay-list';
import { useReturnBillPayment } from './bill-pay-ops-api';
import { PaymentSummaryList, ReturnForm, ReturnPaymentDialog, paymentRows } from './return-parts';

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
      {(shown) => <BillReturnForm payment={shown} onClose={onClose} onFlash={onFlash} />}
    </ReturnPaymentDialog>
  );
}

function BillReturnForm({
  payment,
  onClose,
  onFlash,
}: {
  payment: StaffBillPayment;
  onClose: () => void;
  onFlash: ShowFlash;
}) {
  const returnPayment = useReturnBillPayment();
  return (
    <ReturnForm
      schema={billReturnSchema}
      send={(body, handlers) => returnPayment.mutate({ id: payment.id, body }, handlers)}
      pending={returnPayment.isPending}
      onFlash={onFlash}
      onClose={onClose}
      summary={<PaymentSummary payment={payment} />}
      reasonFocusId="bill-return-reason"
      reasonField={({ code, choose, error }) => (
        <ChoiceSelect
          id="bill-return-reason"
          label="Return reason"
          error={error}
          value={code}
          onChange={choose}
          placeholder="Choose a reason"
          choices={billReturnReasons.map((reason) => ({ value: reason.code, label: reason.label }))}
        />
      )}
      noteId="bill-return-note"
      noteHint={`Sent with the reason in the member's notification. At most ${RETURN_NOTE_MAX} characters.`}
    />
  );
}
