import {
  CHECK_NUMBER_MAX_DIGITS,
  type DepositInput,
  type DepositOverview,
  type DepositRequest,
  type DepositResult,
  depositRequestSchema,
  formatWireMoney,
  messages,
  parseMoney,
} from '@mutual/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { ChoiceOptions } from '../../components/choice-options';
import { ApiRequestError } from '../../lib/api';
import { useFormLanding } from '../../lib/focus-landing';
import { useApiForm } from '../../lib/use-api-form';
import { useIdempotentRequest } from '../../lib/use-idempotent-request';
import { BlockedModal } from '../transfers/blocked-modal';
import { AmountField, SubmitButton, TextField } from '../transfers/transfer-fields';
import { CheckImageInput, useCheckPhoto } from './check-image-input';
import { type DepositSubmission, useSubmitDeposit } from './deposits-api';
import { depositAccountName, megabytes } from './format';
import { outcomeOf } from '../transfers/transfer-errors';

const m = messages.deposits;

type Overview = Pick<DepositOverview, 'accounts' | 'limits' | 'imageMaxBytes'>;
type CheckSide = ReturnType<typeof useCheckPhoto>;

const blankFor = (overview: Overview): DepositInput => ({
  toAccount: overview.accounts[0]?.type ?? 'Checking',
  amount: '',
  checkNumber: '',
});

const cents = (amount: string) => {
  const parsed = parseMoney(amount);
  return parsed.ok ? parsed.cents : null;
};

/**
 * Over a limit the overview shows, in the words the server refuses with (it decides again, at
 * the moment of the deposit); null when the amount fits.
 */
function overLimit(amount: string, { perCheck, daily, thirtyDays }: Overview['limits']): string | null {
  const wanted = cents(amount);
  if (wanted === null) return null;
  const over = (limit: string) => {
    const most = cents(limit);
    return most !== null && wanted > most;
  };
  if (over(perCheck)) return m.overCheckLimit(formatWireMoney(perCheck));
  if (over(daily.amountLeft))
    return m.overDailyAmount(formatWireMoney(daily.amount), formatWireMoney(daily.amountLeft));
  if (over(thirtyDays.amountLeft)) {
    return m.overMonthlyAmount(formatWireMoney(thirtyDays.amount), formatWireMoney(thirtyDays.amountLeft));
  }
  return null;
}

/**
 * The Mobile Deposit form (spec §2, §5 "Mobile deposit", §8; issue 17 item 1): the account, the
 * amount, the check number if the member has it, and photos of both sides. "Submit Deposit" waits
 * for the amount and both photos; the values are checked with the API's own schema, then sent once
 * per intended deposit (an Idempotency-Key), so a double click cannot deposit a check twice.
 */
export function DepositForm({ overview, onSubmitted }: { overview: Overview; onSubmitted: () => void }) {
  const { mutateAsync } = useSubmitDeposit();
  const { send, sending, forget } = useIdempotentRequest<DepositSubmission, DepositResult>(mutateAsync);
  const front = useCheckPhoto(overview.imageMaxBytes);
  const back = useCheckPhoto(overview.imageMaxBytes);
  const [done, setDone] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  // "Submit Deposit" waits again once the form is empty, and a waiting button loses the focus.
  const { formId, messageId, focusForm } = useFormLanding();

  const { form, formProps, formError, setFormError } = useApiForm<DepositInput, DepositRequest>({
    schema: depositRequestSchema,
    defaultValues: blankFor(overview),
    fallback: m.failed,
    // The JSON part's messages come keyed by field (`amount`); a photo's by its part (`front`).
    otherFields: { front: front.refuse, back: back.refuse },
    submit: async (values) => {
      setDone(null);
      if (!front.photo || !back.photo) {
        if (!front.photo) front.setError(m.frontRequired);
        if (!back.photo) back.setError(m.backRequired);
        (front.photo ? back : front).inputRef.current?.focus();
        return;
      }
      const limit = overLimit(values.amount, overview.limits);
      if (limit) {
        form.setError('amount', { type: 'limit', message: limit }, { shouldFocus: true });
        return;
      }
      const result = await send({ deposit: values, front: front.photo, back: back.photo });
      if (!result) return;
      form.reset(blankFor(overview));
      front.clear();
      back.clear();
      setDone(result.message);
      focusForm();
      onSubmitted();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body.code === 'ACCOUNT_LOCKED') {
        setBlocked(true);
        return true;
      }
      return false;
    },
  });
  const { register, control, formState } = form;
  const amount = useWatch({ control, name: 'amount' });
  // Spec §5: the button waits for the amount and both photos.
  const ready = Boolean(amount?.trim()) && front.photo !== null && back.photo !== null;

  const error = (name: keyof DepositInput) => form.getFieldState(name, formState).error?.message;
  const imageHint = `A JPEG, PNG or WebP photo under ${megabytes(overview.imageMaxBytes)} MB.`;
  const outcome = outcomeOf(formError, done);
  /** A side's input: its photo and error, and a new photo clears the last deposit's message. */
  const sideProps = (side: CheckSide) => ({
    photo: side.photo,
    error: side.error,
    inputRef: side.inputRef,
    onChoose: (file: File) => {
      setDone(null);
      side.choose(file);
    },
  });

  return (
    <>
      <form id={formId} {...formProps} className="space-y-5" aria-label="Deposit a check">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="deposit-to" label="Deposit to" error={error('toAccount')}>
            <select {...controlProps('deposit-to', { error: error('toAccount') })} {...register('toAccount')}>
              <ChoiceOptions
                choices={overview.accounts.map((account) => ({
                  value: account.type,
                  label: depositAccountName(account),
                }))}
              />
            </select>
          </FormField>
          <AmountField id="deposit-amount" registration={register('amount')} error={error('amount')} />
          <div className="sm:col-span-2">
            <TextField
              id="deposit-check-number"
              label="Check number"
              optional
              hint="The number printed at the top right of the check."
              registration={register('checkNumber')}
              error={error('checkNumber')}
              inputMode="numeric"
              maxLength={CHECK_NUMBER_MAX_DIGITS}
              autoComplete="off"
            />
          </div>
          <CheckImageInput
            id="deposit-front"
            label="Front of check"
            hint={`The whole check, flat and in focus. ${imageHint}`}
            {...sideProps(front)}
          />
          <CheckImageInput
            id="deposit-back"
            label="Back of check"
            hint={`Signed and endorsed as shown. ${imageHint}`}
            {...sideProps(back)}
          />
        </div>
        {outcome && (
          <Alert id={messageId} tone={outcome.tone}>
            {outcome.text}
          </Alert>
        )}
        {!ready && !sending && (
          <p id="deposit-submit-hint" className="text-sm text-slate-600">
            Enter the amount and add photos of both sides of the check to submit.
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="ghost"
            className="sm:mr-auto"
            onClick={() => {
              forget();
              form.reset(blankFor(overview));
              front.clear();
              back.clear();
              setDone(null);
              setFormError(null);
            }}
          >
            Clear form
          </Button>
          <SubmitButton sending={sending} disabled={!ready}>
            Submit Deposit
          </SubmitButton>
        </div>
      </form>
      <BlockedModal kind="suspended" open={blocked} onOpenChange={setBlocked} />
    </>
  );
}
