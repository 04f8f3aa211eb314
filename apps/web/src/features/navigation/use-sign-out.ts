import { messages } from '@mutual/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/session-context';

/** "Sign out": end the session, then go to /login (spec §2) with a word about what happened. */
export function useSignOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (message: string = messages.auth.signedOut) => {
      // Leave the guarded page first: once the session is gone its guard would send the person to
      // /login itself, without the message saying why. Synchronously (flushSync): a navigation is
      // otherwise a transition, and a page still mounted when its answers are forgotten asks again.
      await navigate('/login', { replace: true, state: { message }, flushSync: true });
      await signOut(message);
    },
    [signOut, navigate],
  );
}
