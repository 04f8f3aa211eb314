import { messages } from '@mutual/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { CsvImport } from './csv-import';

const header = 'account,type,amount,description,category,date,time,status';
const row = (description: string) => `Checking,credit,12.50,${description},Income,2026-01-15,09:00,Completed`;

describe('Staff console: CSV import', () => {
  it('a description of two lines (a quoted cell) is refused, naming its row and column: nothing posts', async () => {
    const server = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<CsvImport userId="user-1" onPosted={vi.fn()} />);
    const text = [header, row('Payroll'), row('"Refund\r\nof a fee"'), ''].join('\r\n');
    await user.upload(screen.getByLabelText('Choose a CSV file'), new File([text], 'rows.csv', { type: 'text/csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      messages.admin.addTransactionsFailed(`Row 2: Description: ${messages.generic.singleLine}`),
    );
    expect(server.to('POST', '/api/admin/users/user-1/transactions')).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Post / })).toBeNull();
  });
});
