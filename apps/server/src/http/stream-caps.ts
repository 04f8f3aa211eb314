import { AppError } from '../errors';

/** What a refused stream is told: too many in this browser, for this member, or on this instance. */
export interface CapWords {
  inSession: string;
  forMember: string;
  full: string;
}

/** Which cap refused one more: this browser's, the member's, or the instance's. */
export type StreamCap = 'session' | 'member' | 'instance';

/**
 * Counts of something a caller keeps open (a live-update stream, a file being written out): at most
 * so many per signed-in session (browser tabs), per member (their devices) and on this instance in
 * total. One more is refused with 429 (or 503 when the instance is full) before anything is opened;
 * `onRefused` hears which cap refused it (the operators' metrics).
 */
export function streamCaps(
  limits: { perSession: number; perMember: number; total: number },
  words: CapWords,
  onRefused: (cap: StreamCap) => void = () => {},
) {
  const bySession = new Map<string, number>();
  const byMember = new Map<string, number>();
  let total = 0;
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next === 0) counts.delete(key);
    else counts.set(key, next);
  };
  return {
    /** Counts one in, or throws; the function returned counts it out (once). */
    take(memberId: string, session: string): () => void {
      const refuse = (cap: StreamCap, error: AppError) => {
        onRefused(cap);
        return error;
      };
      if ((bySession.get(session) ?? 0) >= limits.perSession)
        throw refuse('session', new AppError('RATE_LIMITED', words.inSession));
      if ((byMember.get(memberId) ?? 0) >= limits.perMember)
        throw refuse('member', new AppError('RATE_LIMITED', words.forMember));
      if (total >= limits.total) throw refuse('instance', new AppError('UNAVAILABLE', words.full));
      add(bySession, session, 1);
      add(byMember, memberId, 1);
      total++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        add(bySession, session, -1);
        add(byMember, memberId, -1);
        total--;
      };
    },
    get open() {
      return total;
    },
  };
}

export type StreamCaps = ReturnType<typeof streamCaps>;
