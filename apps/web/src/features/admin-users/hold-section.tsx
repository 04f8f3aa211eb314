import { type MessageResult, type UserDetail, liftHoldSchema, messages, placeHoldSchema } from '@mutual/shared';
import { useMutation } from '@tanstack/react-query';
import { Ban, LockOpen, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormField, controlProps } from '../../components/form-field';
import { ApiRequestError, api } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import { useRefreshUsers, userPath } from './admin-api';
import { DetailSection, EmptyNote, Field, FieldList } from './detail-parts';
import type { ShowFlash } from './use-flash';

const h = messages.holds;
type Mode = 'place' | 'lift';

const modes = {
  place: {
    title: 'Place hold',
    busy: 'Placing hold…',
    label: 'Reason for the hold',
    schema: placeHoldSchema,
    failed: h.placeFailed,
    path: '/hold',
  },
  lift: {
    title: 'Lift hold',
    busy: 'Lifting hold…',
    label: 'Reason for lifting the hold',
    schema: liftHoldSchema,
    failed: h.liftFailed,
    path: '/hold/lift',
  },
} as const;

const isMember = (user: UserDetail) => user.role === 'user' && (user.status === 'approved' || user.status === 'active');

/**
 * A staff hold on the member's money movement (decisions.md): while it is on, their transfers are
 * refused with the "Transaction Denied" / "Transactions Suspended" messages. Placing one ends the
 * member's sessions. Only members with accounts can be held.
 */
export function HoldSection({ user, onFlash }: { user: UserDetail; onFlash: ShowFlash }) {
  const [mode, setMode] = useState<Mode | null>(null);
  if (!user.hold && !isMember(user)) return null;
  const next: Mode = user.hold ? 'lift' : 'place';

  return (
    <DetailSection
      id="detail-hold"
      title="Transfer Hold"
      icon={<ShieldAlert className="h-4 w-4 text-brand" aria-hidden="true" />}
      // One button whose job changes with the hold, so focus stays on it after either dialog.
      actions={
        <Button variant="outline" size="sm" onClick={() => setMode(next)} className={user.hold ? '' : 'text-red-700!'}>
          {user.hold ? (
            <LockOpen className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Ban className="h-4 w-4" aria-hidden="true" />
          )}
          {modes[next].title}
        </Button>
      }
    >
      {user.hold ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3.5">
          <p className="mb-3 text-sm font-semibold text-amber-950">On hold: transfers from this member are refused.</p>
          <FieldList>
            <Field label="Reason" wide>
              <span className="whitespace-pre-line">{user.hold.reason}</span>
            </Field>
            <Field label="Placed by">{user.hold.placedBy}</Field>
            <Field label="Placed">{formatDateTime(user.hold.placedAt)}</Field>
          </FieldList>
        </div>
      ) : (
        <EmptyNote>No hold. This member’s transfers go through as usual.</EmptyNote>
      )}
      <Dialog
        open={mode !== null}
        onOpenChange={(open) => !open && setMode(null)}
        title={modes[mode ?? next].title}
        description={`${user.name} · ${user.email}`}
      >
        {mode && <HoldForm user={user} mode={mode} onDone={() => setMode(null)} onFlash={onFlash} />}
      </Dialog>
    </DetailSection>
  );
}

function HoldForm({
  user,
  mode,
  onDone,
  onFlash,
}: {
  user: UserDetail;
  mode: Mode;
  onDone: () => void;
  onFlash: ShowFlash;
}) {
  const refresh = useRefreshUsers();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const m = modes[mode];

  const save = useMutation({
    mutationFn: (body: { reason: string }) =>
      api<MessageResult>(`${userPath(user.id)}${m.path}`, { method: 'POST', body }),
    onSuccess: (result) => {
      onFlash('success', result.message);
      onDone();
    },
    onError: (error) => {
      const field = error instanceof ApiRequestError ? error.body.fields?.reason : undefined;
      if (field) setReasonError(field);
      else setFailure(errorMessage(error, m.failed));
    },
    // A 409 (someone else placed or lifted it meanwhile) also changes what the detail should show.
    onSettled: () => void refresh(),
  });

  const submit = () => {
    setFailure(null);
    const parsed = m.schema.safeParse({ reason });
    if (!parsed.success) return setReasonError(parsed.error.issues[0]?.message);
    setReasonError(undefined);
    save.mutate(parsed.data);
  };

  const id = 'hold-reason';
  const hint =
    mode === 'place'
      ? 'Staff see this reason in the member’s detail and the audit log; the member does not.'
      : 'Kept in the audit log.';

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="space-y-4"
    >
      {mode === 'place' ? (
        <Alert tone="warning" title="What a hold does">
          Every transfer {user.name} tries is refused until the hold is lifted, and they are told to contact support.
          Placing it also ends their sessions: they are signed out on every device.
        </Alert>
      ) : (
        user.hold && (
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-3.5 text-sm">
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Current hold</p>
            <p className="mt-1 whitespace-pre-line text-slate-900">{user.hold.reason}</p>
          </div>
        )
      )}
      <FormField id={id} label={m.label} hint={hint} error={reasonError}>
        <textarea
          {...controlProps(id, { hint, error: reasonError })}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          maxLength={1000}
          aria-required="true"
          autoFocus
          disabled={save.isPending}
        />
      </FormField>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={save.isPending}
          className={mode === 'place' ? 'bg-red-700! hover:bg-red-800!' : ''}
        >
          {save.isPending ? m.busy : m.title}
        </Button>
      </div>
    </form>
  );
}
