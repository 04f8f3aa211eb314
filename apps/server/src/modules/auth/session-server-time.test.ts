import type { SessionInfo, SignInResult } from '@mutual/shared';
import { describe, expect, it } from 'vitest';
import { Browser, createPerson, DEMO_PASSWORD, latestCode, manualClock, MINUTE } from '../../test/identity';
import { useTestApp } from '../../test/test-app';

/**
 * The idle warning counts down by the server's clock, not the device's: every session answer
 * carries the server's time beside its deadlines, so the web app can tell how far off the
 * device's clock is (apps/web/src/features/session/server-clock.ts).
 */
describe('[AUTH]: session answers carry the server’s clock', () => {
  const time = manualClock(new Date('2026-11-20T15:00:00Z'));
  const t = useTestApp({ clock: time.clock, env: { SESSION_IDLE_MINUTES: '15' } });

  it('on sign-in, on reading the session, on "Stay signed in", and when signed out', async () => {
    const browser = new Browser(t);
    const anonymous = (await browser.get('/api/auth/session')).json<SessionInfo>();
    expect(anonymous).toEqual({
      user: null,
      idleExpiresAt: null,
      absoluteExpiresAt: null,
      serverTime: time.now().toISOString(),
    });

    const person = await createPerson(t);
    const started = await browser.post('/api/auth/sign-in', { email: person.email, password: DEMO_PASSWORD });
    expect(started.statusCode, started.body).toBe(200);
    const verified = await browser.post('/api/auth/verify', { code: await latestCode(t, person.email) });
    expect(verified.statusCode, verified.body).toBe(200);
    const signedIn = verified.json<SignInResult>();
    expect(signedIn.serverTime).toBe(time.now().toISOString());
    expect(Date.parse(signedIn.idleExpiresAt) - Date.parse(signedIn.serverTime ?? '')).toBe(15 * MINUTE);

    time.advance(5 * MINUTE);
    const read = (await browser.get('/api/auth/session')).json<SessionInfo>();
    expect(read.serverTime).toBe(time.now().toISOString());
    // A read is not activity: ten minutes are left by the server's clock.
    expect(Date.parse(read.idleExpiresAt ?? '') - Date.parse(read.serverTime ?? '')).toBe(10 * MINUTE);

    time.advance(MINUTE);
    const stayed = await browser.post('/api/auth/session/refresh');
    expect(stayed.statusCode, stayed.body).toBe(200);
    const refreshed = stayed.json<SessionInfo>();
    expect(refreshed.serverTime).toBe(time.now().toISOString());
    expect(Date.parse(refreshed.idleExpiresAt ?? '') - Date.parse(refreshed.serverTime ?? '')).toBe(15 * MINUTE);
  });
});
