import {
  type Biller,
  type NewPayee,
  type NewPayeeInput,
  NICKNAME_MAX,
  type PayeeResult,
  type TransferChallenge,
  billerCategories,
  billerCategoryLabels,
  messages,
  newPayeeSchema,
  payeeConfirmSchema,
} from '@mutual/shared';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { OtpField, useOtpEntry } from '../../components/otp-field';
import { Button } from '../../components/button';
import { ChoiceOptions } from '../../components/choice-options';
import { Dialog, type DialogControlProps } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { TermList } from '../../components/term-list';
import { ApiRequestError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { useStepLanding } from '../../lib/focus-landing';
import { submitWith } from '../../lib/submit-with';
import { type ApiForm, useApiForm } from '../../lib/use-api-form';
import { SubmitButton, SubmitRow, TextField, fieldBinding } from '../transfers/transfer-fields';
import { useAddPayee, usePayeeChallenge } from './bill-pay-api';

const m = messages.billPay;
const payeeFields = ['billerId', 'accountNumber', 'nickname'] as const;
const blankPayee: NewPayeeInput = { billerId: '', accountNumber: '', nickname: '' };

/** What step 2 hands back to step 1: a sentence, or messages for the payee's own fields. */
interface Problem {
  message?: string;
  fields?: [string, string][];
}

/**
 * Add Payee (issue 15 item 2): a biller from the credit union's directory, the member's account
 * number there and an optional nickname; "Send code" asks the server for a code bound to exactly
 * this payee (e-mailed, or the authenticator's), and the code step saves it. Adding a payee is a
 * high-risk action, like a transfer to a US bank.
 */
export function AddPayeeDialog({
  open,
  onOpenChange,
  billers,
  onAdded,
}: DialogControlProps & { billers: Biller[]; onAdded: (result: PayeeResult) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Payee" size="md">
      {/* Radix unmounts the content when closed: each opening starts from step 1, empty. */}
      <AddPayeeSteps billers={billers} onAdded={onAdded} />
    </Dialog>
  );
}

function AddPayeeSteps({ billers, onAdded }: { billers: Biller[]; onAdded: (result: PayeeResult) => void }) {
  const [confirming, setConfirming] = useState<{ payee: NewPayee; challenge: TransferChallenge } | null>(null);
  const challenge = usePayeeChallenge();
  // The button pressed goes with its step: the focus lands on the step that took its place.
  const { stepId, focusStep } = useStepLanding();
  const details = useApiForm<NewPayeeInput, NewPayee>({
    schema: newPayeeSchema,
    defaultValues: blankPayee,
    fields: payeeFields,
    requiredMessage: m.fillAllFields,
    submit: async (payee) => {
      if (challenge.isPending) return;
      setConfirming({ payee, challenge: await challenge.mutateAsync(payee) });
      focusStep();
    },
  });

  const back = () => {
    setConfirming(null);
    focusStep();
  };
  const onReturn = ({ message, fields = [] }: Problem) => {
    back();
    for (const [key, text] of fields) {
      const name = payeeFields.find((field) => field === key);
      if (name) details.form.setError(name, { type: 'server', message: text });
    }
    const leftover = fields.filter(([key]) => !payeeFields.some((field) => field === key)).map(([, text]) => text);
    const text = [message, ...leftover].filter(Boolean).join(' ');
    details.setFormError(text || null);
  };

  return (
    <div id={stepId}>
      {confirming ? (
        <CodeStep
          payee={confirming.payee}
          challenge={confirming.challenge}
          billerName={billers.find((biller) => biller.id === confirming.payee.billerId)?.name ?? ''}
          onBack={back}
          onReturn={onReturn}
          onAdded={onAdded}
        />
      ) : (
        <PayeeStep details={details} billers={billers} sending={challenge.isPending} />
      )}
    </div>
  );
}

/** Step 1: the biller, the account number there, a nickname. */
function PayeeStep({
  details,
  billers,
  sending,
}: {
  details: ApiForm<NewPayeeInput, NewPayee>;
  billers: Biller[];
  sending: boolean;
}) {
  const { register, formState } = details.form;
  const billerError = formState.errors.billerId?.message;
  const field = (name: (typeof payeeFields)[number]) => fieldBinding(details.form, name);
  return (
    <form noValidate onSubmit={(event) => void details.onSubmit(event)} className="space-y-4" aria-label="Add Payee">
      <FormField id="payee-biller" label="Biller" error={billerError}>
        <select
          {...controlProps('payee-biller', { error: billerError })}
          {...register('billerId')}
          aria-required="true"
        >
          <option value="">Select a biller</option>
          {billerCategories.map((category) => {
            const inCategory = billers.filter((biller) => biller.category === category);
            if (inCategory.length === 0) return null;
            return (
              <optgroup key={category} label={billerCategoryLabels[category]}>
                <ChoiceOptions choices={inCategory.map((biller) => ({ value: biller.id, label: biller.name }))} />
              </optgroup>
            );
          })}
        </select>
      </FormField>
      <TextField
        id="payee-account-number"
        label="Account number at the biller"
        hint="As it appears on your bill. Only its last digits are shown once saved."
        {...field('accountNumber')}
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        id="payee-nickname"
        label="Nickname"
        optional
        hint="A name you will recognise, such as “Home electricity”."
        {...field('nickname')}
        maxLength={NICKNAME_MAX}
        autoComplete="off"
      />
      <SubmitRow error={details.formError} sending={sending}>
        Send code
      </SubmitRow>
    </form>
  );
}

/** Step 2: the code sent for exactly this payee. */
function CodeStep({
  payee,
  challenge,
  billerName,
  onBack,
  onReturn,
  onAdded,
}: {
  payee: NewPayee;
  challenge: TransferChallenge;
  billerName: string;
  onBack: () => void;
  onReturn: (problem: Problem) => void;
  onAdded: (result: PayeeResult) => void;
}) {
  const addPayee = useAddPayee();
  const otp = useOtpEntry();
  const [alert, setAlert] = useState<string | null>(null);

  const confirm = async () => {
    // "Add Payee" stays off until six digits are typed (spec §5, as on sign-in); Enter too.
    if (addPayee.isPending || !otp.complete) return;
    setAlert(null);
    const code = otp.parse(payeeConfirmSchema.shape.otp, m.codeRequired);
    if (code === null) return;
    otp.setError(null);
    try {
      onAdded(await addPayee.mutateAsync({ payee, challengeId: challenge.challengeId, otp: code }));
    } catch (error) {
      const body = error instanceof ApiRequestError ? error.body : null;
      if (body?.code === 'CONFIRMATION_EXPIRED') return onReturn({ message: body.message });
      const fields = Object.entries(body?.fields ?? {});
      const codeMessage = fields.find(([key]) => key === 'otp' || key === 'challengeId');
      // The payee's own fields are sent nested under `payee`; step 1 shows them.
      const payeeProblems = fields
        .filter(([key]) => key.startsWith('payee.'))
        .map(([key, text]): [string, string] => [key.slice('payee.'.length), text]);
      if (payeeProblems.length > 0) return onReturn({ fields: payeeProblems });
      if (codeMessage) {
        otp.setError(codeMessage[1]);
        otp.focus();
        return;
      }
      setAlert(errorMessage(error));
    }
  };

  const hint = (
    <>
      {challenge.message}
      <span className="block text-slate-500">The code works once, for this payee only.</span>
    </>
  );
  return (
    <form noValidate onSubmit={submitWith(confirm)} className="space-y-4" aria-label="Confirm payee">
      <TermList
        rows={[
          ['Biller', billerName],
          ['Account number', <span className="font-mono">{payee.accountNumber}</span>],
          payee.nickname ? ['Nickname', payee.nickname] : false,
        ]}
        className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-slate-50 px-4 text-sm"
        rowClassName="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4"
        termClassName="text-slate-600"
        valueClassName="font-medium break-words text-slate-900 sm:text-right"
      />
      <OtpField id="payee-otp" hint={hint} {...otp.field} />
      {alert && <Alert tone="error">{alert}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button icon={ArrowLeft} variant="outline" onClick={onBack} disabled={addPayee.isPending}>
          Back
        </Button>
        <SubmitButton sending={addPayee.isPending} disabled={!otp.complete}>
          Add Payee
        </SubmitButton>
      </div>
    </form>
  );
}
