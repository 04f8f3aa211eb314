import { Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button';
import { FieldError, controlProps } from '../../components/form-field';
import { ActionSelect } from './action-select';
import type { AuditFilterName, AuditFilters } from './audit-api';

type Errors = Partial<Record<AuditFilterName, string>>;

/** A date filter: a day in the credit union's time zone. */
export function AuditDateInput({
  id,
  label,
  value,
  min,
  max,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value?: string;
  min?: string;
  max?: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...controlProps(id, { error })}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

function EmailFilter({
  id,
  label,
  value,
  placeholder,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...controlProps(id, { error })}
        type="search"
        inputMode="email"
        autoComplete="off"
        maxLength={254}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The Audit Log screen's filters. The action list and the dates apply as soon as they change;
 * the two e-mail boxes apply with "Apply" (or Enter), so typing does not fetch a page per key.
 */
export function AuditFiltersForm({
  filters,
  errors,
  timeZone,
  onChange,
  onClear,
}: {
  filters: AuditFilters;
  errors: Errors;
  timeZone?: string;
  onChange: (patch: Partial<Record<AuditFilterName, string>>) => void;
  onClear: () => void;
}) {
  const active = Object.values(filters).some(Boolean);
  const [actor, setActor] = useState(filters.actor ?? '');
  const [member, setMember] = useState(filters.member ?? '');
  // A new address (Clear, Back, a link) puts its own text in the boxes.
  const [shown, setShown] = useState({ actor: filters.actor, member: filters.member });
  if (shown.actor !== filters.actor || shown.member !== filters.member) {
    setShown({ actor: filters.actor, member: filters.member });
    setActor(filters.actor ?? '');
    setMember(filters.member ?? '');
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ actor: actor.trim(), member: member.trim() });
  };

  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      noValidate
      onSubmit={submit}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <ActionSelect
          id="audit-action"
          value={filters.action}
          error={errors.action}
          onChange={(value) => onChange({ action: value })}
        />
        <EmailFilter
          id="audit-actor"
          label="Staff user"
          placeholder="staff@example.com"
          value={actor}
          error={errors.actor}
          onChange={setActor}
        />
        <EmailFilter
          id="audit-member"
          label="Member e-mail"
          placeholder="member@example.com"
          value={member}
          error={errors.member}
          onChange={setMember}
        />
        <AuditDateInput
          id="audit-from"
          label="From date"
          value={filters.from}
          max={filters.to}
          error={errors.from}
          onChange={(value) => onChange({ from: value })}
        />
        <AuditDateInput
          id="audit-to"
          label="To date"
          value={filters.to}
          min={filters.from}
          error={errors.to}
          onChange={(value) => onChange({ to: value })}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600">
          {timeZone ? `Dates and times are in the credit union's time zone (${timeZone}).` : '\u00a0'}
        </p>
        <div className="flex gap-2 sm:justify-end">
          {active && (
            <Button variant="ghost" size="sm" onClick={onClear}>
              <X className="h-4 w-4" aria-hidden="true" />
              Clear filters
            </Button>
          )}
          <Button type="submit" variant="outline" size="sm">
            <Search className="h-4 w-4" aria-hidden="true" />
            Apply
          </Button>
        </div>
      </div>
    </form>
  );
}
