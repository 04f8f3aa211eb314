import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { userDetail } from './test-fixtures';
import { VerifyUserDialog } from './verify-user-dialog';

/** What the checklist's group says about itself (its description), as a screen reader reads it. */
function checklistCount(group: HTMLElement) {
  const id = group.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('Verify User: the checklist count', () => {
  it('counts the ticked checks in plain words: none, some, then all', async () => {
    stubFetch({});
    const applicant = userDetail({ status: 'pending', verificationStatus: 'pending' });
    renderWithProviders(<VerifyUserDialog user={applicant} open onOpenChange={vi.fn()} onFlash={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Verify User' });
    const group = within(dialog).getByRole('group', { name: 'Verification checklist' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(4);

    expect(checklistCount(group)).toBe('0 of 4 checks ticked. The review record keeps the checklist as it is.');
    const user = userEvent.setup();
    await user.click(boxes[0] as HTMLElement);
    expect(checklistCount(group)).toBe('1 of 4 checks ticked. The review record keeps the checklist as it is.');
    for (const box of boxes.slice(1)) await user.click(box);
    expect(checklistCount(group)).toBe('All 4 checks ticked.');
    expect(dialog.textContent).not.toContain('not ticked');
  });
});
