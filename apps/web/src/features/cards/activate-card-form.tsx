import { type ActivateCardInput, type Card, type CardResult, activateCardSchema } from '@mutual/shared';
import { useApiForm } from '../../lib/use-api-form';
import { SubmitRow, TextField, fieldBinding } from '../transfers/transfer-fields';
import { useActivateCard } from './cards-api';
import { cardErrorMessage, isUnavailable } from './format';

const blank: ActivateCardInput = { last4: '', expiry: '' };

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 4);
/** "0829" → "08/29": the slash comes by itself, as printed on the card. */
const expiryText = (value: string) => {
  const digits = digitsOnly(value);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * Activate Card, for a replacement that has arrived: the member proves they hold it with the last 4
 * digits and the expiry printed on it (the server compares, and counts the tries). The portal shows
 * the last 4, so the member knows which card to look for, but never its expiry before activation.
 */
export function ActivateCardForm({ card, onActivated }: { card: Card; onActivated: (result: CardResult) => void }) {
  const activate = useActivateCard();
  const { form, formProps, formError, setFormError, submitting } = useApiForm({
    schema: activateCardSchema,
    defaultValues: blank,
    fields: ['last4', 'expiry'],
    submit: async (body) => onActivated(await activate.mutateAsync({ cardId: card.id, body })),
    onError: (error) => {
      if (!isUnavailable(error)) return false;
      setFormError(cardErrorMessage(error));
      return true;
    },
  });
  const idOf = (name: string) => `activate-${card.id}-${name}`;
  return (
    <form
      {...formProps}
      aria-label={`Activate Card ending ${card.last4}`}
      className="space-y-3 rounded-xl border border-sky-200 bg-sky-50/60 p-4"
    >
      <p className="text-sm text-slate-700">
        Your replacement card ending {card.last4} is on its way. When it arrives, enter the last 4 digits and the expiry
        date printed on it.
      </p>
      <div className="grid gap-3 sm:max-w-lg sm:grid-cols-2">
        <TextField
          id={idOf('last4')}
          label="Last 4 digits"
          {...fieldBinding(form, 'last4', digitsOnly)}
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          pattern="[0-9]*"
        />
        <TextField
          id={idOf('expiry')}
          label="Expiry (MM/YY)"
          {...fieldBinding(form, 'expiry', expiryText)}
          placeholder="MM/YY"
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
        />
      </div>
      <SubmitRow error={formError} sending={submitting}>
        Activate Card
      </SubmitRow>
    </form>
  );
}
