import {
  type Checklist,
  type UserDetail,
  messages,
  rejectSchema,
  requestInfoSchema,
  verificationChecklist,
  verificationChecklistLabels,
} from '@mutual/shared';
import { useMutation } from '@tanstack/react-query';
import { Check, MessageSquareText, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError, api } from '../../lib/api';
import { useRefreshUsers, userPath } from './admin-api';
import type { ShowFlash } from './use-flash';
import { errorMessage } from '../../lib/api-errors';

type Decision = 'approve' | 'reject' | 'request-info';

const emptyChecklist: Checklist = {
  identityVerified: false,
  addressVerified: false,
  employmentVerified: false,
  incomeVerified: false,
};

const decisions = {
  approve: { failed: messages.admin.updateStatusFailed, done: messages.admin.approved, busy: 'Approving...' },
  reject: { failed: messages.admin.rejectFailed, done: messages.admin.rejected, busy: 'Rejecting...' },
  'request-info': { failed: messages.admin.infoRequestFailed, done: messages.admin.infoRequested, busy: 'Sending...' },
} as const;

/** The Verify User modal (spec §4): checklist, then Approve, Reject or Request Info. */
export function VerifyUserDialog({
  user,
  open,
  onOpenChange,
  onFlash,
}: {
  user: UserDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onFlash: ShowFlash;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Verify User"
      size="lg"
      description={`${user.name} · ${user.email}`}
    >
      <VerifyUserForm user={user} onDone={() => onOpenChange(false)} onFlash={onFlash} />
    </Dialog>
  );
}

function VerifyUserForm({ user, onDone, onFlash }: { user: UserDetail; onDone: () => void; onFlash: ShowFlash }) {
  const refresh = useRefreshUsers();
  const [checklist, setChecklist] = useState<Checklist>(emptyChecklist);
  const [mode, setMode] = useState<'reject' | 'request-info' | null>(null);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const decide = useMutation({
    mutationFn: ({ decision, body }: { decision: Decision; body: unknown }) =>
      api<UserDetail>(`${userPath(user.id)}/${decision}`, { method: 'POST', body }),
    onSuccess: (_data, { decision }) => {
      onFlash('success', decisions[decision].done(user.name));
      onDone();
    },
    onError: (error, { decision }) => {
      const field =
        error instanceof ApiRequestError ? (error.body.fields?.reason ?? error.body.fields?.details) : undefined;
      if (field) setTextError(field);
      else setFailure(errorMessage(error, decisions[decision].failed));
    },
    // A 409 (already decided) also changed what the list should show.
    onSettled: () => void refresh(),
  });

  const choose = (next: 'reject' | 'request-info') => {
    setMode(next);
    setText('');
    setTextError(undefined);
    setFailure(null);
  };

  const submitText = () => {
    setFailure(null);
    if (mode === 'reject') {
      const parsed = rejectSchema.safeParse({ reason: text, checklist });
      if (!parsed.success) return setTextError(parsed.error.issues[0]?.message ?? messages.admin.reasonRequired);
      decide.mutate({ decision: 'reject', body: parsed.data });
    } else if (mode === 'request-info') {
      const parsed = requestInfoSchema.safeParse({ details: text, checklist });
      if (!parsed.success) return setTextError(parsed.error.issues[0]?.message ?? messages.admin.infoRequired);
      decide.mutate({ decision: 'request-info', body: parsed.data });
    }
  };

  const approve = () => {
    setFailure(null);
    setMode(null);
    decide.mutate({ decision: 'approve', body: { checklist } });
  };

  // Decided meanwhile (another staff member, another tab): the list and detail already show the outcome.
  const busy = decide.isPending || user.status !== 'pending';
  const pending = decide.variables?.decision;
  const unchecked = verificationChecklist.filter((item) => !checklist[item]).length;
  const textId = 'verify-user-text';
  const textLabel = mode === 'reject' ? 'Reason for rejection' : 'Information needed';
  const textHint =
    mode === 'reject'
      ? 'The applicant sees this reason.'
      : 'The applicant sees this request and can answer with text and a document.';

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Verification checklist</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {verificationChecklist.map((item) => (
            <label
              key={item}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3.5 py-2.5 text-sm text-slate-800 has-checked:border-green-600 has-checked:bg-green-50"
            >
              <input
                type="checkbox"
                checked={checklist[item]}
                disabled={busy}
                onChange={(event) => setChecklist((value) => ({ ...value, [item]: event.target.checked }))}
                className="h-4 w-4 accent-green-700"
              />
              {verificationChecklistLabels[item]}
            </label>
          ))}
        </div>
        {unchecked > 0 && (
          <p className="mt-2 text-xs text-slate-600">
            {unchecked} of {verificationChecklist.length} checks not ticked. The review record keeps the checklist as it
            is.
          </p>
        )}
      </fieldset>

      {failure && <Alert tone="error">{failure}</Alert>}

      <div className="grid gap-2 sm:grid-cols-3">
        <Button onClick={approve} disabled={busy} className="bg-green-700! hover:bg-green-800!">
          <Check className="h-4 w-4" aria-hidden="true" />
          {decide.isPending && pending === 'approve' ? decisions.approve.busy : 'Approve'}
        </Button>
        <Button
          variant="outline"
          onClick={() => choose('reject')}
          disabled={busy}
          aria-expanded={mode === 'reject'}
          aria-controls={mode === 'reject' ? textId : undefined}
          className={mode === 'reject' ? 'border-red-600! text-red-700!' : 'text-red-700!'}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          Reject
        </Button>
        <Button
          variant="outline"
          onClick={() => choose('request-info')}
          disabled={busy}
          aria-expanded={mode === 'request-info'}
          aria-controls={mode === 'request-info' ? textId : undefined}
          className={mode === 'request-info' ? 'border-brand! text-brand!' : ''}
        >
          <MessageSquareText className="h-4 w-4" aria-hidden="true" />
          Request Info
        </Button>
      </div>

      {mode && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitText();
          }}
          className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
        >
          <FormField id={textId} label={textLabel} hint={textHint} error={textError}>
            <textarea
              {...controlProps(textId, { hint: textHint, error: textError })}
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={4}
              maxLength={2000}
              aria-required="true"
              autoFocus
              disabled={busy}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setMode(null)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} className={mode === 'reject' ? 'bg-red-700! hover:bg-red-800!' : ''}>
              {decide.isPending ? decisions[mode].busy : mode === 'reject' ? 'Confirm rejection' : 'Send request'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
