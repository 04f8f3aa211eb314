import { messages, RETURN_NOTE_MAX } from '@mutual/shared';
import { Undo2 } from 'lucide-react';
import { type FormEvent, Fragment, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { Button, CancelActions } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { controlProps, FormField } from '../../components/form-field';
import { TermList } from '../../components/term-list';
import { ApiRequestError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import type { ShowFlash } from '../admin-users/use-flash';

/**
 * What the two Return dialogs of Payment Operations share (a transfer's order, a bill payment):
 * the dialog, the summary staff check, and the reason-and-note form with its state, submit, note
 * box and buttons.
 */

export type ReturnErrors = { code?: string; note?: string };

/** The payment as staff need to check it before acting on it. */
export function PaymentSummaryList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <TermList
      rows={rows}
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl bg-slate-50 p-3.5 text-sm"
      termClassName="text-slate-600"
      valueClassName="font-medium break-words text-slate-900"
    />
  );
}

/** A payment out of a member's account as a summary's first rows: who, how much from which account, to whom. */
export function paymentRows(
  payment: { member: { name: string; email: string }; fromAccount: string },
  amount: string,
  to: { name: string; accountNumberMasked: string },
): Array<[string, ReactNode]> {
  return [
    ['Member', `${payment.member.name} (${payment.member.email})`],
    ['Amount', `${amount} from ${payment.fromAccount}`],
    ['To', `${to.name}, account ${to.accountNumberMasked}`],
  ];
}

/**
 * The Return payment dialog around one payment's form (`children`), open while there is a payment;
 * the form is keyed by the payment, so nothing typed for one is left for the next.
 */
export function ReturnPaymentDialog<Payment extends { id: string }>({
  payment,
  description,
  onClose,
  children,
}: {
  payment: Payment | null;
  description: string;
  onClose: () => void;
  children: (payment: Payment) => ReactNode;
}) {
  return (
    <Dialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Return payment"
      size="lg"
      description={description}
    >
      {payment && <Fragment key={payment.id}>{children(payment)}</Fragment>}
    </Dialog>
  );
}

interface ReturnFormOptions<Body> {
  schema: z.ZodType<Body>;
  /** Sends the parsed body; `done` gets the API's message. */
  send: (
    body: Body,
    handlers: { onSuccess: (result: { message: string }) => void; onError: (e: unknown) => void },
  ) => void;
  onFlash: ShowFlash;
  onClose: () => void;
  /** The elements to focus when the reason or (the reason being right) the note is refused. */
  focusIds: { code: string; note: string };
}

/**
 * A return's reason and note: checked with the API's own schema before sending; the API's field
 * errors land on the fields; any other refusal (a 409: already returned) is flashed and the dialog
 * closes, the list having been refreshed.
 */
function useReturnForm<Body>({ schema, send, onFlash, onClose, focusIds }: ReturnFormOptions<Body>) {
  const [code, setCode] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<ReturnErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ code, note });
    if (!parsed.success) {
      const found: ReturnErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] === 'note' ? 'note' : 'code'] ??= issue.message;
      // Nothing chosen yet reads better as "choose one" than as "choose one from the list".
      if (found.code && code === '') found.code = messages.paymentOps.returnCodeRequired;
      setErrors(found);
      document.getElementById(found.code ? focusIds.code : focusIds.note)?.focus();
      return;
    }
    setErrors({});
    send(parsed.data, {
      onSuccess: (result) => {
        onFlash('success', result.message);
        onClose();
      },
      onError: (error) => {
        const fields = error instanceof ApiRequestError ? error.body.fields : undefined;
        if (fields?.code || fields?.note) return setErrors({ code: fields.code, note: fields.note });
        onFlash('error', errorMessage(error, messages.paymentOps.returnFailed));
        onClose();
      },
    });
  };

  const chooseCode = (value: string) => {
    setCode(value);
    setErrors((current) => ({ ...current, code: undefined }));
  };
  return { code, chooseCode, note, setNote, errors, submit };
}

function ReturnNoteField(props: {
  id: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={props.id} label="Note to the member" optional hint={props.hint} error={props.error}>
      <textarea
        {...controlProps(props.id, { hint: true, error: props.error }, 'min-h-20')}
        value={props.value}
        maxLength={RETURN_NOTE_MAX}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FormField>
  );
}

function ReturnActions({ pending, onClose }: { pending: boolean; onClose: () => void }) {
  return (
    <CancelActions onCancel={onClose} disabled={pending}>
      <Button icon={Undo2} type="submit" busy={pending} variant="danger">
        {pending ? 'Returning...' : 'Return payment'}
      </Button>
    </CancelActions>
  );
}

/**
 * The Return payment form: the summary staff check, the reason (`reasonField`: a list or radio
 * buttons, as the payment's reasons suit), the optional note to the member and the buttons.
 */
export function ReturnForm<Body>({
  summary,
  reasonField,
  reasonFocusId,
  noteId,
  noteHint,
  pending,
  ...options
}: Omit<ReturnFormOptions<Body>, 'focusIds'> & {
  summary: ReactNode;
  reasonField: (reason: { code: string; choose: (code: string) => void; error?: string }) => ReactNode;
  /** The element to focus when the reason is refused. */
  reasonFocusId: string;
  noteId: string;
  noteHint: string;
  pending: boolean;
}) {
  const { code, chooseCode, note, setNote, errors, submit } = useReturnForm({
    ...options,
    focusIds: { code: reasonFocusId, note: noteId },
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Return payment">
      {summary}
      {reasonField({ code, choose: chooseCode, error: errors.code })}
      <ReturnNoteField id={noteId} hint={noteHint} value={note} error={errors.note} onChange={setNote} />
      <ReturnActions pending={pending} onClose={options.onClose} />
    </form>
  );
}
