import { useEffect, useState } from 'react';

/**
 * The current time, re-read every `everyMs` (aligned to whole multiples, so a minute clock turns
 * over on the minute). Only a local timer: it never calls the server.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(
      () => {
        setNow(Date.now());
        interval = setInterval(() => setNow(Date.now()), everyMs);
      },
      everyMs - (Date.now() % everyMs),
    );
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, [everyMs]);
  return now;
}
