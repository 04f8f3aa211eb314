import { type HoldInput, type UserDetail, liftHoldSchema, messages, placeHoldSchema } from '@mutual/shared';
import { Ban, LockOpen, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { formatDateTime } from '../../lib/format-date';
import { useApiForm } from '../../lib/use-api-form';
import { type HoldMode, useHoldAction } from './admin-api';
import { DetailSection, EmptyNote, Field, FieldList } from './detail-parts';
import { ReasonForm } from './reason-form';
import type { ShowFlash } from './use-flash';

const h = messages.holds;
type Mode = HoldMode;

const modes = {
  place: {
    title: 'Place hold',
    busy: 'Placing hold…',
    label: 'Reason for the hold',
    schema: placeHoldSchema,
    failed: h.placeFailed,
  },
  lift: {
    title: 'Lift hold',
    busy: 'Lifting hold…',
    label: 'Reason for lifting the hold',
    schema: liftHoldSchema,
    failed: h.liftFailed,
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
      icon={ShieldAlert}
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
            <Field label="Placed by">{user.hold.placedBy ?? messages.holds.placedByPortal}</Field>
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
  const m = modes[mode];
  // A 409 (someone else placed or lifted it meanwhile) also changes what the detail should show: the
  // console is refreshed either way.
  const save = useHoldAction(user.id, mode, {
    onSuccess: (result) => {
      onFlash('success', result.message);
      onDone();
    },
  });
  // The server's word on the reason goes under it; any other refusal above the buttons.
  const { form, formProps, formError, setFormError } = useApiForm<HoldInput>({
    schema: m.schema,
    defaultValues: { reason: '' },
    fields: ['reason'],
    fallback: m.failed,
    submit: (values) => save.mutateAsync(values),
    // Every try starts without the last refusal, a stopped one too.
    onInvalid: (): void => setFormError(null),
  });

  return (
    <ReasonForm
      id="hold-reason"
      label={m.label}
      hint={
        mode === 'place'
          ? 'Staff see this reason in the member’s detail and the audit log; the member does not.'
          : 'Kept in the audit log.'
      }
      error={form.formState.errors.reason?.message}
      registration={form.register('reason')}
      rows={3}
      maxLength={1000}
      busy={save.isPending}
      formProps={formProps}
      onCancel={onDone}
      submitText={save.isPending ? m.busy : m.title}
      danger={mode === 'place'}
      className="space-y-4"
      before={
        mode === 'place' ? (
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
        )
      }
      after={formError && <Alert tone="error">{formError}</Alert>}
    />
  );
}
