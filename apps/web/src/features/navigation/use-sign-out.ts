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
      await signOut();
      // Replace: the route guard may already have sent this page to /login; keep one entry.
      await navigate('/login', { replace: true, state: { message } });
    },
    [signOut, navigate],
  );
}
