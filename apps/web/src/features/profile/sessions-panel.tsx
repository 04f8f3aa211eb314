import { messages } from '@mutual/shared';
import { Monitor } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { LoadError, Skeleton } from '../../components/query-state';
import { errorMessage } from '../../lib/api-errors';
import { rowControl, rowLanding, useFocusLanding } from '../../lib/focus-landing';
import { formatDateTime } from '../../lib/format-date';
import { relativeTime } from '../navigation/relative-time';
import { useNow } from '../navigation/use-now';
import { type Outcome, OutcomeAlert } from './outcome';
import { useEndSession, useSessions } from './profile-api';

/**
 * Where the person is signed in, with a way to end any other session. A session signed out leaves
 * the list with its button: the focus goes where `rowLanding` says, the result when no other
 * session is left.
 */
export function SessionsPanel({ active }: { active: boolean }) {
  const now = useNow(60_000);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const land = useFocusLanding();
  const outcomeId = useId();
  const sessions = useSessions(active);
  const end = useEndSession({
    onMutate: () => setOutcome(null),
    onSuccess: () => setOutcome({ tone: 'success', text: messages.settings.sessionEnded }),
    onError: (error) => setOutcome({ tone: 'error', text: errorMessage(error, messages.generic.internal) }),
  });

  if (sessions.isPending) return <Skeleton label="Loading your sessions…" className="h-40 border-0 bg-slate-100" />;
  if (sessions.isError) {
    return (
      <LoadError
        error={sessions.error}
        fallback={messages.settings.loadFailed}
        onRetry={() => void sessions.refetch()}
      />
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
      <OutcomeAlert outcome={outcome} id={outcomeId} />
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
                busy={end.isPending && end.variables === session.id}
                onClick={(event) => {
                  // Answered once the list was read again (`useEndSession`), the row gone from it.
                  const next = rowLanding(event.currentTarget, () => document.getElementById(outcomeId));
                  end.mutate(session.id, { onSuccess: () => land(next) });
                }}
                {...rowControl('sign-out-session')}
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
