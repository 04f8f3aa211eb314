import {
  type AccountSummary,
  type BillPaymentInput,
  type BillPaymentRequest,
  type BillPayOverview,
  MEMO_MAX,
  billPayFrequencies,
  billPayFrequencyLabels,
  billPaymentSchema,
  messages,
} from '@mutual/shared';
import { useCallback, useState } from 'react';
import { type Path, useController, useWatch } from 'react-hook-form';
import { FormField, controlProps } from '../../components/form-field';
import { useClearOnEdit } from '../../lib/use-clear-on-edit';
import { useFormLanding } from '../../lib/focus-landing';
import { ChoiceOptions } from '../../components/choice-options';
import { ApiRequestError } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import { BlockedModal } from '../transfers/blocked-modal';
import { exceedsAvailable } from '../transfers/money';
import { AccountSelect, AmountField, TextField, TransferFormActions, fieldBinding } from '../transfers/transfer-fields';
import { AddPayeeDialog } from './add-payee-dialog';
import { type Ending, PayeeField, RecurringEnd } from './bill-payment-fields';
import { longDay, payDateProblem, seriesHoldRule } from './format';
import { useBillPaymentRequest } from './use-bill-payment-request';
import { outcomeOf } from '../transfers/transfer-errors';

const m = messages.billPay;

const blankFor = (accounts: AccountSummary[]): BillPaymentInput => ({
  fromAccount: accounts[0]?.type ?? 'Checking',
  payeeId: '',
  amount: '',
  payOn: '',
  memo: '',
  frequency: 'once',
});

type Failure =
  /** Staff placed a hold (ACCOUNT_LOCKED): the transfers' blocked modal. */
  | { kind: 'locked' }
  | { kind: 'funds'; message: string }
  /** Messages for the fields: `useApiForm` puts each under its field. */
  | { kind: 'fields' }
  | { kind: 'alert'; message: string };

function readFailure(error: unknown): Failure {
  if (!(error instanceof ApiRequestError)) return { kind: 'alert', message: m.failed };
  const { code, message, fields } = error.body;
  if (code === 'ACCOUNT_LOCKED') return { kind: 'locked' };
  if (code === 'INSUFFICIENT_FUNDS') return { kind: 'funds', message: fields?.amount ?? m.insufficientFunds };
  if (fields && Object.keys(fields).length > 0) return { kind: 'fields' };
  // A refusal the server explained (a payee removed meanwhile, the cut-off just passed): its words.
  if (error.status >= 400 && error.status < 500) return { kind: 'alert', message: message || m.failed };
  // No answer, or the server broke: the spec's sentence.
  return { kind: 'alert', message: m.failed };
}

/**
 * The Bill Pay form (spec §5 "Bill pay", issue 15 item 3): from account, payee ("Add Payee" beside
 * it), the payee's account number (read-only, masked), amount, payment date on the Federal
 * Reserve's calendar, optional memo, and how often. Checked with the API's own schema, then the
 * date and the available balance, then sent once per intended payment (an Idempotency-Key).
 */
export function BillPaymentForm({ accounts, overview }: { accounts: AccountSummary[]; overview: BillPayOverview }) {
  const { send, sending, forget } = useBillPaymentRequest();
  const [ending, setEnding] = useState<Ending>('never');
  const [done, setDone] = useState<string | null>(null);
  const clearDone = useCallback(() => setDone(null), []);
  const [blocked, setBlocked] = useState(false);
  const [addingPayee, setAddingPayee] = useState(false);
  const [payeeAdded, setPayeeAdded] = useState<string | null>(null);
  // A field Enter was pressed in may go with the reset (a recurring payment's end): see `useFormLanding`.
  const { formId, messageId, focusForm } = useFormLanding();

  const { form, formProps, formError, setFormError, setFieldError } = useApiForm<BillPaymentInput, BillPaymentRequest>({
    schema: billPaymentSchema,
    defaultValues: blankFor(accounts),
    fallback: m.failed,
    // Spec §5/§8: "Please fill in all required fields" once for the form, the empty fields marked.
    requiredMessage: m.fillAllFields,
    submit: async (values) => {
      setDone(null);
      const dateProblem = payDateProblem(values.payOn, overview);
      if (dateProblem) {
        form.setError('payOn', { type: 'calendar', message: dateProblem }, { shouldFocus: true });
        return;
      }
      if (values.frequency !== 'once' && ending === 'date' && !values.endsOn) {
        setFieldError('endsOn', m.fillAllFields);
        return;
      }
      const from = accounts.find((account) => account.type === values.fromAccount);
      if (exceedsAvailable(values.amount, from?.available)) {
        form.setError('amount', { type: 'funds', message: m.insufficientFunds }, { shouldFocus: true });
        return;
      }
      const result = await send(values);
      if (!result) return;
      form.reset(blankFor(accounts));
      setEnding('never');
      setPayeeAdded(null);
      setDone(m.scheduled);
      focusForm();
    },
    onError: (error) => {
      const failure = readFailure(error);
      if (failure.kind === 'fields') return false;
      if (failure.kind === 'locked') setBlocked(true);
      else if (failure.kind === 'funds')
        form.setError('amount', { type: 'funds', message: failure.message }, { shouldFocus: true });
      else setFormError(failure.message);
      return true;
    },
  });
  const { register, control, formState } = form;
  useClearOnEdit(form, clearDone);
  // Controlled, so a payee added a moment ago is chosen once its option is there; registered here,
  // before the fields below, so an empty form's focus goes to the first field in reading order.
  const { field: payeeControl } = useController({ control, name: 'payeeId' });

  const [fromType, payeeId, frequency, payOn] = useWatch({
    control,
    name: ['fromAccount', 'payeeId', 'frequency', 'payOn'],
  });
  const fromAccount = accounts.find((account) => account.type === fromType);
  const payee = overview.payees.find((candidate) => candidate.id === payeeId);
  const recurring = frequency !== undefined && frequency !== 'once';

  const error = (name: Path<BillPaymentInput>) => form.getFieldState(name, formState).error?.message;
  const field = (name: Path<BillPaymentInput>) => fieldBinding(form, name);

  const dateHint =
    `Earliest: ${longDay(overview.earliestDate)}. ` + `Payments are sent on business days at ${overview.cutOff}.`;
  const frequencyHint = recurring ? seriesHoldRule : undefined;
  const outcome = outcomeOf(formError, done);

  return (
    <>
      <form id={formId} {...formProps} className="space-y-5" aria-label="Pay a bill">
        <div className="grid gap-4 sm:grid-cols-2">
          <AccountSelect id="bill-from" label="From account" accounts={accounts} {...field('fromAccount')} />
          <PayeeField
            payees={overview.payees}
            control={payeeControl}
            error={error('payeeId')}
            added={payeeAdded}
            onAddPayee={() => {
              setPayeeAdded(null);
              setAddingPayee(true);
            }}
          />
          <FormField id="bill-account-number" label="Account Number">
            <input
              {...controlProps('bill-account-number', {}, 'bg-slate-50 font-mono text-slate-700')}
              value={payee?.accountNumberMasked ?? ''}
              placeholder="Choose a payee"
              readOnly
            />
          </FormField>
          <AmountField id="bill-amount" {...field('amount')} available={fromAccount?.available} />
          <FormField id="bill-pay-on" label="Payment Date" hint={dateHint} error={error('payOn')}>
            <input
              {...controlProps('bill-pay-on', { hint: dateHint, error: error('payOn') })}
              {...register('payOn')}
              type="date"
              min={overview.earliestDate}
              max={overview.latestDate}
              aria-required="true"
            />
          </FormField>
          <FormField id="bill-frequency" label="Frequency" hint={frequencyHint} error={error('frequency')}>
            <select
              {...controlProps('bill-frequency', { hint: frequencyHint, error: error('frequency') })}
              {...register('frequency')}
            >
              <ChoiceOptions
                choices={billPayFrequencies.map((value) => ({ value, label: billPayFrequencyLabels[value] }))}
              />
            </select>
          </FormField>
          {recurring && (
            <RecurringEnd
              ending={ending}
              onEnding={setEnding}
              payOn={payOn}
              overview={overview}
              register={register}
              errors={{ endsOn: error('endsOn'), count: error('count') }}
            />
          )}
          <div className="sm:col-span-2">
            <TextField
              id="bill-memo"
              label="Memo"
              optional
              {...field('memo')}
              maxLength={MEMO_MAX}
              autoComplete="off"
            />
          </div>
        </div>
        <TransferFormActions
          outcome={outcome}
          outcomeId={messageId}
          sending={sending}
          submitLabel="Schedule Payment"
          onClear={() => {
            forget();
            form.reset(blankFor(accounts));
            setEnding('never');
            setPayeeAdded(null);
            setDone(null);
            setFormError(null);
          }}
        />
      </form>
      <BlockedModal kind="suspended" open={blocked} onOpenChange={setBlocked} />
      <AddPayeeDialog
        open={addingPayee}
        onOpenChange={setAddingPayee}
        billers={overview.billers}
        onAdded={(result) => {
          setAddingPayee(false);
          setPayeeAdded(result.message);
          // The new payee is the one the member means to pay.
          form.setValue('payeeId', result.payee.id, { shouldValidate: formState.isSubmitted });
        }}
      />
    </>
  );
}
