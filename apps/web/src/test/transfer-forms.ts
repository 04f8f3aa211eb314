import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The "To US Bank" form, filled in the way a member would. */
export async function fillExternalForm(
  user: UserEvent,
  values: Partial<{ bank: string; accountNumber: string; accountName: string; amount: string; reference: string }> = {},
) {
  const form = screen.getByRole('form', { name: 'To US Bank' });
  const {
    bank = 'TD Bank',
    accountNumber = '123456789',
    accountName = 'Jamie Payee',
    amount = '25',
    reference = 'Rent',
  } = values;
  await user.selectOptions(within(form).getByLabelText('Bank'), bank);
  await user.type(within(form).getByLabelText('Account number'), accountNumber);
  await user.type(within(form).getByLabelText('Account holder name'), accountName);
  await user.type(within(form).getByLabelText('Amount'), amount);
  if (reference) await user.type(within(form).getByLabelText('Reference'), reference);
  return form;
}

/** The "International" form, filled in the way a member would (country and currency typed by code). */
export async function fillInternationalForm(
  user: UserEvent,
  values: Partial<{
    recipientName: string;
    bankName: string;
    swift: string;
    accountNumber: string;
    iban: string;
    country: string;
    currency: string;
    amount: string;
    reference: string;
  }> = {},
) {
  const form = screen.getByRole('form', { name: 'International' });
  const {
    recipientName = 'Marie Dupont',
    bankName = 'BNP Paribas',
    swift = 'bnpafrpp',
    accountNumber = '12345678901',
    iban,
    country = 'FR',
    currency = 'EUR',
    amount = '40',
    reference = 'Tuition',
  } = values;
  await user.type(within(form).getByLabelText('Recipient name'), recipientName);
  await user.type(within(form).getByLabelText('Bank name'), bankName);
  await user.type(within(form).getByLabelText('SWIFT/BIC'), swift);
  await user.type(within(form).getByLabelText('Account number'), accountNumber);
  if (iban) await user.type(within(form).getByLabelText(/^IBAN/), iban);
  await user.type(within(form).getByRole('combobox', { name: 'Country' }), country);
  await user.tab();
  await user.type(within(form).getByRole('combobox', { name: 'Currency' }), currency);
  await user.tab();
  await user.type(within(form).getByLabelText('Amount (USD)'), amount);
  if (reference) await user.type(within(form).getByLabelText('Reference'), reference);
  return form;
}
