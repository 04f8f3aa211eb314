import { describe, expect, it } from 'vitest';
import { createPerson, signIn } from '../test/identity';
import { expectRefusal } from '../test/responses';
import { useTestApp } from '../test/test-app';

/**
 * The router decodes percent escapes, so `/%61pi/me` is the `/api/me` route. Every rule that
 * tells the API from the pages (the session, the cross-site check, no-store, the rate limits, the
 * dev pages' gate) must see the path as the router did, or spelling it another way walks past it.
 */
describe('[HTTP]: API rules hold however a path is spelled', () => {
  const t = useTestApp();

  it('reads the session on an escaped API path, and keeps the answer out of caches', async () => {
    const person = await createPerson(t);
    const browser = await signIn(t, person.email);
    const me = await browser.get('/%61pi/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<{ email: string }>().email).toBe(person.email);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('refuses a cross-site request to an escaped API path before any handler runs', async () => {
    const person = await createPerson(t);
    const browser = await signIn(t, person.email);
    const forged = await browser.request('POST', '/%61pi/auth/sign-out', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expectRefusal(forged, 403, { code: 'FORBIDDEN', message: 'Cross-site requests are not allowed.' });
    expect((await browser.get('/api/me')).statusCode).toBe(200);
  });
});
