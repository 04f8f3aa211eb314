import { Search } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Button } from '../../components/button';
import { FilterBar, FilterField } from '../../components/filter-bar';
import { controlProps } from '../../components/form-field';
import { ActionSelect } from './action-select';
import type { AuditFilterName, AuditFilters } from './audit-api';

type Errors = Partial<Record<AuditFilterName, string>>;

/** A filter typed or picked in a box: its label over it and its error under it. */
function FilterInput({
  id,
  label,
  error,
  onChange,
  ...input
}: Omit<ComponentProps<'input'>, 'id' | 'onChange'> & {
  id: string;
  label: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FilterField id={id} label={label} error={error}>
      <input {...controlProps(id, { error })} {...input} onChange={(event) => onChange(event.target.value)} />
    </FilterField>
  );
}

/** A date filter: a day in the credit union's time zone. */
export function AuditDateInput({
  value,
  ...props
}: {
  id: string;
  label: string;
  value?: string;
  min?: string;
  max?: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return <FilterInput {...props} type="date" value={value ?? ''} />;
}

const dateBounds = [
  { name: 'from', label: 'From date' },
  { name: 'to', label: 'To date' },
] as const;
type DateBound = (typeof dateBounds)[number]['name'];

/** From and To, each bounding the other: the Audit Log's filters and a member's activity log. */
export function AuditDateRange({
  idPrefix,
  value,
  errors,
  onChange,
}: {
  idPrefix: string;
  value: Pick<AuditFilters, DateBound>;
  errors: Partial<Record<DateBound, string>>;
  onChange: (patch: Partial<Record<DateBound, string>>) => void;
}) {
  return dateBounds.map(({ name, label }) => (
    <AuditDateInput
      key={name}
      id={`${idPrefix}-${name}`}
      label={label}
      value={value[name]}
      min={name === 'to' ? value.from : undefined}
      max={name === 'from' ? value.to : undefined}
      error={errors[name]}
      onChange={(day) => onChange({ [name]: day })}
    />
  ));
}

/** The two e-mail boxes: applied with "Apply" (or Enter), not at every key. */
const emailFilters = [
  { name: 'actor', label: 'Staff user', placeholder: 'staff@example.com' },
  { name: 'member', label: 'Member e-mail', placeholder: 'member@example.com' },
] as const;
type EmailFilterName = (typeof emailFilters)[number]['name'];
const typedOf = (filters: AuditFilters) => ({ actor: filters.actor ?? '', member: filters.member ?? '' });

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
  const [typed, setTyped] = useState<Record<EmailFilterName, string>>(typedOf(filters));
  // A new address (Clear, Back, a link) puts its own text in the boxes.
  const [shown, setShown] = useState({ actor: filters.actor, member: filters.member });
  if (shown.actor !== filters.actor || shown.member !== filters.member) {
    setShown({ actor: filters.actor, member: filters.member });
    setTyped(typedOf(filters));
  }

  return (
    <FilterBar
      label="Filter the audit log"
      activeCount={Object.values(filters).filter(Boolean).length}
      onClear={onClear}
      onSubmit={() => onChange({ actor: typed.actor.trim(), member: typed.member.trim() })}
      columns={5}
      showCount={false}
      footer={
        <p className="text-xs text-slate-600">
          {timeZone ? `Dates and times are in the credit union's time zone (${timeZone}).` : '\u00a0'}
        </p>
      }
      actions={
        <Button icon={Search} type="submit" variant="outline" size="sm">
          Apply
        </Button>
      }
    >
      <ActionSelect
        id="audit-action"
        value={filters.action}
        error={errors.action}
        onChange={(value) => onChange({ action: value })}
      />
      {emailFilters.map(({ name, label, placeholder }) => (
        <FilterInput
          key={name}
          id={`audit-${name}`}
          label={label}
          type="search"
          inputMode="email"
          autoComplete="off"
          maxLength={254}
          placeholder={placeholder}
          value={typed[name]}
          error={errors[name]}
          onChange={(value) => setTyped((current) => ({ ...current, [name]: value }))}
        />
      ))}
      <AuditDateRange idPrefix="audit" value={filters} errors={errors} onChange={onChange} />
    </FilterBar>
  );
}
