import { Switch } from 'radix-ui';
import { useId } from 'react';

const trackClass = [
  'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300',
  'transition-colors data-[state=checked]:bg-brand disabled:cursor-not-allowed disabled:opacity-60',
].join(' ');
const thumbClass = [
  'block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow',
  'transition-transform data-[state=checked]:translate-x-[1.375rem]',
].join(' ');

/** A labelled on/off switch with a line of explanation, as one row. */
export function SettingsSwitch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled = false,
}: {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        className={trackClass}
      >
        <Switch.Thumb className={thumbClass} />
      </Switch.Root>
    </div>
  );
}
