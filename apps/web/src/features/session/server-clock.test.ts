import { describe, expect, it } from 'vitest';
import { clockOffset, idleDeadlineOnDevice, onDeviceClock } from './server-clock';

const MINUTE = 60_000;
const server = Date.parse('2026-03-04T09:00:00.000Z');

describe('session deadlines on the device’s clock', () => {
  it('knows how far the server’s clock is from the device’s', () => {
    expect(clockOffset(new Date(server).toISOString(), server + 14 * MINUTE)).toBe(-14 * MINUTE);
    expect(clockOffset(new Date(server).toISOString(), server - 3 * MINUTE)).toBe(3 * MINUTE);
    expect(clockOffset(undefined, server)).toBeNull();
    expect(clockOffset('not a time', server)).toBeNull();
  });

  it('moves a server deadline onto a device 14 minutes fast: still 15 minutes away', () => {
    const receivedAt = server + 14 * MINUTE;
    const idleExpiresAt = new Date(server + 15 * MINUTE).toISOString();
    const { deadline, offset } = idleDeadlineOnDevice(idleExpiresAt, new Date(server).toISOString(), receivedAt);
    expect(offset).toBe(-14 * MINUTE);
    expect(deadline - receivedAt).toBe(15 * MINUTE);
    expect(onDeviceClock(idleExpiresAt, -14 * MINUTE)).toBe(deadline);
  });

  it('takes the device’s clock as the server’s when an answer has no server time', () => {
    const idleExpiresAt = new Date(server + 15 * MINUTE).toISOString();
    expect(idleDeadlineOnDevice(idleExpiresAt, undefined, server + 14 * MINUTE)).toEqual({
      deadline: server + 15 * MINUTE,
      offset: null,
    });
  });
});
