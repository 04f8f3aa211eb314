import { accountTypes, transactionCategories, transferStatuses } from '@mutual/shared';
import { Search, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/button';
import { controlProps } from '../../components/form-field';
import type { FilterName, TransactionFilters } from './use-transaction-filters';

/**
 * The history page's filters. Lists and dates apply as soon as they change; the description
 * search applies on Enter or "Search", so each keystroke does not fetch a page.
 */
export function TransactionFiltersForm({
  filters,
  onChange,
  onClear,
}: {
  filters: TransactionFilters;
  onChange: (patch: Partial<Record<FilterName, string>>) => void;
  onClear: () => void;
}) {
  const active = Object.values(filters).some(Boolean);
  // The search box is the person's draft until they search; a new address (Clear, the back
  // button) puts its own text in the box.
  const [text, setText] = useState(filters.q ?? '');
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setText(filters.q ?? '');
  }
  return (
    <form
      role="search"
      aria-label="Filter transactions"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text.trim() });
      }}
    >
      <div>
        <label htmlFor="history-q" className="mb-1.5 block text-sm font-medium text-slate-800">
          Search by description
        </label>
        <div className="flex gap-2">
          <input
            {...controlProps('history-q', {}, 'min-w-0')}
            name="q"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={100}
            placeholder="e.g. Payroll"
          />
          <Button type="submit" variant="outline" className="shrink-0">
            <Search className="h-4 w-4" aria-hidden="true" />
            Search
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Select
          id="history-account"
          label="Account"
          value={filters.account}
          onChange={(value) => onChange({ account: value })}
        >
          <option value="">All accounts</option>
          {accountTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
        <DateInput
          id="history-from"
          label="From date"
          value={filters.from}
          max={filters.to}
          onChange={(value) => onChange({ from: value })}
        />
        <DateInput
          id="history-to"
          label="To date"
          value={filters.to}
          min={filters.from}
          onChange={(value) => onChange({ to: value })}
        />
        <Select id="history-type" label="Type" value={filters.type} onChange={(value) => onChange({ type: value })}>
          <option value="">All types</option>
          <option value="credit">Credit</option>
          <option value="debit">Debit</option>
        </Select>
        <Select
          id="history-category"
          label="Category"
          value={filters.category}
          onChange={(value) => onChange({ category: value })}
        >
          <option value="">All categories</option>
          {transactionCategories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </Select>
        <Select
          id="history-status"
          label="Status"
          value={filters.status}
          onChange={(value) => onChange({ status: value })}
        >
          <option value="">All statuses</option>
          {transferStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex w-fit cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="corrections"
            checked={filters.corrections === 'true'}
            onChange={(event) => onChange({ corrections: event.target.checked ? 'true' : '' })}
            className="h-4 w-4 accent-brand"
          />
          <span>
            Show corrections
            <span className="block text-xs font-normal text-slate-600">
              Reversed transactions and the entries that reversed them
            </span>
          </span>
        </label>
        {active && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X className="h-4 w-4" aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value?: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select {...controlProps(id, {})} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

function DateInput({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value?: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...controlProps(id, {})}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
