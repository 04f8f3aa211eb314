import { messages } from '@mutual/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { useSignOut } from '../navigation/use-sign-out';
import { BlockedModal } from '../transfers/blocked-modal';

/**
 * How a session ends without the person asking, seen from any request of the signed-in pages:
 * - Refused with 401: the session is over (staff placed a hold, the password was changed or the
 *   session signed out elsewhere, it timed out). The person goes to the sign-in page with "Your
 *   session ended. Please sign in again.", instead of staying on a page whose every request fails.
 * - Refused with TRANSACTION_BLOCKED (too many wrong confirmation codes: a US bank transfer's, a new
 *   payee's, a card code; the server ended every session with it): the "Transaction Blocked" modal
 *   (spec §4/§8) says why and how to reach support, and closing it signs out with its own word.
 *   Meanwhile a 401 waits for the modal.
 */
export function SessionEndWatch() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [blocked, setBlocked] = useState(false);
  const state = useRef<'open' | 'blocked' | 'ending'>('open');
  useEffect(() => {
    const seen = (error: unknown) => {
      if (!(error instanceof ApiRequestError) || state.current !== 'open') return;
      if (error.body.code === 'TRANSACTION_BLOCKED') {
        state.current = 'blocked';
        setBlocked(true);
      } else if (error.status === 401) {
        state.current = 'ending';
        void signOut(messages.auth.sessionExpired);
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') seen(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') seen(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, signOut]);
  return (
    <BlockedModal
      kind="blocked"
      open={blocked}
      onOpenChange={(next) => {
        if (next || state.current === 'ending') return;
        state.current = 'ending';
        setBlocked(false);
        void signOut(messages.transfers.blockedSignedOut);
      }}
    />
  );
}
