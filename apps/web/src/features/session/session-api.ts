import { authApi } from '@mutual/shared/contract/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The session answer's place in the cache: read here, set after sign-in and sign-out. */
export const sessionQueryKey = ['session'] as const;

/** Who is signed in, as the server says (a read that does not extend the session). */
export function useSessionQuery() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: () => call(authApi.session), staleTime: 30_000 });
}

/**
 * Reads the session once, past the cache, so the answer reaches no screen: the idle warning's
 * check on whether another tab kept the session alive.
 */
export function useSessionCheck() {
  return useMutation({ mutationFn: () => call(authApi.session) });
}

/** "Stay signed in": counts as activity; the answer is the extended session. */
export function useStaySignedIn() {
  return useMutation({ mutationFn: () => call(authApi.refreshSession) });
}

/** Ends this session on the server (the caller forgets what was cached). */
export function useEndSession() {
  return useMutation({ mutationFn: () => call(authApi.signOut) });
}
