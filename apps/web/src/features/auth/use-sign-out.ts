import { useSession } from '../session/session-context';

/** Ends the session on the server and forgets what the signed-in person loaded. */
export function useSignOut(): () => Promise<void> {
  return useSession().signOut;
}
