import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError } from '../errors';
import type { SlotLeases, SlotOwner } from './held-slots';

/** What a refused stream is told: too many in this browser, for this member (or address), or on this instance. */
export interface CapWords {
  inSession: string;
  forMember: string;
  /** For a caller who is not signed in, counted by address; the member's words when not given. */
  fromAddress?: string;
  full: string;
}

/** Which cap refused one more: this browser's, the member's, the address's, or the instance's. */
export type StreamCap = 'session' | 'member' | 'address' | 'instance';

/** Who holds a slot: a signed-in session and its member, or (not signed in) a client address. */
export type SlotHolder = { session: string; member: string } | { address: string };

/** A session token never leaves the process: the shared store sees a digest of it. */
const digest = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 32);

/**
 * Counts of something a caller keeps open (a live-update stream, an upload, a file being written
 * out): at most so many per signed-in session (browser tabs), per member (their devices) — or, for
 * a caller not signed in, per address — and on this instance in total. The session's, member's and
 * address's counts are the cluster's (`held-slots.ts`: Redis or the database when several instances
 * share them, with a lease each holding instance renews); the instance's own total is kept here. One
 * more is refused with 429 (or 503 when the instance is full) before anything is opened; `onRefused`
 * hears which cap refused it (the operators' metrics).
 */
export function streamCaps(
  kind: string,
  limits: { perSession: number; perMember: number; perAddress?: number; total: number },
  words: CapWords,
  leases: SlotLeases,
  onRefused: (cap: StreamCap) => void = () => {},
) {
  let total = 0;
  const refuse = (cap: StreamCap): AppError => {
    onRefused(cap);
    if (cap === 'instance') return new AppError('UNAVAILABLE', words.full);
    const message = { session: words.inSession, member: words.forMember, address: words.fromAddress }[cap];
    return new AppError('RATE_LIMITED', message ?? words.forMember);
  };
  return {
    /**
     * Counts one in, or throws; the function returned counts it out (once). `onLost` hears when the
     * slot was lost while held (its lease ran out: the store was away longer than a lease), so the
     * holder ends what it holds.
     */
    async take(holder: SlotHolder, onLost?: () => void): Promise<() => void> {
      const owners: Array<SlotOwner & { cap: number; counts: StreamCap }> =
        'address' in holder
          ? [
              {
                key: `${kind}:address:${holder.address}`,
                cap: limits.perAddress ?? limits.perMember,
                counts: 'address',
              },
            ]
          : [
              { key: `${kind}:session:${digest(holder.session)}`, cap: limits.perSession, counts: 'session' },
              { key: `${kind}:member:${holder.member}`, cap: limits.perMember, counts: 'member' },
            ];
      // The instance's place is kept while the shared store answers, so two takes at once cannot
      // both have the last one; the browser's and the member's caps are still told first.
      const instanceFull = total >= limits.total;
      if (!instanceFull) total++;
      const giveBackInstance = () => {
        if (!instanceFull) total--;
      };
      let released = false;
      let taken: Awaited<ReturnType<SlotLeases['take']>>;
      try {
        taken = await leases.take(owners, () => {
          if (!released) {
            released = true;
            giveBackInstance();
          }
          onLost?.();
        });
      } catch (error) {
        giveBackInstance();
        throw error;
      }
      if (typeof taken === 'number') {
        giveBackInstance();
        throw refuse(owners[taken]?.counts ?? 'session');
      }
      if (instanceFull) {
        taken.release();
        throw refuse('instance');
      }
      const slot = taken;
      return () => {
        slot.release();
        if (released) return;
        released = true;
        giveBackInstance();
      };
    },
    /** Held open on this instance now. */
    get open() {
      return total;
    },
  };
}

export type StreamCaps = ReturnType<typeof streamCaps>;

/**
 * `file` as a stream that ends itself when its reader takes no next piece for `stallMs` (a client
 * that stopped reading, once every buffer on the way is full; or a source that stopped giving):
 * it is destroyed and `onStall` is told, so what it holds (a slot, a socket, database reads) is let go.
 */
export function stallGuarded(file: () => AsyncIterable<string>, stallMs: number, onStall: () => void): Readable {
  let stall: NodeJS.Timeout | undefined;
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(() => {
      stream.destroy();
      onStall();
    }, stallMs);
    stall.unref();
  };
  async function* progressing() {
    watch();
    try {
      for await (const piece of file()) {
        yield piece;
        // Asked for the next piece: the reader is taking them.
        watch();
      }
    } finally {
      clearTimeout(stall);
    }
  }
  // Read (and so watched) only once handed to the reply, after this line.
  const stream = Readable.from(progressing());
  stream.once('close', () => clearTimeout(stall));
  return stream;
}
