import { IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, reply, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { memberAccounts, transferResult } from '../../test/fixtures';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { fillInternationalForm } from '../../test/transfer-forms';
import { InternationalTransferForm } from './international-transfer-form';

const m = messages.transfers;

function renderForm(routes: StubRoutes = {}) {
  const server = stubFetch(routes);
  const user = userEvent.setup();
  renderWithProviders(<InternationalTransferForm accounts={memberAccounts} />);
  const cont = () => user.click(screen.getByRole('button', { name: 'Continue' }));
  return { server, user, cont };
}

describe('International transfer form', () => {
  it(`says "${m.fillAllFields}" once for the form and marks each empty field when sent empty`, async () => {
    const { server, cont } = renderForm();
    const form = screen.getByRole('form', { name: 'International' });
    await cont();
    expect((await within(form).findByRole('alert')).textContent).toBe(m.fillAllFields);
    expect(within(form).getAllByText(m.fillAllFields)).toHaveLength(1);
    // Recipient, bank, SWIFT/BIC, account number, country, currency and amount; the IBAN is optional.
    const required = ['Recipient name', 'Bank name', 'SWIFT/BIC', 'Account number', 'Amount (USD)'];
    for (const label of required)
      expect(within(form).getByLabelText(label).getAttribute('aria-invalid'), label).toBe('true');
    for (const name of ['Country', 'Currency'])
      expect(within(form).getByRole('combobox', { name }).getAttribute('aria-invalid'), name).toBe('true');
    expect(within(form).getByLabelText(/^IBAN/).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(within(form).getByLabelText('Recipient name'));
    expect(server.requests).toHaveLength(0);
  });

  it(`upper-cases the SWIFT/BIC as typed and refuses a short one with "${m.invalidSwift}"`, async () => {
    const { user, cont } = renderForm();
    await fillInternationalForm(user, { swift: 'bnpa12' });
    expect(screen.getByLabelText<HTMLInputElement>('SWIFT/BIC').value).toBe('BNPA12');
    await cont();
    expect(await screen.findByText(m.invalidSwift)).toBeTruthy();
  });

  it(`refuses an IBAN that is not one with "${m.invalidIban}"`, async () => {
    const { user, cont } = renderForm();
    await fillInternationalForm(user, { iban: 'FR12' });
    await cont();
    expect(await screen.findByText(m.invalidIban)).toBeTruthy();
  });

  it(`refuses an account number shorter than 8 characters with "${m.invalidIntlAccount}"`, async () => {
    const { user, cont } = renderForm();
    await fillInternationalForm(user, { accountNumber: 'AB12' });
    await cont();
    expect(await screen.findByText(m.invalidIntlAccount)).toBeTruthy();
  });

  it('finds a country by name in the searchable list', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'franc');
    await user.click(screen.getByRole('option', { name: 'France (FR)' }));
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Country' }).value).toBe('France (FR)');
  });

  it('offers the country whose name starts with what was typed first: "ger" and Enter is Germany', async () => {
    const { user } = renderForm();
    const country = screen.getByRole<HTMLInputElement>('combobox', { name: 'Country' });
    await user.type(country, 'ger');
    const list = screen.getByRole('listbox', { name: 'Country' });
    const listed = within(list)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(listed).toEqual(['Germany (DE)', 'Algeria (DZ)', 'Niger (NE)', 'Nigeria (NG)']);
    await pressEnter(user, country);
    expect(country.value).toBe('Germany (DE)');
  });

  it(`shows the summary and "${m.internationalNotice}" before anything is sent`, async () => {
    const { server, user, cont } = renderForm();
    await fillInternationalForm(user);
    await cont();
    const step = await screen.findByRole('form', { name: 'Confirm Transfer' });
    const summary = within(step).getByLabelText('Transfer summary');
    expect(within(summary).getByText('BNPAFRPP')).toBeTruthy();
    expect(within(summary).getByText('France (FR)')).toBeTruthy();
    expect(within(summary).getByText('Euro (EUR)')).toBeTruthy();
    expect(within(summary).getByText('$40.00')).toBeTruthy();
    expect(within(step).getByText(m.internationalNotice)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('says the amount is in US dollars and that the recipient’s bank receives the chosen currency', async () => {
    const { user, cont } = renderForm();
    // The amount box says which currency it takes, whatever the recipient's currency is.
    expect(screen.getByLabelText('Amount (USD)')).toBeTruthy();
    await fillInternationalForm(user);
    await cont();
    const step = await screen.findByRole('form', { name: 'Confirm Transfer' });
    const summary = within(step).getByLabelText('Transfer summary');
    const amountRow = within(summary).getByText('Amount (USD)').parentElement as HTMLElement;
    expect(within(amountRow).getByText('$40.00')).toBeTruthy();
    expect(within(step).getByText(/^You send \$40\.00 in US dollars\./).textContent).toBe(
      'You send $40.00 in US dollars. BNP Paribas, the recipient’s bank, receives it in Euro (EUR): the banks ' +
        'convert it at their own exchange rate, so we cannot tell you in advance how much arrives in EUR.',
    );
  });

  it('says plainly when the recipient’s bank receives US dollars too', async () => {
    const { user, cont } = renderForm();
    await fillInternationalForm(user, { currency: 'USD' });
    await cont();
    const step = await screen.findByRole('form', { name: 'Confirm Transfer' });
    expect(within(step).getByText(/^You send/).textContent).toBe(
      'You send $40.00 in US dollars. BNP Paribas, the recipient’s bank, receives US dollars.',
    );
  });

  it('sends the confirmed transfer with an Idempotency-Key and shows the server’s confirmation', async () => {
    const done = m.internationalDone('$40.00', 'BNP Paribas');
    const { server, user, cont } = renderForm({
      'POST /api/transfers/international': reply(
        201,
        transferResult({ transferType: 'international', status: 'Pending', message: done }),
      ),
    });
    await fillInternationalForm(user);
    await cont();
    await user.click(await screen.findByRole('button', { name: 'Confirm Transfer' }));
    expect(await screen.findByText(done)).toBeTruthy();
    const [sent] = server.to('POST', '/api/transfers/international');
    expect(sent?.body).toMatchObject({ swiftCode: 'BNPAFRPP', country: 'FR', currency: 'EUR', amount: '40' });
    expect(sent?.headers.get(IDEMPOTENCY_HEADER)).toBeTruthy();
  });

  it('returns to the form with the server’s message under the field it refused', async () => {
    const { user, cont } = renderForm({
      'POST /api/transfers/international': apiError(400, 'VALIDATION_FAILED', m.invalidSwift, {
        swiftCode: m.invalidSwift,
      }),
    });
    await fillInternationalForm(user);
    await cont();
    await user.click(await screen.findByRole('button', { name: 'Confirm Transfer' }));
    const form = await screen.findByRole('form', { name: 'International' });
    expect(within(form).getByText(m.invalidSwift)).toBeTruthy();
    expect(within(form).getByLabelText('SWIFT/BIC').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('International, with the keyboard: the focus follows the steps, never left on the page', () => {
  it('lands on "Confirm Transfer", on the first field after "Back", on the result once sent', async () => {
    const done = m.internationalDone('$40.00', 'BNP Paribas');
    const { user } = renderForm({
      'POST /api/transfers/international': reply(201, transferResult({ transferType: 'international', message: done })),
    });
    await fillInternationalForm(user);
    await pressEnter(user, screen.getByRole('button', { name: 'Continue' }));
    const heading = await screen.findByRole('heading', { name: 'Confirm Transfer' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    await pressEnter(user, screen.getByRole('button', { name: 'Back' }));
    const form = await screen.findByRole('form', { name: 'International' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('From')));

    await pressEnter(user, within(form).getByRole('button', { name: 'Continue' }));
    await pressEnter(user, await screen.findByRole('button', { name: 'Confirm Transfer' }));
    const result = await within(await screen.findByRole('form', { name: 'International' })).findByRole('status');
    expect(result.textContent).toBe(done);
    await waitFor(() => expect(document.activeElement).toBe(result));
  });

  it('lands on the field the server refused when the confirmation returns to the form', async () => {
    const { user } = renderForm({
      'POST /api/transfers/international': apiError(400, 'VALIDATION_FAILED', m.invalidSwift, {
        swiftCode: m.invalidSwift,
      }),
    });
    await fillInternationalForm(user);
    await pressEnter(user, screen.getByRole('button', { name: 'Continue' }));
    await pressEnter(user, await screen.findByRole('button', { name: 'Confirm Transfer' }));
    const form = await screen.findByRole('form', { name: 'International' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('SWIFT/BIC')));
  });
});
