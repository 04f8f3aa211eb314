import { OTP_LENGTH } from '@mutual/shared';
import { type ReactNode, type Ref, type RefObject, useRef, useState } from 'react';
import type { z } from 'zod';
import { controlProps, FormField } from './form-field';

/**
 * The label of every box for a 6-digit one-time code a member types (sign-in step 2, a transfer to
 * a US bank, a new payee, a card action): spec §3's "6-digit one-time password", and the "OTP" its
 * messages name ("Please enter OTP", "Invalid OTP").
 */
export const OTP_LABEL = '6-digit one-time password (OTP)';

/** Six digits typed: what a code step waits for before its button can be pressed (spec §5, as on sign-in). */
export const isWholeCode = (digits: string) => digits.length === OTP_LENGTH && /^\d+$/.test(digits);

interface OtpFieldProps {
  id: string;
  /** `OTP_LABEL` unless told. */
  label?: string;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  /** Called with digits only, at most six: what was typed or pasted, cleaned. */
  onChange: (digits: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A 6-digit confirmation code box (spec §5: digits only): a US-bank transfer's, a new payee's, a card's. */
export function OtpField({ id, label = OTP_LABEL, hint, error, value, onChange, inputRef }: OtpFieldProps) {
  const described = { hint, error: error ?? undefined };
  return (
    <div className="max-w-sm">
      <FormField id={id} label={label} hint={hint} error={error ?? undefined}>
        <input
          {...controlProps(id, described, 'font-mono tracking-[0.3em]')}
          ref={inputRef}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          pattern="[0-9]*"
          aria-required="true"
        />
      </FormField>
    </div>
  );
}

/**
 * The state behind an `OtpField`: the digits, the message under the box (cleared as the member
 * types) and the box to focus. `field` spreads onto the `OtpField`; `parse` checks the digits with
 * the API's own schema, and on a refusal shows its words (or `fallback`) under the box, focused.
 */
export function useOtpEntry(initialError: string | null = null) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const inputRef: RefObject<HTMLInputElement | null> = useRef<HTMLInputElement>(null);
  const focus = () => inputRef.current?.focus();

  const parse = <Code,>(schema: z.ZodType<Code>, fallback: string): Code | null => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    setError(parsed.error.issues[0]?.message ?? fallback);
    focus();
    return null;
  };

  const field = {
    value,
    error,
    inputRef,
    onChange: (digits: string) => {
      setValue(digits);
      setError(null);
    },
  };
  /** Six digits typed: the step's button is enabled (`isWholeCode`). */
  return { field, setValue, setError, focus, parse, complete: isWholeCode(value) };
}
