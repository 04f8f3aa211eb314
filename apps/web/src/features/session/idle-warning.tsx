import { type SessionInfo, messages } from '@mutual/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { ApiRequestError, onApiActivity } from '../../lib/api';
import { useSignOut } from '../navigation/use-sign-out';
import { clockOffset, idleDeadlineOnDevice, onDeviceClock } from './server-clock';
import { sessionQueryKey, useSessionCheck, useStaySignedIn } from './session-api';
import { useSession } from './session-context';

/** The warning appears this long before the session would end. */
export const IDLE_WARNING_MS = 60_000;

/**
 * "Are you still there?" — warns a minute before an idle session ends, and signs out when it does.
 *
 * The server ends a session after a period without API calls, and every API answer restarts that
 * period. The browser mirrors it without asking the server: the idle length is learned from each
 * session answer (`idleExpiresAt` − when it was read), and each API answer restarts a local timer.
 * Only when the timer runs out does it read the session once (a read that does not count as
 * activity), because another tab may have kept the session alive. The deadlines are the server's
 * moments, counted on this device's clock by the offset each answer's `serverTime` gives
 * (`server-clock.ts`): a device whose clock is off is neither warned early nor late.
 *
 * Render it on every signed-in page (member layout, pending-approval page).
 */
export function IdleWarning() {
  const { user, session } = useSession();
  if (!user || !session?.idleExpiresAt) return null;
  return (
    <IdleWatch key={user.id} idleExpiresAt={session.idleExpiresAt} absoluteExpiresAt={session.absoluteExpiresAt} />
  );
}

function IdleWatch({ idleExpiresAt, absoluteExpiresAt }: { idleExpiresAt: string; absoluteExpiresAt: string | null }) {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const { mutateAsync: checkSession } = useSessionCheck();
  const { mutateAsync: staySignedIn } = useStaySignedIn();
  /** Server clock − device clock, from the last session answer (0 until one says). */
  const [offset, setOffset] = useState(() => {
    const state = queryClient.getQueryState<SessionInfo>(sessionQueryKey);
    return clockOffset(state?.data?.serverTime, state?.dataUpdatedAt ?? 0) ?? 0;
  });
  const [idleDeadline, setIdleDeadline] = useState(() => onDeviceClock(idleExpiresAt, offset));
  const [now, setNow] = useState(() => Date.now());
  const [staying, setStaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const idleLength = useRef(0);
  const ended = useRef(false);
  /** True while this component reads the session: that read is not activity. */
  const reading = useRef(false);

  const absolute = absoluteExpiresAt ? onDeviceClock(absoluteExpiresAt, offset) : Number.POSITIVE_INFINITY;
  const deadline = Math.min(idleDeadline, absolute);
  /** The session's maximum age, not idleness, ends it: staying cannot help. */
  const atMaximumAge = absolute <= idleDeadline;
  const warnAt = deadline - IDLE_WARNING_MS;
  const warning = now >= warnAt;
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));

  // Learn the idle length from session answers; restart the local timer on every API answer.
  useEffect(() => {
    const learn = (info: SessionInfo | undefined, readAt: number) => {
      if (!info?.user || !info.idleExpiresAt) return;
      const { deadline, offset: learned } = idleDeadlineOnDevice(info.idleExpiresAt, info.serverTime, readAt);
      if (learned !== null) setOffset(learned);
      idleLength.current = Math.max(idleLength.current, deadline - readAt);
      setIdleDeadline(deadline);
    };
    const state = queryClient.getQueryState<SessionInfo>(sessionQueryKey);
    if (state?.data?.idleExpiresAt) {
      const { deadline } = idleDeadlineOnDevice(state.data.idleExpiresAt, state.data.serverTime, state.dataUpdatedAt);
      idleLength.current = Math.max(idleLength.current, deadline - state.dataUpdatedAt);
    }
    const stopCache = queryClient.getQueryCache().subscribe((event) => {
      // A session read does not extend the session; its answer (which arrives after the activity
      // signal for the same call) puts the deadline back to what the server says.
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryKey[0] !== sessionQueryKey[0]) return;
      learn(event.query.state.data as SessionInfo | undefined, event.query.state.dataUpdatedAt);
    });
    const stopActivity = onApiActivity(() => {
      if (idleLength.current > 0 && !reading.current) setIdleDeadline(Date.now() + idleLength.current);
    });
    return () => {
      stopCache();
      stopActivity();
    };
  }, [queryClient]);

  const expire = async () => {
    if (ended.current) return;
    ended.current = true;
    await signOut(messages.auth.sessionExpired);
  };

  /** The session as the server sees it now (its idle deadline on this device's clock), or null. */
  const read = async (): Promise<{ info: SessionInfo; deadline: number } | null> => {
    reading.current = true;
    try {
      const info = await checkSession().catch(() => null);
      if (!info?.idleExpiresAt) return info ? { info, deadline: 0 } : null;
      const { deadline, offset: learned } = idleDeadlineOnDevice(info.idleExpiresAt, info.serverTime, Date.now());
      if (learned !== null) setOffset(learned);
      return { info, deadline };
    } finally {
      reading.current = false;
    }
  };

  /** Asks the server before interrupting: activity in another tab may have moved the deadline. */
  const onWarningDue = useEffectEvent(async () => {
    const answer = await read();
    if (answer && (!answer.info.user || !answer.info.idleExpiresAt)) {
      await expire();
      return;
    }
    if (answer) setIdleDeadline(answer.deadline);
    setNow(Date.now());
  });

  /** The deadline passed: sign out, unless the server says the session was used meanwhile. */
  const onDeadline = useEffectEvent(async () => {
    const answer = await read();
    const serverDeadline = answer?.info.user && answer.info.idleExpiresAt ? answer.deadline : 0;
    if (serverDeadline > Date.now() && Date.now() < absolute) {
      setIdleDeadline(serverDeadline);
      setNow(Date.now());
      return;
    }
    await expire();
  });

  // Quiet phase: one timer to the moment the warning is due.
  useEffect(() => {
    if (warning) return;
    const timer = setTimeout(() => void onWarningDue(), Math.max(0, warnAt - Date.now()));
    return () => clearTimeout(timer);
  }, [warnAt, warning]);

  // Warning phase: count down each second; at the deadline, check once more, then sign out.
  useEffect(() => {
    if (!warning) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const end = setTimeout(() => void onDeadline(), Math.max(0, deadline - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(end);
    };
  }, [warning, deadline]);

  const stay = async () => {
    setStaying(true);
    setProblem(null);
    try {
      const info = await staySignedIn();
      if (!info.user) {
        await expire();
        return;
      }
      // Updates the session everywhere; the cache listener above moves the deadline.
      queryClient.setQueryData(sessionQueryKey, info);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) await expire();
      else setProblem(error instanceof ApiRequestError ? error.body.message : messages.generic.internal);
    } finally {
      setStaying(false);
    }
  };

  return (
    <Dialog
      open={warning}
      onOpenChange={(open) => {
        if (!open && !atMaximumAge) void stay();
      }}
      title="Are you still there?"
      description={`For your security you will be signed out in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`}
      size="sm"
    >
      <div className="space-y-4" data-testid="idle-warning">
        {atMaximumAge && (
          <p className="text-sm text-slate-700">
            You have been signed in for the longest time we allow. Please sign in again to continue.
          </p>
        )}
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => void signOut()}>
            Sign out
          </Button>
          {!atMaximumAge && (
            <Button onClick={() => void stay()} busy={staying} autoFocus>
              {staying ? 'Staying signed in…' : 'Stay signed in'}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
