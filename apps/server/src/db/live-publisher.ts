/**
 * What the live-event publisher holds while it cannot send: at most this many payloads. A payload
 * is a `liveEventSchema` event — "something of this kind changed for this member, refetch" — so
 * the same payload twice says nothing more than once (they are merged), and when the bound is
 * reached the oldest is dropped: its member's page refreshes at its next change, its stream's
 * reconnect, or its own next request. 10,000 short JSON texts are a few megabytes at most.
 */
export const MAX_PENDING_LIVE_EVENTS = 10_000;

export interface LivePublisher {
  publish(channel: string, payloads: string[]): void;
  /** Payloads waiting to be sent (for tests and the curious). */
  pending(): number;
  /** Stops sending; what is still waiting is dropped. */
  close(): void;
}

export interface LivePublisherOptions {
  /** One statement that sends every payload of a batch on a channel. */
  send(channel: string, payloads: string[]): Promise<void>;
  /**
   * A send that has not settled by then has failed: the database may have gone silent, and a
   * connection waiting on it would hold every later event back.
   */
  timeoutMs: number;
  /** After a failed or timed-out send: drop the connection, so the next send makes a new one. */
  reset?: () => void;
  /** The first failed send of an outage (not each one after it: they are the same outage). */
  onOutage?: (error: Error) => void;
  /** The first send that worked after an outage, with how many payloads the bound dropped meanwhile. */
  onRecovered?: (dropped: number) => void;
  maxPending?: number;
  /** Pause before trying again after a failure: doubling from `retryMs` to 2 s. */
  retryMs?: number;
}

/**
 * Queues payloads and sends them in batches: while one send is in flight, what arrives waits and
 * goes in the next. A batch that failed (the database away, or silent past `timeoutMs`) goes back
 * to the head of the queue and is tried again on a new connection after a pause: a payload sent
 * twice (a send that timed out yet arrived) costs a page one extra refetch; one lost costs it a
 * change it should have seen. The queue never holds more than `maxPending` payloads.
 */
export function batchedPublisher(options: LivePublisherOptions): LivePublisher {
  const maxPending = options.maxPending ?? MAX_PENDING_LIVE_EVENTS;
  const firstRetryMs = options.retryMs ?? 250;
  // Per channel, in arrival order; a Set merges repeats of one payload.
  let queued = new Map<string, Set<string>>();
  let count = 0;
  let sending = false;
  let closed = false;
  let outage = false;
  let dropped = 0;
  let retryMs = firstRetryMs;
  let pause: { timer: NodeJS.Timeout; resume: () => void } | undefined;

  function add(target: Map<string, Set<string>>, channel: string, payload: string) {
    let set = target.get(channel);
    if (!set) target.set(channel, (set = new Set()));
    if (set.has(payload)) return;
    set.add(payload);
    count++;
  }

  function dropOldest() {
    while (count > maxPending) {
      const [channel, set] = queued.entries().next().value as [string, Set<string>];
      const oldest = set.values().next().value as string;
      set.delete(oldest);
      if (set.size === 0) queued.delete(channel);
      count--;
      dropped++;
    }
  }

  function sendWithin(channel: string, payloads: string[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`live-event send unanswered after ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
      options.send(channel, payloads).then(
        () => {
          clearTimeout(timer);
          resolve();
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  async function drain() {
    sending = true;
    while (!closed && count > 0) {
      const [channel, set] = queued.entries().next().value as [string, Set<string>];
      queued.delete(channel);
      count -= set.size;
      try {
        await sendWithin(channel, [...set]);
        retryMs = firstRetryMs;
        if (outage) {
          outage = false;
          options.onRecovered?.(dropped);
          dropped = 0;
        }
      } catch (error) {
        options.reset?.();
        if (!outage) {
          outage = true;
          options.onOutage?.(error as Error);
        }
        // The failed batch is older than anything that arrived meanwhile: back to the head.
        const requeued = new Map<string, Set<string>>();
        count = 0;
        for (const payload of set) add(requeued, channel, payload);
        for (const [each, payloads] of queued) for (const payload of payloads) add(requeued, each, payload);
        queued = requeued;
        dropOldest();
        await new Promise<void>((resume) => {
          pause = { timer: setTimeout(resume, retryMs), resume };
          pause.timer.unref();
        });
        pause = undefined;
        retryMs = Math.min(retryMs * 2, 2_000);
      }
    }
    sending = false;
  }

  return {
    publish(channel, payloads) {
      if (closed || payloads.length === 0) return;
      for (const payload of payloads) add(queued, channel, payload);
      dropOldest();
      if (!sending) void drain();
    },
    pending: () => count,
    close() {
      closed = true;
      queued.clear();
      count = 0;
      if (pause) {
        clearTimeout(pause.timer);
        pause.resume();
      }
    },
  };
}
