import { ABOUT_COUNTER_TICK_MS } from '@mutual/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void) {
  const media = window.matchMedia(REDUCED_MOTION_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True when the visitor asked the operating system for less motion. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  );
}

/**
 * Counts from 0 up to `target`, one step every ABOUT_COUNTER_TICK_MS (spec §9: 20 ms), and lands
 * exactly on the target. Visitors who prefer reduced motion see the final value straight away.
 */
export function useCountUp(target: number, durationMs = 1600): number {
  const reduceMotion = usePrefersReducedMotion();
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (reduceMotion) return;
    const steps = Math.max(1, Math.round(durationMs / ABOUT_COUNTER_TICK_MS));
    let step = 0;
    const timer = window.setInterval(() => {
      step += 1;
      if (step >= steps) {
        window.clearInterval(timer);
        setValue(target);
      } else {
        // target × step / steps rather than adding target / steps each tick: no drift from rounding.
        setValue(Math.floor((target * step) / steps));
      }
    }, ABOUT_COUNTER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [target, durationMs, reduceMotion]);

  return reduceMotion ? target : value;
}
