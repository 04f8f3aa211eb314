import { type Card, type ChangePinInput, changePinSchema } from '@mutual/shared';
import { useApiForm } from '../../lib/use-api-form';
import { SubmitRow, TextField, fieldBinding } from '../transfers/transfer-fields';
import { useChangePin } from './cards-api';
import { cardCodeFormErrors } from './format';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 4);

/** What a PIN box is: four hidden digits, the phone's number pad, never remembered by the browser. */
const pinInput = {
  type: 'password',
  inputMode: 'numeric',
  pattern: '[0-9]*',
  maxLength: 4,
  autoComplete: 'off',
} as const;

/**
 * Change PIN, after the card code: the new PIN twice, checked in the browser with the API's own
 * schema (4 digits, not a trivial one such as 1234, both the same), then sent with the verified code.
 */
export function ChangePinForm({
  card,
  challengeId,
  onDone,
  onCodeExpired,
}: {
  card: Card;
  challengeId: string;
  onDone: (message: string) => void;
  onCodeExpired: (message: string) => void;
}) {
  const changePin = useChangePin();
  const { form, formProps, formError, setFormError, submitting } = useApiForm({
    schema: changePinSchema,
    defaultValues: { challengeId, pin: '', confirmPin: '' } satisfies ChangePinInput,
    fields: ['pin', 'confirmPin'],
    submit: async (body) => onDone((await changePin.mutateAsync({ cardId: card.id, body })).message),
    onError: (error): boolean => cardCodeFormErrors(onCodeExpired, (message: string) => setFormError(message))(error),
  });
  return (
    <form {...formProps} aria-label="Change PIN" className="space-y-4">
      <p className="text-sm text-slate-700">
        Choose 4 digits that are hard to guess: not the same digit four times, nor four in a row such as 1234.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`pin-${card.id}`} label="New PIN" {...fieldBinding(form, 'pin', digitsOnly)} {...pinInput} />
        <TextField
          id={`confirm-pin-${card.id}`}
          label="Confirm PIN"
          {...fieldBinding(form, 'confirmPin', digitsOnly)}
          {...pinInput}
        />
      </div>
      <SubmitRow error={formError} sending={submitting}>
        Change PIN
      </SubmitRow>
    </form>
  );
}
