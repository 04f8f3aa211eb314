import { type Recipient, messages, verifyRecipientSchema } from '@mutual/shared';
import { useCallback, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { useVerifyRecipient } from './transfers-api';

const m = messages.transfers;

export type Verification =
  | { state: 'checking'; email: string }
  | { state: 'found'; email: string; recipient: Recipient }
  | { state: 'failed'; email: string; message: string };

/** Spec §5: the server's refusal in its own words; a failed look-up is "Error verifying recipient". */
function verifyErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500) return m.recipientError;
  return error.body.message || m.recipientError;
}

/**
 * "Verify" on the To-a-member tab (`transfersApi.recipient`). The answer counts only for the
 * address it was asked about: editing the address clears it, and a late answer for an address
 * that has since changed is dropped.
 */
export function useRecipient() {
  const [verification, setVerification] = useState<Verification | null>(null);
  const asked = useRef<string | null>(null);
  const { mutateAsync: lookUp } = useVerifyRecipient();

  const clear = useCallback(() => {
    asked.current = null;
    setVerification(null);
  }, []);

  /** Returns the schema's message when the address is not an address, else null. */
  const verify = useCallback(
    async (rawEmail: string): Promise<string | null> => {
      const parsed = verifyRecipientSchema.safeParse({ email: rawEmail });
      if (!parsed.success) return parsed.error.issues[0]?.message ?? m.emailInvalid;
      const { email } = parsed.data;
      asked.current = email;
      setVerification({ state: 'checking', email });
      try {
        const recipient = await lookUp(email);
        if (asked.current === email) setVerification({ state: 'found', email, recipient });
      } catch (error) {
        if (asked.current === email) setVerification({ state: 'failed', email, message: verifyErrorMessage(error) });
      }
      return null;
    },
    [lookUp],
  );

  return { verification, verify, clear };
}
