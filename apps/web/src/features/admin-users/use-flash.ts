import { ADMIN_MESSAGE_CLEAR_MS } from '@mutual/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-errors';

export interface Flash {
  tone: 'success' | 'error';
  text: string;
  /** A second sentence under `text`: why a save failed, when no field shows it. */
  detail?: string;
  /** Changes with every message, so the same sentence twice is still announced. */
  id: number;
}

export type ShowFlash = (tone: Flash['tone'], text: string, detail?: string) => void;

/**
 * A staff action's mutation handlers that put its answer in the banner: the server's message, or why
 * it failed (`fallback` when the server broke).
 */
export function flashAnswer(onFlash: ShowFlash, fallback?: string) {
  return {
    onSuccess: (result: { message: string }) => onFlash('success', result.message),
    onError: (error: unknown) => onFlash('error', errorMessage(error, fallback)),
  };
}

/**
 * The result of a staff action: the console's banner, or a message beside the form that acted.
 * Successes clear after ADMIN_MESSAGE_CLEAR_MS (spec §9); failures stay until the next message or
 * until dismissed (a new attempt dismisses the last answer), so nobody misses why something did
 * not happen.
 */
export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const counter = useRef(0);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = useCallback<ShowFlash>((tone, text, detail) => {
    window.clearTimeout(timer.current);
    counter.current += 1;
    setFlash({ tone, text, detail, id: counter.current });
    if (tone === 'success') timer.current = window.setTimeout(() => setFlash(null), ADMIN_MESSAGE_CLEAR_MS);
  }, []);

  const dismiss = useCallback(() => {
    window.clearTimeout(timer.current);
    setFlash(null);
  }, []);

  return { flash, show, dismiss };
}
