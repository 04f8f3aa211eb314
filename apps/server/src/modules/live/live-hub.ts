import { type LiveEvent, liveEventSchema } from '@mutual/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { LIVE_CHANNEL } from '../../db/live-channel';

const payloadSchema = liveEventSchema.extend({ userId: z.string() });

export type LiveListener = (event: LiveEvent) => void;

/**
 * Fans database notifications out to the members' open event streams. Money commands publish
 * `{userId, kind}` on 'mutual_live' after their commit; staff paths and notify() raise it inside
 * their transactions. Either way a member hears of a change only once it is committed — from
 * whichever app instance made it.
 */
export interface LiveHub {
  subscribe(userId: string, listener: LiveListener): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createLiveHub(database: DatabaseHandle, logger: FastifyBaseLogger): LiveHub {
  const listeners = new Map<string, Set<LiveListener>>();
  let unlisten: (() => Promise<void>) | undefined;

  function deliver(payload: string) {
    let parsed: z.infer<typeof payloadSchema>;
    try {
      parsed = payloadSchema.parse(JSON.parse(payload));
    } catch {
      logger.warn('ignored a malformed live notification');
      return;
    }
    for (const listener of listeners.get(parsed.userId) ?? []) listener({ kind: parsed.kind });
  }

  return {
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async start() {
      unlisten ??= await database.listen(LIVE_CHANNEL, deliver, () => {
        // The LISTEN connection was down (a database restart): whatever was notified meanwhile
        // is lost, so every open page is told to refetch both.
        logger.info('live updates listening again');
        for (const set of listeners.values()) {
          for (const listener of set) {
            listener({ kind: 'ledger' });
            listener({ kind: 'notification' });
          }
        }
      });
    },
    async stop() {
      const stop = unlisten;
      unlisten = undefined;
      await stop?.();
    },
  };
}
