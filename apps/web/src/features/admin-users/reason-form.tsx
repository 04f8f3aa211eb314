import { type ReactNode, useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button, CancelActions } from '../../components/button';
import { FormField, controlProps } from '../../components/form-field';
import type { ApiFormProps } from '../../lib/use-api-form';

/**
 * A staff decision's written reason (a hold, a rejection, a request for information): one required
 * text box, which takes the focus, then Cancel and the decision's button. `before` and `after` sit
 * above and under the box.
 */
export function ReasonForm({
  id,
  label,
  hint,
  error,
  registration,
  rows,
  maxLength,
  busy,
  disabled = false,
  formProps,
  onCancel,
  submitText,
  danger = false,
  className,
  before,
  after,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  registration: UseFormRegisterReturn;
  rows: number;
  maxLength: number;
  /** The decision is on its way: its button is busy, the box and Cancel wait. */
  busy: boolean;
  /** The decision can no longer be made (another member of staff made one meanwhile). */
  disabled?: boolean;
  /** `useApiForm`'s `formProps`. */
  formProps: ApiFormProps;
  onCancel: () => void;
  submitText: string;
  /** A red button, for a decision against the member. */
  danger?: boolean;
  className: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  // Opened under what was there (a dialog's decision buttons), on a phone it may start below the
  // screen: the whole form comes into view, its decision button included, not only the box.
  const formRef = useRef<HTMLFormElement>(null);
  // A block body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    formRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <form {...formProps} ref={formRef} className={className}>
      {before}
      <FormField id={id} label={label} hint={hint} error={error}>
        <textarea
          {...controlProps(id, { hint, error })}
          {...registration}
          rows={rows}
          maxLength={maxLength}
          aria-required="true"
          autoFocus
          disabled={busy || disabled}
        />
      </FormField>
      {after}
      <CancelActions onCancel={onCancel} cancelVariant="ghost" disabled={busy || disabled}>
        <Button type="submit" busy={busy} disabled={disabled} variant={danger ? 'danger' : 'primary'}>
          {submitText}
        </Button>
      </CancelActions>
    </form>
  );
}
