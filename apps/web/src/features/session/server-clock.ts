/**
 * The session's deadlines are moments on the server's clock; the idle warning counts down with
 * timers on this device's clock, which may be minutes off (a phone set by hand, a laptop that
 * slept). Each session answer carries `serverTime`, so the difference is known and the deadlines
 * are moved onto the device's clock before counting: a device 14 minutes fast then still warns one
 * minute before the end, and "Stay signed in" closes the warning.
 */

/** How far the server's clock runs ahead of this device's (ms; negative when behind), or null if unknown. */
export function clockOffset(serverTime: string | undefined, receivedAt: number): number | null {
  if (!serverTime) return null;
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? null : server - receivedAt;
}

/** A moment on the server's clock (ISO) as this device's clock reads it (ms). */
export function onDeviceClock(iso: string, offset: number): number {
  return Date.parse(iso) - offset;
}

/**
 * A session answer's idle deadline (`idleExpiresAt`, on the server's clock) on this device's clock,
 * for an answer that carried `serverTime` and arrived at `receivedAt` (device ms), with the clock
 * offset it gives (null without a `serverTime`: the device's clock is then taken as the server's).
 */
export function idleDeadlineOnDevice(
  idleExpiresAt: string,
  serverTime: string | undefined,
  receivedAt: number,
): { deadline: number; offset: number | null } {
  const offset = clockOffset(serverTime, receivedAt);
  return { deadline: onDeviceClock(idleExpiresAt, offset ?? 0), offset };
}
