import { messages } from '@mutual/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, reply, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ContactForm } from './contact-form';

const c = messages.contact;

function renderForm(routes: StubRoutes = {}) {
  const server = stubFetch(routes);
  const user = userEvent.setup();
  renderWithProviders(<ContactForm />);
  const send = () => user.click(screen.getByRole('button', { name: 'Send Message' }));
  const fill = async ({ email = 'visitor@example.com', phone = '' } = {}) => {
    await user.type(screen.getByLabelText('Name'), 'Pat Visitor');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
    if (phone) await user.type(screen.getByLabelText('Phone (optional)'), phone);
    await user.selectOptions(
      screen.getByLabelText('Subject'),
      screen.getByRole('option', { name: 'Loans & Mortgages' }),
    );
    await user.type(screen.getByLabelText('Message'), 'Hello,{Enter}what rates do you offer on car loans?');
  };
  return { server, user, send, fill };
}

describe('contact form', () => {
  it('names each missing field when sent empty', async () => {
    const { server, send } = renderForm();
    await send();
    expect(await screen.findByText(c.nameRequired)).toBeTruthy();
    expect(screen.getByText(c.emailRequired)).toBeTruthy();
    expect(screen.getByText(c.subjectRequired)).toBeTruthy();
    expect(screen.getByText(c.messageRequired)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it(`refuses an address without a domain with "${c.emailInvalid}"`, async () => {
    const { server, send, fill } = renderForm();
    await fill({ email: 'visitor@' });
    await send();
    expect(await screen.findByText(c.emailInvalid)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it(`refuses a phone number made of letters with "${c.phoneInvalid}", though the phone is optional`, async () => {
    const { server, send, fill } = renderForm();
    await fill({ phone: 'call me' });
    await send();
    expect(await screen.findByText(c.phoneInvalid)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it(`says "${c.sent}" and empties the form once the message, of two lines, is sent`, async () => {
    const { server, send, fill } = renderForm({
      'POST /api/contact-messages': reply(201, { id: 'msg-1', message: c.sent }),
    });
    await fill();
    await send();
    expect(await screen.findByText('Message sent')).toBeTruthy();
    expect(screen.getByText(c.sent)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    expect(server.to('POST', '/api/contact-messages')[0]?.body).toMatchObject({
      name: 'Pat Visitor',
      email: 'visitor@example.com',
      subject: 'loan',
      message: 'Hello,\nwhat rates do you offer on car loans?',
      preferredContact: 'email',
    });
  });

  it('puts a message the server refused under its field', async () => {
    const { send, fill } = renderForm({
      'POST /api/contact-messages': apiError(400, 'VALIDATION_FAILED', c.emailInvalid, { email: c.emailInvalid }),
    });
    await fill();
    await send();
    expect(await screen.findByText(c.emailInvalid)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
  });
});
