import { type ApplicationStatus, messages } from '@mutual/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ApplicationStatusView } from './application-status';

const request = {
  id: 'req-1',
  requestDetails: 'Please send a clearer photo of your ID.',
  createdAt: '2026-03-04T15:00:00.000Z',
  hasDocument: false,
};
const asked: ApplicationStatus = {
  status: 'pending',
  verificationStatus: 'pending',
  registrationDate: '2026-03-01T15:00:00.000Z',
  rejectionReason: null,
  rejectedAt: null,
  infoRequests: [{ ...request, status: 'pending', response: null, respondedAt: null }],
};
const answered: ApplicationStatus = {
  ...asked,
  infoRequests: [{ ...request, status: 'answered', response: 'Here it is.', respondedAt: '2026-03-05T15:00:00.000Z' }],
};

describe('the applicant’s answer to an information request', () => {
  it('takes the focus on to the answers once sent, as the form and its button are gone', async () => {
    stubFetch({
      'GET /api/me/application': asked,
      'POST /api/me/application/info-responses': answered,
    });
    const user = userEvent.setup();
    renderWithProviders(<ApplicationStatusView />);
    await user.type(await screen.findByLabelText('Your answer'), 'Here it is.{Enter}Two lines.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));

    expect((await screen.findByRole('status')).textContent).toBe(messages.application.responseSent);
    expect(screen.queryByRole('button', { name: 'Send answer' })).toBeNull();
    const heading = screen.getByRole('heading', { name: 'Your answers to our questions' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
