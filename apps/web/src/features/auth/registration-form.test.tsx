import { messages } from '@mutual/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, reply, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { RegistrationForm } from './registration-form';

const r = messages.registration;

function renderForm(routes: StubRoutes = {}) {
  const server = stubFetch(routes);
  // The file picker's `accept` list is the app's own check to test, so the test does not pre-filter.
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<RegistrationForm />, {
    route: '/signup',
    routes: { '/registration-success': <LocationProbe name="Application received" /> },
  });
  const submit = () => user.click(screen.getByRole('button', { name: 'Create Account' }));
  return { server, user, submit };
}

/** Twenty years ago today: old enough to apply. */
function adultBirthday(): string {
  const today = new Date();
  return `${today.getUTCFullYear() - 20}-01-15`;
}

async function fillValidApplication(user: ReturnType<typeof userEvent.setup>) {
  const type = (label: string, text: string) => user.type(screen.getByLabelText(label), text);
  await type('Email', 'new.member@example.com');
  await type('Password', 'correct horse battery');
  await type('Confirm password', 'correct horse battery');
  await type('First name', 'Robin');
  await type('Last name', 'Applicant');
  await type('Date of birth', adultBirthday());
  await type('Nationality', 'American');
  await user.selectOptions(screen.getByLabelText('Marital status'), 'Single');
  await type('Street address', '5 Oak Ave');
  await type('City', 'Springfield');
  await type('State', 'IL');
  await type('Postal code', '62701');
  await type('Phone number', '+1 555 0142');
  await type('Name', 'Sam Applicant');
  await type('Relationship', 'Sibling');
  await type('Phone', '+1 555 0143');
  await user.selectOptions(screen.getByLabelText('ID type'), 'Passport');
  await type('ID number', 'X1234567');
  await user.upload(
    screen.getByLabelText('Upload your ID'),
    new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' }),
  );
}

describe('membership application form', () => {
  it('names every missing field, the document included, when sent empty', async () => {
    const { server, submit } = renderForm();
    await submit();
    for (const text of [
      r.required('Email'),
      r.required('Password'),
      r.required('First name'),
      r.required('Last name'),
      r.required('Date of birth'),
      r.required('Nationality'),
      r.required('Marital status'),
      r.required('Street address'),
      r.required('City'),
      r.required('Phone number'),
      r.required('Emergency contact name'),
      r.required('Emergency contact phone'),
      r.required('ID type'),
      r.required('ID number'),
      r.documentRequired,
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(server.requests).toHaveLength(0);
  });

  it(`says "${r.passwordMismatch}" when the two passwords differ`, async () => {
    const { user, submit } = renderForm();
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse batterie');
    await submit();
    expect(await screen.findByText(r.passwordMismatch)).toBeTruthy();
  });

  it(`checks the e-mail's pattern ("${r.emailInvalid}"), then its format ("${r.invalidEmailFormat}")`, async () => {
    const { user, submit } = renderForm();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'dana.example.com');
    await submit();
    expect(await screen.findByText(r.emailInvalid)).toBeTruthy();
    await user.clear(email);
    await user.type(email, 'dana@example..com');
    await submit();
    expect(await screen.findByText(r.invalidEmailFormat)).toBeTruthy();
  });

  it(`refuses an applicant under 18 with "${r.tooYoung}"`, async () => {
    const { user, submit } = renderForm();
    const lastYear = `${new Date().getUTCFullYear() - 1}-06-01`;
    await user.type(screen.getByLabelText('Date of birth'), lastYear);
    await submit();
    expect(await screen.findByText(r.tooYoung)).toBeTruthy();
  });

  it(`refuses a phone number made of letters with "${r.phoneInvalid}"`, async () => {
    const { user, submit } = renderForm();
    await user.type(screen.getByLabelText('Phone number'), 'call me maybe');
    await submit();
    expect(await screen.findByText(r.phoneInvalid)).toBeTruthy();
  });

  it(`refuses a document that is not an image or PDF with "${r.documentType}"`, async () => {
    const { user } = renderForm();
    await user.upload(
      screen.getByLabelText('Upload your ID'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(r.documentType)).toBeTruthy();
  });

  it('sends a complete application as one multipart request and opens the confirmation page', async () => {
    const { server, user, submit } = renderForm({ 'POST /api/registrations': reply(201, { id: 'app-1' }) });
    await fillValidApplication(user);
    await submit();
    expect(await screen.findByRole('heading', { name: 'Application received' })).toBeTruthy();
    const body = server.to('POST', '/api/registrations')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(JSON.parse(String(form.get('application')))).toMatchObject({
      email: 'new.member@example.com',
      personalInfo: { firstName: 'Robin', maritalStatus: 'Single' },
    });
    expect((form.get('document') as File).name).toBe('passport.pdf');
  });

  it(`puts the server’s "${r.emailInUse}" under the e-mail field`, async () => {
    const { user, submit } = renderForm({
      'POST /api/registrations': apiError(409, 'CONFLICT', r.emailInUse, { email: r.emailInUse }),
    });
    await fillValidApplication(user);
    await submit();
    expect(await screen.findByText(r.emailInUse)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });
});
