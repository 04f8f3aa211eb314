import type { Me } from '@mutual/shared';
import { useState } from 'react';
import { useApplyMe } from './profile-api';

/**
 * Saving part of the person's own record: `save` sends the values, starts the form again from what
 * was stored (`restart`), tells the session, and puts the server's sentence (or `fallback`) in `saved`.
 */
export function useMeSave<V>(send: (values: V) => Promise<{ me: Me; message?: string }>, fallback: string) {
  const applyMe = useApplyMe();
  const [saved, setSaved] = useState<string | null>(null);
  const save = async (values: V, restart: (stored: Me) => void) => {
    setSaved(null);
    const result = await send(values);
    restart(result.me);
    await applyMe(result.me);
    setSaved(result.message || fallback);
  };
  return { saved, setSaved, save };
}
