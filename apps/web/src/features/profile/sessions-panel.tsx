import { type ActiveSession, messages } from '@mutual/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date';
import { relativeTime } from '../navigation/relative-time';
import { useNow } from '../navigation/use-now';
import { errorMessage } from '../../lib/api-errors';

export const sessionsQueryKey = ['me', 'sessions'] as const;

/** Where the person is signed in, with a way to end any other session. */
export function SessionsPanel({ active }: { active: boolean }) {
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const sessions = useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => api<{ sessions: ActiveSession[] }>('/api/me/sessions'),
    enabled: active,
  });
  const end = useMutation({
    mutationFn: (id: string) => api<undefined>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onMutate: () => setOutcome(null),
    onSuccess: () => setOutcome({ tone: 'success', text: messages.settings.sessionEnded }),
    onError: (error) => setOutcome({ tone: 'error', text: errorMessage(error, messages.generic.internal) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });

  if (sessions.isPending) {
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-500">
        Loading your sessions…
      </p>
    );
  }
  if (sessions.isError) {
    return (
      <div className="space-y-3">
        <Alert tone="error">{errorMessage(sessions.error, messages.settings.loadFailed)}</Alert>
        <Button variant="outline" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const list = [...sessions.data.sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        These devices are signed in to your account. If you do not recognise one, sign it out and change your password.
      </p>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Active sessions">
        {list.map((session) => (
          <li key={session.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 gap-3">
              <Monitor className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {session.device}
                  {session.current && (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                      This device
                    </span>
                  )}
                </p>
                <p className="mt-0.5 text-slate-600">
                  {session.ipAddress ? <span className="font-mono">{session.ipAddress}</span> : 'Unknown address'}
                  {' · '}
                  Last active{' '}
                  <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
                    {session.current ? 'now' : relativeTime(session.lastSeenAt, now)}
                  </time>
                </p>
                <p className="text-slate-500">
                  Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
                </p>
              </div>
            </div>
            {!session.current && (
              <Button
                variant="outline"
                size="sm"
                className="shrink-0 self-start sm:self-center"
                disabled={end.isPending && end.variables === session.id}
                onClick={() => end.mutate(session.id)}
                aria-label={`Sign out ${session.device}${session.ipAddress ? ` at ${session.ipAddress}` : ''}`}
              >
                {end.isPending && end.variables === session.id ? 'Signing out…' : 'Sign out'}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
