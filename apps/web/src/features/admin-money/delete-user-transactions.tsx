import { type UserSummary, emailSchema, messages, reversalSchema } from '@mutual/shared';
import { Eraser, TriangleAlert } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button, CancelActions } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { useFocusLanding } from '../../lib/focus-landing';
import { useRefreshUsers } from '../admin-users/admin-api';
import { FlashAlert } from '../admin-users/flash-banner';
import { useFlash } from '../admin-users/use-flash';
import { useFindMember, useReverseAllTransactions } from './money-api';

const a = messages.admin;

type Step =
  | { kind: 'idle' }
  | { kind: 'finding' }
  | { kind: 'confirm'; user: UserSummary; reason: string }
  | { kind: 'deleting'; user: UserSummary };

/** "Error deleting transactions" (spec §4), keeping the server's fuller sentence when it says so. */
function deleteFailure(error: unknown): string {
  const text = error instanceof ApiRequestError && error.status < 500 ? error.body.message : '';
  return text.includes(a.deleteTransactionsFailed) ? text : a.deleteTransactionsFailed;
}

/**
 * The "Delete User Transactions" box (spec §2, §4): by e-mail, every transaction of one member is
 * reversed (decisions.md: nothing is destroyed; each gets a reversing entry and the reason is
 * audited). The spec's progress words: Finding user... → User not found | Deleting
 * transactions... → Successfully deleted N transactions | Error deleting transactions. A
 * confirmation naming the member comes between finding and deleting. The answer clears like
 * every console message: a success after a few seconds, a refusal at the next attempt.
 *
 * The confirmation goes with the button pressed in it: the focus lands on the box's heading while
 * the transactions are deleted (the answer, which clears itself, is read from the live region
 * under the form), or back on "Delete Transactions" when cancelled. The fields stay focusable
 * (read-only) while a request runs, so Enter in one does not drop the focus either.
 */
export function DeleteUserTransactions() {
  const refresh = useRefreshUsers();
  const findMember = useFindMember();
  const reverseAll = useReverseAllTransactions();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ email?: string; reason?: string }>({});
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const result = useFlash();
  const busy = step.kind === 'finding' || step.kind === 'deleting';
  const heading = useRef<HTMLHeadingElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const land = useFocusLanding();

  const find = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    result.dismiss();
    const parsedEmail = emailSchema.safeParse(email);
    const parsedReason = reversalSchema.safeParse({ reason });
    setErrors({
      email: parsedEmail.success ? undefined : parsedEmail.error.issues[0]?.message,
      reason: parsedReason.success ? undefined : parsedReason.error.issues[0]?.message,
    });
    if (!parsedEmail.success || !parsedReason.success) return setStep({ kind: 'idle' });
    setStep({ kind: 'finding' });
    try {
      const user = await findMember.mutateAsync(parsedEmail.data);
      setStep({ kind: 'confirm', user, reason: parsedReason.data.reason });
    } catch (error) {
      const notFound = error instanceof ApiRequestError && error.status === 404;
      setStep({ kind: 'idle' });
      result.show(
        'error',
        notFound ? a.userNotFound : error instanceof ApiRequestError ? error.body.message : a.userNotFound,
      );
    }
  };

  const remove = async (user: UserSummary, why: string) => {
    setStep({ kind: 'deleting', user });
    land(heading);
    try {
      const deleted = await reverseAll.mutateAsync({ userId: user.id, reason: why });
      setStep({ kind: 'idle' });
      result.show('success', deleted.message || a.transactionsDeleted(deleted.count));
      setEmail('');
      setReason('');
    } catch (error) {
      setStep({ kind: 'idle' });
      result.show('error', deleteFailure(error));
    } finally {
      void refresh();
    }
  };

  return (
    <section
      aria-labelledby="delete-user-transactions-title"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2
        ref={heading}
        id="delete-user-transactions-title"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <Eraser className="h-5 w-5 text-brand" aria-hidden="true" />
        Delete User Transactions
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Reverses every transaction of one member. Nothing is erased: each gets a reversing entry, their balances return
        to zero, and the audit log keeps your reason.
      </p>
      <form
        noValidate
        onSubmit={(event) => void find(event)}
        className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto] md:items-start"
      >
        <FormField id="delete-all-email" label="User email" error={errors.email}>
          <input
            {...controlProps('delete-all-email', { error: errors.email })}
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setStep({ kind: 'idle' });
              result.dismiss();
            }}
            placeholder="member@example.com"
            maxLength={254}
            autoComplete="off"
            aria-required="true"
            readOnly={busy}
          />
        </FormField>
        <FormField id="delete-all-reason" label="Reason" error={errors.reason}>
          <input
            {...controlProps('delete-all-reason', { error: errors.reason })}
            type="text"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            autoComplete="off"
            aria-required="true"
            readOnly={busy}
          />
        </FormField>
        <Button
          ref={ask}
          type="submit"
          variant="outline"
          busy={busy}
          disabled={step.kind === 'confirm'}
          className="md:mt-7"
        >
          Delete Transactions
        </Button>
      </form>

      <div className="not-empty:mt-4" aria-live="polite">
        {step.kind === 'finding' && <Progress>{a.findingUser}</Progress>}
        {step.kind === 'deleting' && <Progress>{a.deletingTransactions}</Progress>}
        <FlashAlert flash={result.flash} />
        {step.kind === 'confirm' && (
          <div
            role="group"
            aria-labelledby="delete-all-confirm"
            className="rounded-xl border border-amber-300 bg-amber-50 p-4"
          >
            <p id="delete-all-confirm" className="flex gap-2 text-sm text-amber-950">
              <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>
                Reverse every transaction of <strong>{step.user.name}</strong> ({step.user.email})? Each one gets a
                reversing entry and their balances go back to zero.
              </span>
            </p>
            <CancelActions
              onCancel={() => {
                setStep({ kind: 'idle' });
                land(ask);
              }}
              size="sm"
              className="mt-3"
            >
              <Button size="sm" variant="danger" onClick={() => void remove(step.user, step.reason)} autoFocus>
                Delete all transactions
              </Button>
            </CancelActions>
          </div>
        )}
      </div>
    </section>
  );
}

function Progress({ children }: { children: string }) {
  return (
    <p className="text-sm font-medium text-slate-700" data-testid="delete-all-progress">
      {children}
    </p>
  );
}
