import { accountTypes, CREDIT_CARD_ACCOUNT, transactionCategories, transactionStatuses } from '@mutual/shared';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { FilterBar, FilterField } from '../../components/filter-bar';
import { controlProps } from '../../components/form-field';
import { useCards } from '../cards/cards-api';
import type { FilterName, TransactionFilters } from './use-transaction-filters';

type Change = (patch: Partial<Record<FilterName, string>>) => void;

type Options = readonly (readonly [value: string, label: string])[];
const same = (values: readonly string[]): Options => values.map((value) => [value, value] as const);

/** The filters that are lists, each with its "all" choice first. */
const lists = {
  account: { label: 'Account', all: 'All accounts', options: same(accountTypes) },
  type: {
    label: 'Type',
    all: 'All types',
    options: [
      ['credit', 'Credit'],
      ['debit', 'Debit'],
    ],
  },
  category: { label: 'Category', all: 'All categories', options: same(transactionCategories) },
  status: { label: 'Status', all: 'All statuses', options: same(transactionStatuses) },
} satisfies Record<string, { label: string; all: string; options: Options }>;
type ListName = keyof typeof lists;

/**
 * The Account filter's choices: Checking, Savings and — when the member has one — their credit
 * card's line, named as Transfers names it: "Credit Card ••6307" (the card in use, else the last
 * one). Until the cards are in, an address that already chose it keeps a plain "Credit Card".
 */
function useAccountOptions(chosen: TransactionFilters['account']): Options {
  const credit = useCards().data?.cards.filter((card) => card.kind === 'credit');
  const card = credit?.find((c) => c.status !== 'closed') ?? credit?.at(-1);
  const name = card
    ? `${CREDIT_CARD_ACCOUNT} ••${card.last4}`
    : chosen === CREDIT_CARD_ACCOUNT
      ? CREDIT_CARD_ACCOUNT
      : null;
  return name ? [...lists.account.options, [CREDIT_CARD_ACCOUNT, name]] : lists.account.options;
}

/** The two ends of the date range; each bounds the other. */
const dates = {
  from: { label: 'From date', bounds: (filters: TransactionFilters) => ({ max: filters.to }) },
  to: { label: 'To date', bounds: (filters: TransactionFilters) => ({ min: filters.from }) },
} as const;
type DateName = keyof typeof dates;

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
  onChange: Change;
  onClear: () => void;
}) {
  // The search box is the person's draft until they search; a new address (Clear, the back
  // button) puts its own text in the box.
  const accountOptions = useAccountOptions(filters.account);
  const [text, setText] = useState(filters.q ?? '');
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setText(filters.q ?? '');
  }
  const search = (
    <FilterField id="history-q" label="Search by description">
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
        <Button icon={Search} type="submit" variant="outline" className="shrink-0">
          Search
        </Button>
      </div>
    </FilterField>
  );
  const corrections = (
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
  );
  return (
    <FilterBar
      label="Filter transactions"
      activeCount={Object.values(filters).filter(Boolean).length}
      onClear={onClear}
      onSubmit={() => onChange({ q: text.trim() })}
      search={search}
      columns={6}
      footer={corrections}
      showCount={false}
    >
      {/* Two a row on a phone: account and type, the two dates side by side (each a whole row on
          the narrowest), then the category and the status each a whole row ("All categories" does
          not fit half a phone). */}
      <SelectFilter name="account" filters={filters} onChange={onChange} options={accountOptions} />
      <SelectFilter name="type" filters={filters} onChange={onChange} />
      <DateFilter name="from" filters={filters} onChange={onChange} />
      <DateFilter name="to" filters={filters} onChange={onChange} />
      {(['category', 'status'] as const).map((name) => (
        <SelectFilter
          key={name}
          name={name}
          filters={filters}
          onChange={onChange}
          className="col-span-2 sm:col-span-1"
        />
      ))}
    </FilterBar>
  );
}

/** Each filter control names the filter it sets: `name` is its key in the address, its id `history-<name>`. */
interface FilterProps<Name> {
  name: Name;
  filters: TransactionFilters;
  onChange: Change;
}

function SelectFilter({
  name,
  filters,
  onChange,
  className,
  options = lists[name].options,
}: FilterProps<ListName> & { className?: string; options?: Options }) {
  const id = `history-${name}`;
  const { label, all }: { label: string; all: string } = lists[name];
  return (
    <FilterField id={id} label={label} className={className}>
      <select
        {...controlProps(id, {})}
        value={filters[name] ?? ''}
        onChange={(event) => onChange({ [name]: event.target.value })}
      >
        <option value="">{all}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/**
 * A phone's half row is narrow for a date box: the browser's "mm/dd/yyyy" and its calendar button
 * need about 135 px. Less padding makes them fit from a 384 px screen; below that each date takes
 * a whole row.
 */
const dateFieldClass = 'col-span-2 min-[384px]:col-span-1';
const dateControlClass = 'max-sm:px-2.5';

function DateFilter({ name, filters, onChange }: FilterProps<DateName>) {
  const id = `history-${name}`;
  const { label, bounds } = dates[name];
  return (
    <FilterField id={id} label={label} className={dateFieldClass}>
      <input
        {...controlProps(id, {}, dateControlClass)}
        type="date"
        value={filters[name] ?? ''}
        {...bounds(filters)}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    </FilterField>
  );
}
