import { OTP_LENGTH } from '@mutual/shared';
import type { ReactNode, Ref } from 'react';
import { controlProps, FormField } from './form-field';

interface OtpFieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  /** Called with digits only, at most six: what was typed or pasted, cleaned. */
  onChange: (digits: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A 6-digit confirmation code box (spec §5: digits only): a US-bank transfer's, a new payee's. */
export function OtpField({ id, label, hint, error, value, onChange, inputRef }: OtpFieldProps) {
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
