import {
  type Checklist,
  type UserDetail,
  messages,
  rejectSchema,
  requestInfoSchema,
  verificationChecklist,
  verificationChecklistLabels,
} from '@mutual/shared';
import { Check, MessageSquareText, X } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog, type DialogControlProps } from '../../components/dialog';
import { errorMessage } from '../../lib/api-errors';
import { useApiForm } from '../../lib/use-api-form';
import { useReviewDecision } from './admin-api';
import { ReasonForm } from './reason-form';
import type { ShowFlash } from './use-flash';

const emptyChecklist: Checklist = {
  identityVerified: false,
  addressVerified: false,
  employmentVerified: false,
  incomeVerified: false,
};

const checkClass =
  'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3.5 py-2.5 text-sm text-slate-800 ' +
  'has-checked:border-green-600 has-checked:bg-green-50';

/** The two decisions that need words, each with its button and its text box. */
type TextMode = 'reject' | 'request-info';
type TextValues = { text: string };
const textModes = ['reject', 'request-info'] as const satisfies readonly TextMode[];
const textSchemas = {
  reject: z.object({ text: rejectSchema.shape.reason }),
  'request-info': z.object({ text: requestInfoSchema.shape.details }),
} satisfies Record<TextMode, z.ZodType<TextValues>>;
const textId = 'verify-user-text';
const countId = 'verify-user-checklist-count';
const textButtons = {
  reject: {
    label: 'Reject',
    Icon: X,
    chosen: 'border-red-600! text-red-700!',
    idle: 'text-red-700!',
    textLabel: 'Reason for rejection',
    hint: 'The applicant sees this reason.',
    submit: 'Confirm rejection',
  },
  'request-info': {
    label: 'Request Info',
    Icon: MessageSquareText,
    chosen: 'border-brand! text-brand!',
    idle: '',
    textLabel: 'Information needed',
    hint: 'The applicant sees this request and can answer with text and a document.',
    submit: 'Send request',
  },
} as const;

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
}: DialogControlProps & {
  user: UserDetail;
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
  const [checklist, setChecklist] = useState<Checklist>(emptyChecklist);
  const [mode, setMode] = useState<TextMode | null>(null);

  // A 409 (already decided) also changed what the list should show: the console is refreshed either way.
  const decide = useReviewDecision(user.id, {
    onSuccess: (_data, { decision }) => {
      onFlash('success', decisions[decision].done(user.name));
      onDone();
    },
  });
  // The server's word on the reason (or details) goes under the box; any other refusal above the buttons.
  const { form, formProps, formError, setFormError } = useApiForm<TextValues>({
    schema: textSchemas[mode ?? 'reject'],
    defaultValues: { text: '' },
    fields: ['text'],
    renameField: (key) => (key === 'reason' || key === 'details' ? 'text' : key),
    fallback: decisions[mode ?? 'reject'].failed,
    submit: ({ text }) =>
      decide.mutateAsync(
        mode === 'request-info'
          ? { decision: 'request-info', body: { details: text, checklist } }
          : { decision: 'reject', body: { reason: text, checklist } },
      ),
    // Every try starts without the last refusal, a stopped one too.
    onInvalid: (): void => setFormError(null),
  });

  const choose = (next: TextMode) => {
    setMode(next);
    form.reset({ text: '' });
    setFormError(null);
  };

  const approve = () => {
    setFormError(null);
    setMode(null);
    decide.mutate(
      { decision: 'approve', body: { checklist } },
      { onError: (error) => setFormError(errorMessage(error, decisions.approve.failed)) },
    );
  };

  // Decided meanwhile (another staff member, another tab): the list and detail already show the outcome.
  const decided = user.status !== 'pending';
  const busy = decide.isPending || decided;
  const approving = decide.isPending && decide.variables.decision === 'approve';
  const ticked = verificationChecklist.filter((item) => checklist[item]).length;
  const total = verificationChecklist.length;

  return (
    <div className="space-y-5">
      <fieldset aria-describedby={countId}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Verification checklist</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {verificationChecklist.map((item) => (
            <label key={item} className={checkClass}>
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
        <p id={countId} className="mt-2 text-xs text-slate-600">
          {ticked === total
            ? `All ${total} checks ticked.`
            : `${ticked} of ${total} checks ticked. The review record keeps the checklist as it is.`}
        </p>
      </fieldset>

      {formError && <Alert tone="error">{formError}</Alert>}

      <div className="grid gap-2 sm:grid-cols-3">
        <Button
          icon={Check}
          onClick={approve}
          busy={approving}
          disabled={busy && !approving}
          className="bg-green-700! hover:bg-green-800!"
        >
          {approving ? decisions.approve.busy : 'Approve'}
        </Button>
        {textModes.map((next) => {
          const { label, Icon, chosen, idle } = textButtons[next];
          return (
            <Button
              icon={Icon}
              key={next}
              variant="outline"
              onClick={() => choose(next)}
              disabled={busy}
              aria-expanded={mode === next}
              aria-controls={mode === next ? textId : undefined}
              className={mode === next ? chosen : idle}
            >
              {label}
            </Button>
          );
        })}
      </div>

      {mode && (
        <ReasonForm
          id={textId}
          label={textButtons[mode].textLabel}
          hint={textButtons[mode].hint}
          error={form.formState.errors.text?.message}
          registration={form.register('text')}
          rows={4}
          maxLength={2000}
          busy={decide.isPending}
          disabled={decided}
          formProps={formProps}
          onCancel={() => setMode(null)}
          submitText={decide.isPending ? decisions[mode].busy : textButtons[mode].submit}
          danger={mode === 'reject'}
          className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
        />
      )}
    </div>
  );
}
