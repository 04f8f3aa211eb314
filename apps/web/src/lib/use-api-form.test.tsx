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
