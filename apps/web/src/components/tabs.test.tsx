import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type TabItem, Tabs } from './tabs';

type Status = 'pending' | 'settled' | 'returned';

const tabs: TabItem<Status>[] = [
  { value: 'pending', label: 'Pending', count: 3 },
  { value: 'settled', label: 'Settled', count: 1250 },
  { value: 'returned', label: 'Returned', count: 0 },
];

function Screen({ onChange }: { onChange?: (value: Status) => void }) {
  const [status, setStatus] = useState<Status>('pending');
  return (
    <Tabs
      tabs={tabs}
      label="Payments by status"
      value={status}
      onValueChange={(value) => {
        setStatus(value);
        onChange?.(value);
      }}
    >
      {(value) => <p>Showing {value} payments</p>}
    </Tabs>
  );
}

describe('Tabs', () => {
  it('names each tab with its count, "Pending (3)", while the badge shows the number', () => {
    render(<Screen />);
    expect(screen.getByRole('tablist', { name: 'Payments by status' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Pending3 (3)',
      'Settled1,250 (1,250)',
      'Returned0 (0)',
    ]);
    const pending = screen.getByRole('tab', { name: 'Pending (3)' });
    expect(pending.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Settled (1,250)' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByText('3').getAttribute('aria-hidden')).toBe('true');
  });

  it('shows a dash while a count is unknown, and no badge without one', () => {
    render(
      <Tabs
        label="Filter messages"
        tabs={[
          { value: 'open', label: 'Open', count: null },
          { value: 'all', label: 'All' },
        ]}
      />,
    );
    const open = screen.getByRole('tab', { name: 'Open' });
    expect(open.textContent).toBe('Open–');
    expect(screen.getByRole('tab', { name: 'All' }).textContent).toBe('All');
  });

  it('shows the active tab’s panel and switches on click', async () => {
    const onChange = vi.fn();
    render(<Screen onChange={onChange} />);
    expect(screen.getByRole('tabpanel').textContent).toBe('Showing pending payments');
    await userEvent.click(screen.getByRole('tab', { name: 'Returned (0)' }));
    expect(onChange).toHaveBeenCalledWith('returned');
    expect(screen.getByRole('tabpanel', { name: 'Returned (0)' }).textContent).toBe('Showing returned payments');
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('tab', { name: 'Pending (3)' }));
    await user.keyboard('{ArrowRight}');
    const settled = screen.getByRole('tab', { name: 'Settled (1,250)' });
    expect(document.activeElement).toBe(settled);
    expect(settled.getAttribute('aria-selected')).toBe('true');
  });
});
