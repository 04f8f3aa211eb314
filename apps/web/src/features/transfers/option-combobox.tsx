import { optionsMatching } from '@mutual/shared';
import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useMemo, useState } from 'react';
import { FieldError, controlProps } from '../../components/form-field';

export interface Option {
  code: string;
  name: string;
}

const listClass =
  'absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm ' +
  'shadow-lg';
const optionClass = 'flex cursor-pointer items-center justify-between gap-2 px-3 py-2';
const noMatchesClass =
  'absolute z-20 mt-1 w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg';
const labelOf = (option: Option) => `${option.name} (${option.code})`;

/**
 * A searchable picker (spec §5: countries and currencies "searchable by name or code"), on the
 * WAI-ARIA combobox pattern: a text input that filters a listbox, Arrow keys to move, Enter to
 * choose, Escape to close. The value is the option's code; typing clears it until an option is
 * chosen again.
 */
export function OptionCombobox({
  id,
  label,
  options,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  options: readonly Option[];
  value: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  placeholder?: string;
}) {
  const selected = options.find((option) => option.code === value);
  /** What the person typed; null shows the chosen option instead. */
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => optionsMatching(options, query ?? ''), [options, query]);
  const listId = `${id}-listbox`;
  const optionId = (code: string) => `${id}-option-${code}`;
  const activeOption = open ? matches[active] : undefined;

  useEffect(() => {
    if (activeOption)
      document.getElementById(`${id}-option-${activeOption.code}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeOption, id]);

  const choose = (option: Option) => {
    onChange(option.code);
    setQuery(null);
    setOpen(false);
  };

  const openAt = (index: number) => {
    setOpen(true);
    setActive(Math.max(0, Math.min(index, matches.length - 1)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(
        open
          ? active + 1
          : Math.max(
              0,
              matches.findIndex((option) => option.code === value),
            ),
      );
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(open ? active - 1 : matches.length - 1);
    } else if (event.key === 'Home' && open) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && open) {
      event.preventDefault();
      setActive(Math.max(0, matches.length - 1));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape' && (open || query !== null)) {
      event.preventDefault();
      setOpen(false);
      if (selected) setQuery(null);
    }
  };

  const props = controlProps(id, { error }, 'pr-10');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          {...props}
          ref={inputRef}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(activeOption.code) : undefined}
          aria-required="true"
          autoComplete="off"
          placeholder={placeholder}
          value={query ?? (selected ? labelOf(selected) : '')}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
            if (value) onChange('');
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            // A typed code or name ("fr", "France"), or text only one option matches, counts as choosing it.
            if (query !== null) {
              const typed = query.trim().toLowerCase();
              const exact = options.find(
                (option) => option.code.toLowerCase() === typed || option.name.toLowerCase() === typed,
              );
              const only = matches.length === 1 ? matches[0] : undefined;
              const chosen = typed === '' ? undefined : (exact ?? only);
              if (chosen) choose(chosen);
            }
            onBlur();
          }}
        />
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <ul id={listId} role="listbox" aria-label={label} hidden={!open || matches.length === 0} className={listClass}>
          {matches.map((option, index) => (
            <li
              key={option.code}
              id={optionId(option.code)}
              role="option"
              aria-selected={option.code === value}
              // Keep the focus in the input so the click is not lost to its blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => setActive(index)}
              className={`${optionClass} ${index === active ? 'bg-brand-soft text-brand-dark' : 'text-slate-800'}`}
            >
              <span className="min-w-0">
                {option.name} <span className="text-slate-600">({option.code})</span>
              </span>
              {option.code === value && <Check className="h-4 w-4 shrink-0" aria-hidden="true" />}
            </li>
          ))}
        </ul>
        {open && matches.length === 0 && (
          <p className={noMatchesClass} role="status">
            No matches
          </p>
        )}
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
