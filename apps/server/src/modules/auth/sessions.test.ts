import { type ApiError, messages, type SessionInfo } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditActions,
  Browser,
  createPerson,
  DEMO_PASSWORD,
  manualClock,
  MINUTE,
  sessionOf,
  signIn,
} from '../../test/identity';
import { expectRefusal } from '../../test/responses';
import { useTestApp } from '../../test/test-app';
import { sessions } from './auth.tables';

const HOUR = 60 * MINUTE;

describe('[AUTH]: sessions', () => {
  const time = manualClock();

  const t = useTestApp({ clock: time.clock });

  const member = async () => signIn(t, (await createPerson(t)).email);
  const sessionExpired: ApiError = { code: 'UNAUTHENTICATED', message: messages.auth.sessionExpired };
  const expectSignedOut = async (browser: Browser) => expectRefusal(await browser.get('/api/me'), 401, sessionExpired);
  /** The ISO time `minutes` from the clock's now. */
  const minutesFromNow = (minutes: number) => new Date(time.now().getTime() + minutes * MINUTE).toISOString();

  it('ends after 15 minutes without activity', async () => {
    const browser = await member();
    const started = time.now().getTime();
    expect((await sessionOf(browser)).idleExpiresAt).toBe(new Date(started + 15 * MINUTE).toISOString());
    time.advance(14 * MINUTE + 59_000);
    expect((await sessionOf(browser)).user).not.toBeNull();
    time.advance(1_000);
    expect(await sessionOf(browser)).toEqual({
      user: null,
      idleExpiresAt: null,
      absoluteExpiresAt: null,
      serverTime: expect.any(String),
    });
    await expectSignedOut(browser);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.lastSeenAt, new Date(started)));
    expect(row?.revokedReason).toBe('idle');
  });

  it('counts requests as activity, but not the passive session check', async () => {
    const browser = await member();
    const started = time.now().getTime();
    time.advance(10 * MINUTE);
    const passive = await sessionOf(browser);
    expect(passive.idleExpiresAt).toBe(new Date(started + 15 * MINUTE).toISOString());
    time.advance(6 * MINUTE);
    await expectSignedOut(browser);

    const active = await member();
    time.advance(10 * MINUTE);
    expect((await active.get('/api/me')).statusCode).toBe(200);
    expect((await sessionOf(active)).idleExpiresAt).toBe(minutesFromNow(15));
    time.advance(10 * MINUTE);
    expect((await active.get('/api/me')).statusCode).toBe(200);
  });

  it('extends on "Stay signed in" and refuses that once the session has ended', async () => {
    const browser = await member();
    time.advance(14 * MINUTE);
    const refresh = await browser.post('/api/auth/session/refresh');
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json<SessionInfo>().idleExpiresAt).toBe(minutesFromNow(15));
    time.advance(14 * MINUTE);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
    time.advance(16 * MINUTE);
    expectRefusal(await browser.post('/api/auth/session/refresh'), 401, sessionExpired);
  });

  it('ends after 12 hours however active', async () => {
    const browser = await member();
    const started = time.now().getTime();
    expect((await sessionOf(browser)).absoluteExpiresAt).toBe(new Date(started + 12 * HOUR).toISOString());
    while (time.now().getTime() + 10 * MINUTE < started + 12 * HOUR) {
      time.advance(10 * MINUTE);
      expect((await browser.get('/api/me')).statusCode).toBe(200);
    }
    time.advance(started + 12 * HOUR - time.now().getTime());
    await expectSignedOut(browser);
  });

  it('signs out: the cookie is cleared, the session is over and audited', async () => {
    const person = await createPerson(t);
    const browser = await signIn(t, person.email);
    const token = browser.sessionToken ?? '';
    const out = await browser.post('/api/auth/sign-out');
    expect(out.statusCode).toBe(204);
    expect(browser.sessionToken).toBeUndefined();
    const stolen = new Browser(t);
    stolen.cookies.set('mutual_session', token);
    await expectSignedOut(stolen);
    expect(await auditActions(t, person.id)).toContain('auth.sign_out');
    expect((await new Browser(t).post('/api/auth/sign-out')).statusCode).toBe(204);
  });

  it('ends the previous session of a browser that signs in again', async () => {
    const person = await createPerson(t);
    const browser = await signIn(t, person.email);
    const old = browser.sessionToken ?? '';
    await signIn(t, person.email, DEMO_PASSWORD, browser);
    expect(browser.sessionToken).not.toBe(old);
    const stale = new Browser(t);
    stale.cookies.set('mutual_session', old);
    await expectSignedOut(stale);
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });

  it('lists my live sessions and signs one of them out', async () => {
    const person = await createPerson(t);
    const laptop = await signIn(t, person.email);
    const phone = await signIn(
      t,
      person.email,
      DEMO_PASSWORD,
      new Browser(t, undefined, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1'),
    );
    const listed = (await laptop.get('/api/me/sessions')).json<{
      sessions: Array<{ id: string; current: boolean; device: string; ipAddress: string }>;
    }>();
    expect(listed.sessions).toHaveLength(2);
    const current = listed.sessions.find((s) => s.current);
    const other = listed.sessions.find((s) => !s.current);
    expect(current).toMatchObject({ device: 'Chrome on Linux', ipAddress: laptop.ip });
    expect(other).toMatchObject({ device: 'Safari on iOS', ipAddress: phone.ip });

    expect((await laptop.delete(`/api/me/sessions/${other?.id}`)).statusCode).toBe(204);
    await expectSignedOut(phone);
    expect((await laptop.get('/api/me')).statusCode).toBe(200);
    const again = await laptop.delete(`/api/me/sessions/${other?.id}`);
    expect(again.statusCode).toBe(404);
    expect((await laptop.delete('/api/me/sessions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await laptop.get('/api/me/sessions')).json<{ sessions: unknown[] }>().sessions).toHaveLength(1);
  });

  it('refuses session routes to the signed-out', async () => {
    const anonymous = new Browser(t);
    expect((await anonymous.get('/api/me/sessions')).statusCode).toBe(401);
    expect((await anonymous.post('/api/auth/session/refresh')).statusCode).toBe(401);
    expect(await sessionOf(anonymous)).toEqual({
      user: null,
      idleExpiresAt: null,
      absoluteExpiresAt: null,
      serverTime: expect.any(String),
    });
  });
});
