import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar, FilterField } from './filter-bar';
import { controlProps } from './form-field';

interface Filters {
  type: string;
  q: string;
}

function TransactionFilters({ onSubmit }: { onSubmit?: (q: string) => void }) {
  const [filters, setFilters] = useState<Filters>({ type: '', q: '' });
  const [text, setText] = useState('');
  const activeCount = Object.values(filters).filter(Boolean).length;
  return (
    <FilterBar
      label="Filter transactions"
      activeCount={activeCount}
      columns={2}
      onClear={() => {
        setFilters({ type: '', q: '' });
        setText('');
      }}
      onSubmit={() => {
        setFilters((current) => ({ ...current, q: text.trim() }));
        onSubmit?.(text.trim());
      }}
      footer={<p>Dates are in Eastern Time.</p>}
    >
      <FilterField id="f-q" label="Description" error={text.length > 5 ? 'Five letters at most.' : undefined}>
        <input
          {...controlProps('f-q', { error: text.length > 5 ? 'Five letters at most.' : undefined })}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </FilterField>
      <FilterField id="f-type" label="Type">
        <select
          {...controlProps('f-type', {})}
          value={filters.type}
          onChange={(event) => setFilters((current) => ({ ...current, type: event.target.value }))}
        >
          <option value="">All types</option>
          <option value="credit">Credit</option>
        </select>
      </FilterField>
    </FilterBar>
  );
}

describe('FilterBar', () => {
  it('is a search landmark with labelled fields and no "Clear filters" while none apply', () => {
    render(<TransactionFilters />);
    expect(screen.getByRole('search', { name: 'Filter transactions' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Description' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Type' })).toBeTruthy();
    expect(screen.getByText('Dates are in Eastern Time.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('counts the filters applied, and "Clear filters" clears them and returns to the first field', async () => {
    const user = userEvent.setup();
    render(<TransactionFilters />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'credit');
    await user.type(screen.getByRole('searchbox', { name: 'Description' }), 'rent{Enter}');
    expect(screen.getByText('2 filters applied')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.queryByText(/filters? applied/)).toBeNull();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Type' }).value).toBe('');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Description' }));
  });

  it('applies what was typed on Enter, without reloading the page', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<TransactionFilters onSubmit={onSubmit} />);
    await user.type(screen.getByRole('searchbox', { name: 'Description' }), ' pay {Enter}');
    expect(onSubmit).toHaveBeenCalledWith('pay');
    expect(screen.getByText('1 filter applied')).toBeTruthy();
  });

  it('shows a field’s error under it, tied to the control', async () => {
    const user = userEvent.setup();
    render(<TransactionFilters />);
    const box = screen.getByRole('searchbox', { name: 'Description' });
    await user.type(box, 'payroll');
    expect(screen.getByRole('alert').textContent).toBe('Five letters at most.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('f-q-error');
  });
});
