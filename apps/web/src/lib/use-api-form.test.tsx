import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Alert } from '../components/alert';
import { Button } from '../components/button';
import { FormField, controlProps } from '../components/form-field';
import { ApiRequestError } from './api';
import { type UseApiFormOptions, useApiForm, valuePaths } from './use-api-form';

const profileSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name'),
  address: z.object({ city: z.string().trim().min(1, 'Enter your city') }),
});
type ProfileInput = z.input<typeof profileSchema>;
type Profile = z.output<typeof profileSchema>;

const refusal = (status: number, message: string, fields?: Record<string, string>) =>
  new ApiRequestError(status, { code: status === 400 ? 'VALIDATION_FAILED' : 'INTERNAL', message, fields });

type Options = Partial<UseApiFormOptions<ProfileInput, Profile>>;

/** A small profile form built the way the app's forms are: FormField, controlProps, an Alert. */
function ProfileForm({ submit, options = {} }: { submit: (values: Profile) => Promise<unknown>; options?: Options }) {
  const { form, formProps, formError, submitting } = useApiForm({
    schema: profileSchema,
    defaultValues: { name: 'Alex', address: { city: 'Springfield' } },
    fallback: 'We could not save your profile.',
    ...options,
    submit,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const nameError = errors.name?.message;
  const cityError = errors.address?.city?.message;
  return (
    <form {...formProps}>
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField id="p-name" label="Name" error={nameError}>
        <input {...controlProps('p-name', { error: nameError })} {...register('name')} />
      </FormField>
      <FormField id="p-city" label="City" error={cityError}>
        <input {...controlProps('p-city', { error: cityError })} {...register('address.city')} />
      </FormField>
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

const save = () => screen.getByRole('button', { name: /Save/ });

describe('useApiForm', () => {
  it('puts a server field error under the right field and focuses it', async () => {
    const submit = vi.fn().mockRejectedValue(refusal(400, 'Check the form.', { 'address.city': 'Unknown city' }));
    render(<ProfileForm submit={submit} />);
    await userEvent.click(save());

    const city = screen.getByRole('textbox', { name: 'City' });
    expect((await screen.findByText('Unknown city')).closest('p')?.id).toBe('p-city-error');
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(city.getAttribute('aria-describedby')).toBe('p-city-error');
    expect(document.activeElement).toBe(city);
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBeNull();
    // The message went under the field: nothing more at the top of the form.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Unknown city']);
  });

  it('sends the parsed values, and shows the server’s message when no field took one', async () => {
    const submit = vi.fn().mockRejectedValue(refusal(409, 'Someone changed this profile meanwhile.'));
    render(<ProfileForm submit={submit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' Morgan  ');
    await userEvent.click(save());

    expect((await screen.findByRole('alert')).textContent).toBe('Someone changed this profile meanwhile.');
    expect(submit).toHaveBeenCalledWith({ name: 'Alex Morgan', address: { city: 'Springfield' } });
  });

  it('shows the fallback when the server broke or could not be asked', async () => {
    const submit = vi.fn().mockRejectedValue(refusal(500, 'TypeError: x is undefined'));
    render(<ProfileForm submit={submit} />);
    await userEvent.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('We could not save your profile.');

    submit.mockRejectedValue(new Error('offline'));
    await userEvent.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('We could not save your profile.');
  });

  it('puts a field message no field of this form shows into the form error', async () => {
    const submit = vi
      .fn()
      .mockRejectedValue(refusal(400, 'Check the form.', { name: 'Too long', nickname: 'Not allowed here' }));
    render(<ProfileForm submit={submit} options={{ fieldsFailure: 'Your profile was not saved.' }} />);
    await userEvent.click(save());

    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(screen.getByText('Your profile was not saved. Not allowed here').closest('[role="alert"]')).toBeTruthy();
  });

  it('hands a message for a control outside the form state (a file input) to the screen', async () => {
    const onDocument = vi.fn();
    const submit = vi.fn().mockRejectedValue(refusal(400, 'Check the form.', { document: 'The file is too large' }));
    render(<ProfileForm submit={submit} options={{ otherFields: { document: onDocument } }} />);
    await userEvent.click(save());

    await vi.waitFor(() => expect(onDocument).toHaveBeenCalledWith('The file is too large', true));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('can open with a form error, e.g. why the person was sent back', () => {
    render(<ProfileForm submit={vi.fn()} options={{ initialFormError: 'Your code expired. Sign in again.' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Your code expired. Sign in again.');
  });

  it('lets the screen deal with a failure itself', async () => {
    const onError = vi.fn((error: unknown) => error instanceof ApiRequestError && error.status === 403);
    const submit = vi.fn().mockRejectedValue(refusal(403, 'Your account is on hold.'));
    render(<ProfileForm submit={submit} options={{ onError }} />);
    await userEvent.click(save());

    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('maps server keys onto the form’s names', async () => {
    const submit = vi.fn().mockRejectedValue(refusal(400, 'Check the form.', { 'profile.name': 'Enter a real name' }));
    render(
      <ProfileForm
        submit={submit}
        options={{ fields: ['name'], renameField: (key) => key.replace(/^profile\./, '') }}
      />,
    );
    await userEvent.click(save());
    expect((await screen.findByText('Enter a real name')).closest('p')?.id).toBe('p-name-error');
  });

  it('validates in the browser first: nothing is sent while a field is wrong', async () => {
    const submit = vi.fn();
    const { container } = render(<ProfileForm submit={submit} />);
    // The browser's own bubbles are off, so the schema's words show, under the field.
    expect(container.querySelector('form')?.noValidate).toBe(true);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.click(save());

    expect(await screen.findByText('Enter your name')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('reports submitting while the request is out, and clears the old form error on the next try', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const submit = vi
      .fn()
      .mockRejectedValueOnce(refusal(409, 'Try again later.'))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    render(<ProfileForm submit={submit} />);
    await userEvent.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('Try again later.');

    await userEvent.click(save());
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Saving…' });
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    answer(undefined);
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Save' })).disabled).toBe(false);
  });
});

const FILL_ALL = 'Please fill in all fields';
const paymentSchema = z.object({
  payee: z.string().trim().min(1, FILL_ALL),
  amount: z
    .string()
    .trim()
    .min(1, FILL_ALL)
    .regex(/^\d+(\.\d{2})?$/, 'Please enter a valid amount'),
  memo: z.string().trim().min(1, FILL_ALL),
});
type Payment = z.infer<typeof paymentSchema>;

/** A form whose schema says one sentence for every empty field, as the transfer and Bill Pay forms do. */
function PaymentForm({ submit }: { submit: (values: Payment) => Promise<unknown> }) {
  const { form, formProps, formError, setFieldError } = useApiForm({
    schema: paymentSchema,
    defaultValues: { payee: '', amount: '', memo: '' },
    requiredMessage: FILL_ALL,
    submit,
  });
  const { errors } = form.formState;
  return (
    <form {...formProps}>
      {(['payee', 'amount', 'memo'] as const).map((name) => (
        <FormField key={name} id={`pay-${name}`} label={name} error={errors[name]?.message}>
          <input {...controlProps(`pay-${name}`, { error: errors[name]?.message })} {...form.register(name)} />
        </FormField>
      ))}
      {formError && <Alert tone="error">{formError}</Alert>}
      <Button onClick={() => setFieldError('memo', FILL_ALL)}>Ask for the memo</Button>
      <Button type="submit">Pay</Button>
    </form>
  );
}

const box = (name: string) => screen.getByRole('textbox', { name });

describe('useApiForm with a requiredMessage: one sentence for the form, the empty fields marked', () => {
  it('says it once for three empty fields, marks each of them and focuses the first', async () => {
    const submit = vi.fn();
    render(<PaymentForm submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));

    expect((await screen.findByRole('alert')).textContent).toBe(FILL_ALL);
    expect(screen.getAllByText(FILL_ALL)).toHaveLength(1);
    for (const name of ['payee', 'amount', 'memo']) {
      expect(box(name).getAttribute('aria-invalid'), name).toBe('true');
      expect(box(name).className, name).toContain('border-red-600');
      // Nothing under the field to point at: only its own hint, if any.
      expect(box(name).getAttribute('aria-describedby'), name).toBeNull();
    }
    expect(document.activeElement).toBe(box('payee'));
    expect(submit).not.toHaveBeenCalled();
  });

  it('keeps a field’s own message under it, and drops the sentence once no field is empty', async () => {
    render(<PaymentForm submit={vi.fn()} />);
    await userEvent.type(box('amount'), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));

    expect((await screen.findByText('Please enter a valid amount')).closest('p')?.id).toBe('pay-amount-error');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter a valid amount',
      FILL_ALL,
    ]);

    await userEvent.type(box('payee'), 'City Electric');
    expect(screen.getByText(FILL_ALL)).toBeTruthy();
    expect(box('payee').getAttribute('aria-invalid')).toBeNull();
    await userEvent.type(box('memo'), 'March');
    expect(screen.queryByText(FILL_ALL)).toBeNull();
    expect(box('memo').getAttribute('aria-invalid')).toBeNull();
  });

  it('does the same with the server’s answer, which names each empty field with the sentence', async () => {
    const submit = vi
      .fn()
      .mockRejectedValue(refusal(400, FILL_ALL, { payee: FILL_ALL, memo: FILL_ALL, amount: 'Too much' }));
    render(<PaymentForm submit={submit} />);
    await userEvent.type(box('payee'), 'x');
    await userEvent.type(box('amount'), '12');
    await userEvent.type(box('memo'), 'y');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));

    expect((await screen.findByText('Too much')).closest('p')?.id).toBe('pay-amount-error');
    expect(screen.getAllByText(FILL_ALL)).toHaveLength(1);
    expect(box('payee').getAttribute('aria-invalid')).toBe('true');
    expect(box('memo').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box('payee'));
  });

  it('takes a field found empty after the schema (setFieldError) the same way', async () => {
    render(<PaymentForm submit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the memo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FILL_ALL);
    expect(box('memo').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(FILL_ALL)).toHaveLength(1);
  });
});

describe('valuePaths', () => {
  it('lists every path of a form’s values, nested ones dotted', () => {
    expect(valuePaths({ name: 'A', address: { city: 'B' }, tags: ['x'], born: new Date() })).toEqual([
      'name',
      'address',
      'address.city',
      'tags',
      'tags.0',
      'born',
    ]);
  });
});
