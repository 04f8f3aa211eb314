import { Alert } from '../../components/alert';
import { ApiRequestError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import type { useEmailStatement } from './statements-api';

export type EmailStatement = ReturnType<typeof useEmailStatement>;

/**
 * The answer to "E-mail me this statement", shown beside the button that asked (`place`): the
 * server's own sentence naming the registered address, or why it could not be sent.
 */
export function EmailResult({ email, place }: { email: EmailStatement; place: string }) {
  if (email.variables?.place !== place) return null;
  if (email.isSuccess) {
    return (
      <Alert tone="success" className="mt-3">
        {email.data.message}
      </Alert>
    );
  }
  if (email.isError) {
    return (
      <Alert tone="error" className="mt-3">
        {refusalWords(email.error)}
      </Alert>
    );
  }
  return null;
}

/**
 * Why it was not sent: the server's words for a refusal (a 4xx), and for a busy server (503: a
 * statement not issued yet is drawn first, so many at once), as a download says them.
 */
const refusalWords = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 503 && error.body.message
    ? error.body.message
    : errorMessage(error);

const emailSending = (email: EmailStatement, place: string) => email.isPending && email.variables.place === place;

/** The button's words: "Sending…" on the one that asked while the request is under way. */
export const emailButtonText = (email: EmailStatement, place: string) =>
  emailSending(email, place) ? 'Sending…' : 'E-mail me this statement';

/** While a statement is being e-mailed, the button that asked is busy and the others wait. */
export const emailButtonState = (email: EmailStatement, place: string) => {
  const busy = emailSending(email, place);
  return { busy, disabled: email.isPending && !busy };
};
