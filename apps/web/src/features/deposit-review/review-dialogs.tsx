import {
  REVIEW_REASON_MAX,
  type StaffDeposit,
  depositReasonSchema,
  depositRejectReasons,
  depositReturnReasons,
  messages,
} from '@mutual/shared';
import { Ban, CheckCircle2, Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button, CancelActions } from '../../components/button';
import { ChoiceSelect } from '../../components/choice-options';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import { type ShowFlash, flashAnswer } from '../admin-users/use-flash';
import { PaymentSummaryList } from '../payment-ops/return-parts';
import { useDepositReviewActions } from './deposit-review-api';
import { accountLabel, depositAmount } from './format';

/** The deposit as staff check it before deciding: who, how much, where to, when. */
function DepositSummary({ deposit }: { deposit: StaffDeposit }) {
  return (
    <PaymentSummaryList
      rows={[
        ['Member', `${deposit.member.name} (${deposit.member.email})`],
        ['Amount', depositAmount(deposit)],
        ['To', accountLabel(deposit)],
        ['Check number', deposit.checkNumber ?? 'Not given'],
        ['Submitted', formatDateTime(deposit.submittedAt)],
      ]}
    />
  );
}

interface DialogProps {
  deposit: StaffDeposit;
  open: boolean;
  onClose: () => void;
  onFlash: ShowFlash;
}

const approveDescription =
  "The credit posts to the member's account now. The money becomes available as the funds-availability " +
  'holds release, and the member is told.';

/** Approve: a confirmation showing the amount and the member, then the server's answer in the banner. */
export function ApproveDialog({ deposit, open, onClose, onFlash }: DialogProps) {
  const { approve } = useDepositReviewActions();
  const confirm = () => approve.mutate(deposit.id, { ...flashAnswer(onFlash), onSettled: onClose });
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Approve deposit"
      description={approveDescription}
      icon={CheckCircle2}
      confirmLabel="Approve deposit"
      pendingLabel="Approving..."
      pending={approve.isPending}
      onConfirm={confirm}
    >
      <div className="space-y-4">
        <DepositSummary deposit={deposit} />
        {deposit.flags.length > 0 && (
          <Alert tone="warning" title="This deposit is flagged">
            <ul className="list-disc pl-5">
              {deposit.flags.map((flag, index) => (
                <li key={`${flag.kind}-${index}`}>{flag.label}</li>
              ))}
            </ul>
          </Alert>
        )}
      </div>
    </ConfirmDialog>
  );
}

const OTHER = 'other';

const reasonDialogs = {
  reject: {
    title: 'Reject deposit',
    description:
      "The pending credit is removed from the member's account. The member sees the deposit as Failed with " +
      'your reason, and is told by notification.',
    reasons: depositRejectReasons,
    submit: 'Reject deposit',
    busy: 'Rejecting...',
    Icon: Ban,
  },
  returnItem: {
    title: 'Return item',
    description: 'The check bounced: the deposit is taken back, and the member is told why.',
    reasons: depositReturnReasons,
    submit: 'Return item',
    busy: 'Returning...',
    Icon: Undo2,
  },
} as const;

/** Reject (before approval) or Return item (after): a reason the member will read, picked or written. */
export function ReasonDialog({ kind, ...props }: DialogProps & { kind: keyof typeof reasonDialogs }) {
  const text = reasonDialogs[kind];
  return (
    <Dialog
      open={props.open}
      onOpenChange={(next) => !next && props.onClose()}
      title={text.title}
      description={text.description}
      size="lg"
    >
      {/* Keyed by deposit: nothing typed for one deposit is left for the next. */}
      {props.open && <ReasonForm key={props.deposit.id} kind={kind} {...props} />}
    </Dialog>
  );
}

function ReasonForm({ kind, deposit, onClose, onFlash }: DialogProps & { kind: keyof typeof reasonDialogs }) {
  const text = reasonDialogs[kind];
  const actions = useDepositReviewActions();
  const mutation = kind === 'reject' ? actions.reject : actions.returnItem;
  const [choice, setChoice] = useState('');
  const [written, setWritten] = useState('');
  const [error, setError] = useState<string | undefined>();
  const selectId = `${kind}-reason`;
  const textId = `${kind}-reason-text`;
  const errorOn = choice === OTHER ? textId : selectId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = depositReasonSchema.safeParse({ reason: choice === OTHER ? written : choice });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.deposits.reasonRequired);
      document.getElementById(errorOn)?.focus();
      return;
    }
    setError(undefined);
    mutation.mutate(
      { id: deposit.id, body: parsed.data },
      {
        onSuccess: (result) => {
          onFlash('success', result.message);
          onClose();
        },
        onError: (failure) => {
          const field = failure instanceof ApiRequestError ? failure.body.fields?.reason : undefined;
          if (field) return setError(field);
          onFlash('error', errorMessage(failure, messages.generic.internal));
          onClose();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label={text.title}>
      <DepositSummary deposit={deposit} />
      {kind === 'returnItem' && (
        <Alert tone="warning" title="The money is taken back from the member’s account">
          The deposit&rsquo;s amount is taken back now. Whatever the member has already spent, and the account cannot
          cover, becomes an amount they owe the credit union.
        </Alert>
      )}
      <ChoiceSelect
        id={selectId}
        label="Reason"
        error={choice === OTHER ? undefined : error}
        value={choice}
        required
        disabled={mutation.isPending}
        onChange={(picked) => {
          setChoice(picked);
          setError(undefined);
        }}
        placeholder="Choose a reason"
        choices={[...text.reasons, { value: OTHER, label: 'Other…' }]}
      />
      {choice === OTHER && (
        <FormField
          id={textId}
          label="Reason in your own words"
          hint={`The member reads this. At most ${REVIEW_REASON_MAX} characters.`}
          error={error}
        >
          <textarea
            {...controlProps(textId, { hint: true, error }, 'min-h-20')}
            value={written}
            maxLength={REVIEW_REASON_MAX}
            aria-required="true"
            autoFocus
            disabled={mutation.isPending}
            onChange={(event) => {
              setWritten(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
      )}
      <CancelActions onCancel={onClose} disabled={mutation.isPending}>
        <Button icon={text.Icon} type="submit" variant="danger" busy={mutation.isPending}>
          {mutation.isPending ? text.busy : text.submit}
        </Button>
      </CancelActions>
    </form>
  );
}
