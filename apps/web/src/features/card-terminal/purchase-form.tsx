import {
  type TerminalOverview,
  type TerminalPurchaseInput,
  cardChannelLabels,
  cardChannels,
  cardKindLabels,
  cardStatusLabels,
  terminalMerchantCategories,
  terminalMerchantCategoryLabels,
  terminalPurchaseSchema,
} from '@mutual/shared';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { ChoiceOptions, ChoiceSelect } from '../../components/choice-options';
import { FieldError, FormField, controlProps } from '../../components/form-field';
import { ApiRequestError } from '../../lib/api';
import { useApiForm } from '../../lib/use-api-form';
import { DollarField, TextField, transformed } from '../transfers/transfer-fields';
import { type TerminalAnswer, purchaseAnswer, purchaseSummary, requestFailedAnswer } from './answers';
import { useTerminalPurchase } from './use-card-terminal';

type TerminalCard = TerminalOverview['cards'][number];

/** Under the picker: the picked card in full (a phone cuts the option's text short). */
const cardHint = (card: TerminalCard | undefined) =>
  card
    ? `${cardKindLabels[card.kind]} of ${card.member}, ending ${card.number.slice(-4)}: ` +
      `${cardStatusLabels[card.status]}. Its number and expiry are filled in below (it is a demo).`
    : 'Its number and expiry fill in below: it is a demo.';

const defaults: TerminalPurchaseInput = {
  cardNumber: '',
  expiry: '',
  amount: '4.50',
  merchant: 'Harbor Coffee',
  country: 'US',
  channel: 'in_store',
  categoryCode: '',
  pin: '',
};

const categoryHint = 'What the merchant sells: Food, Transportation, Entertainment, or else Shopping.';
const categoryChoices = terminalMerchantCategories.map((code) => ({
  value: code,
  label: terminalMerchantCategoryLabels[code],
}));

/** "Alex Morgan · Debit Card ••4242 · Active" */
export const cardOptionLabel = (card: TerminalCard) =>
  `${card.member} · ${cardKindLabels[card.kind]} ••${card.number.slice(-4)} · ${cardStatusLabels[card.status]}`;

const digits = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);
/** "0829" → "08/29", as printed on a card. */
const expiryText = (value: string) => {
  const typed = digits(4)(value);
  return typed.length > 2 ? `${typed.slice(0, 2)}/${typed.slice(2)}` : typed;
};
const amountText = (value: string) => value.replace(/[^\d.]/g, '');
const countryText = (value: string) =>
  value
    .replace(/[^a-z]/gi, '')
    .toUpperCase()
    .slice(0, 2);

/**
 * What a card terminal reads and asks: the card (picked from the demo's cards, its number and
 * expiry filled in — or typed, to try an unknown card or a wrong expiry), the amount, where and how
 * it is bought, and a PIN when the cardholder types one. Checked with the server's own schema.
 */
export function PurchaseForm({
  cards,
  onAnswer,
}: {
  cards: readonly TerminalCard[];
  /** The processor's answer; `null` as a new attempt starts, so no earlier answer stays on show. */
  onAnswer: (answer: TerminalAnswer | null) => void;
}) {
  const purchase = useTerminalPurchase();
  const [cardId, setCardId] = useState('');
  const { form, onSubmit, formError, submitting } = useApiForm({
    schema: terminalPurchaseSchema,
    defaultValues: defaults,
    fields: ['cardNumber', 'expiry', 'amount', 'merchant', 'country', 'channel', 'categoryCode', 'pin'],
    submit: async (body) => {
      const result = await purchase.mutateAsync(body);
      onAnswer(purchaseAnswer(result, purchaseSummary(body)));
    },
    onError: (error) => {
      // A refusal with fields goes under them; anything else is the terminal's answer.
      if (error instanceof ApiRequestError && error.body.fields) return false;
      onAnswer(requestFailedAnswer(error));
      return true;
    },
  });
  const { register, formState, setValue } = form;
  const errors = formState.errors;
  /** A field's registration, its typing cleaned by `clean` when given, and its error. */
  const fieldOf = (name: keyof TerminalPurchaseInput, clean?: (value: string) => string) => ({
    registration: clean ? transformed(register(name), clean) : register(name),
    error: errors[name]?.message,
  });

  /** The merchant category code the processor sends: the member's history files the purchase under it. */
  const category = { hint: categoryHint, error: errors.categoryCode?.message };

  // Looked up in the fresh list each time: the status follows a lock or an activation.
  const hint = cardHint(cards.find((card) => card.cardId === cardId));

  const pick = (id: string) => {
    setCardId(id);
    const card = cards.find((candidate) => candidate.cardId === id);
    if (!card) return;
    const options = { shouldValidate: formState.isSubmitted, shouldDirty: true };
    setValue('cardNumber', card.number, options);
    setValue('expiry', card.expiry, options);
  };

  return (
    <form
      noValidate
      aria-label="Charge a card"
      onSubmit={(event) => {
        onAnswer(null);
        void onSubmit(event);
      }}
      className="space-y-4"
    >
      <ChoiceSelect
        id="terminal-card"
        label="Card"
        hint={hint}
        value={cardId}
        onChange={pick}
        placeholder="Choose a card…"
        choices={cards.map((card) => ({ value: card.cardId, label: cardOptionLabel(card) }))}
      />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <TextField
          id="terminal-number"
          label="Card number"
          {...fieldOf('cardNumber', digits(19))}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          id="terminal-expiry"
          label="Expiry (MM/YY)"
          {...fieldOf('expiry', expiryText)}
          placeholder="MM/YY"
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)_6rem]">
        <DollarField
          id="terminal-amount"
          label="Amount"
          {...fieldOf('amount', amountText)}
          input={{ type: 'text', inputMode: 'decimal', autoComplete: 'off' }}
        />
        <TextField id="terminal-merchant" label="Merchant" {...fieldOf('merchant')} maxLength={60} autoComplete="off" />
        <TextField
          id="terminal-country"
          label="Country"
          {...fieldOf('country', countryText)}
          maxLength={2}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <FormField id="terminal-category" label="Merchant category" optional {...category} className="sm:max-w-sm">
        <select {...controlProps('terminal-category', category)} {...register('categoryCode')}>
          <ChoiceOptions placeholder="None (Shopping)" choices={categoryChoices} />
        </select>
      </FormField>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Channel</legend>
        <div className="flex flex-wrap gap-2">
          {cardChannels.map((channel) => (
            <label
              key={channel}
              className={[
                'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm',
                'text-slate-900 has-[:checked]:border-brand has-[:checked]:bg-brand-soft',
              ].join(' ')}
            >
              <input type="radio" value={channel} {...register('channel')} className="h-4 w-4 accent-brand" />
              {cardChannelLabels[channel]}
            </label>
          ))}
        </div>
        <FieldError id="terminal-channel" error={errors.channel?.message} />
      </fieldset>
      <div className="sm:max-w-[12rem]">
        <TextField
          id="terminal-pin"
          label="PIN"
          optional
          hint="Demo cards' PIN: 2580"
          {...fieldOf('pin', digits(4))}
          type="password"
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
        />
      </div>
      {formError && (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" icon={CreditCard} busy={submitting} className="w-full sm:w-auto">
        {submitting ? 'Charging…' : 'Charge Card'}
      </Button>
    </form>
  );
}
