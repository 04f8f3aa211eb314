import type { SessionInfo, SessionUser } from '@mutual/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { createRequiredContext } from '../../lib/required-context';
import { siteQueryKey } from '../site/site-api';
import { sessionQueryKey, useEndSession, useSessionQuery } from './session-api';

export { sessionQueryKey } from './session-api';

interface SessionContextValue {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: SessionUser | null;
  session: SessionInfo | null;
  /** Re-reads the session from the server (after sign-in, profile changes…). */
  refresh: () => Promise<void>;
  /** Ends the session on the server and forgets every cached answer; `farewell` says why on /login. */
  signOut: (farewell?: string) => Promise<void>;
  /** Why the last session ended ("You have been signed out."), for the sign-in page to show. */
  farewell: string | null;
}

const [SessionContext, useSession] = createRequiredContext<SessionContextValue>('useSession', 'SessionProvider');
export { useSession };

/** Who is signed in, as the server says. The server enforces every rule; this only steers screens. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useSessionQuery();
  const { mutateAsync: endSession } = useEndSession();

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [queryClient]);

  const [farewell, setFarewell] = useState<string | null>(null);
  const signOut = useCallback(
    async (message?: string) => {
      // Kept here rather than only in the navigation state: a route guard may reach /login first.
      setFarewell(message ?? null);
      // Callers leave guarded pages first (see features/navigation/use-sign-out), so no screen still
      // asks for the person's data once the session is gone; reads already on their way (a sign-out
      // right after the dashboard opened) get their answers first — after it they would be refused.
      await fetchesSettled(() => queryClient.isFetching() - queryClient.isFetching({ queryKey: sessionQueryKey }));
      await endSession().catch(() => undefined);
      queryClient.setQueryData<SessionInfo>(sessionQueryKey, {
        user: null,
        idleExpiresAt: null,
        absoluteExpiresAt: null,
      });
      // Forget everything the signed-in person loaded; keep the session answer and the public site facts.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] && query.queryKey[0] !== siteQueryKey[0],
      });
    },
    [queryClient, endSession],
  );

  const value = useMemo<SessionContextValue>(() => {
    const session = query.data ?? null;
    const user = session?.user ?? null;
    const status = query.isPending ? 'loading' : user ? 'signed-in' : 'signed-out';
    return { status, user, session, refresh, signOut, farewell };
  }, [query.data, query.isPending, refresh, signOut, farewell]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Resolves when `inFlight()` is 0, or after `limit` ms whatever it says. */
async function fetchesSettled(inFlight: () => number, limit = 3_000): Promise<void> {
  const until = Date.now() + limit;
  while (inFlight() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
}
