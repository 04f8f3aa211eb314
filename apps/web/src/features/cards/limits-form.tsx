import { type Card, type CardLimitsInput, type CardsOverview, cardLimitsSchema, formatWireMoney } from '@mutual/shared';
import { Controller } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useApiForm } from '../../lib/use-api-form';
import { SettingsSwitch } from '../profile/settings-switch';
import { DollarField, SubmitRow, fieldBinding } from '../transfers/transfer-fields';
import { useSetCardLimits } from './cards-api';
import { cardCodeFormErrors } from './format';

type Ceilings = CardsOverview['limitCeilings'];
type LimitName = 'perPurchase' | 'dailyPurchases' | 'dailyAtm';
type SwitchName = 'online' | 'international' | 'atm';

const limits: { name: LimitName; label: string }[] = [
  { name: 'perPurchase', label: 'Per purchase' },
  { name: 'dailyPurchases', label: 'Daily purchases' },
  { name: 'dailyAtm', label: 'Daily ATM cash' },
];

const switches: { name: SwitchName; label: string; description: string }[] = [
  { name: 'online', label: 'Online purchases', description: 'Shopping online, by phone or in apps.' },
  { name: 'international', label: 'International use', description: 'Purchases and cash outside the United States.' },
  { name: 'atm', label: 'ATM withdrawals', description: 'Taking out cash at an ATM.' },
];

/** An amount a person types: digits and one point; "$" and "," are dropped as they are typed. */
const amountText = (value: string) => value.replace(/[^\d.]/g, '');

/** A dollar amount box with its ceiling beside the label ("Up to $5,000.00"). */
function LimitField({
  id,
  label,
  ceiling,
  registration,
  error,
}: {
  id: string;
  label: string;
  ceiling: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <DollarField
      id={id}
      label={label}
      hint={`Up to ${formatWireMoney(ceiling)}`}
      registration={registration}
      error={error}
      input={{ type: 'text', inputMode: 'decimal', autoComplete: 'off' }}
    />
  );
}

/**
 * Set Transaction Limits, after the card code: per purchase, daily purchases and daily ATM cash
 * (each up to the credit union's ceiling), and the online, international and ATM switches; all
 * prefilled with the card's current controls. Every one of them decides the processor's
 * authorizations from the moment it is saved.
 */
export function LimitsForm({
  card,
  ceilings,
  challengeId,
  onDone,
  onCodeExpired,
}: {
  card: Card;
  ceilings: Ceilings;
  challengeId: string;
  onDone: (message: string) => void;
  onCodeExpired: (message: string) => void;
}) {
  const setLimits = useSetCardLimits();
  const { controls } = card;
  const defaults: CardLimitsInput = {
    challengeId,
    perPurchase: controls.perPurchase,
    dailyPurchases: controls.dailyPurchases,
    dailyAtm: controls.dailyAtm,
    online: controls.online,
    international: controls.international,
    atm: controls.atm,
  };
  const { form, formProps, formError, setFormError, submitting } = useApiForm({
    schema: cardLimitsSchema,
    defaultValues: defaults,
    fields: ['perPurchase', 'dailyPurchases', 'dailyAtm', 'online', 'international', 'atm'],
    submit: async (body) => onDone((await setLimits.mutateAsync({ cardId: card.id, body })).message),
    onError: (error): boolean => cardCodeFormErrors(onCodeExpired, (message: string) => setFormError(message))(error),
  });
  const { control } = form;
  return (
    <form {...formProps} aria-label="Set Transaction Limits" className="space-y-5">
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Limits</legend>
        {limits.map(({ name, label }) => (
          <LimitField
            key={name}
            id={`limit-${name}-${card.id}`}
            label={label}
            ceiling={ceilings[name]}
            {...fieldBinding(form, name, amountText)}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Where the card works</legend>
        <div className="divide-y divide-slate-100">
          {switches.map(({ name, label, description }) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <SettingsSwitch
                  label={label}
                  description={description}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          ))}
        </div>
      </fieldset>
      <SubmitRow error={formError} sending={submitting}>
        Save Limits
      </SubmitRow>
    </form>
  );
}
