import type { TotpSetup } from '@mutual/shared';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { type Browser, manualClock } from './identity';

/** Shared steps for the tests with an authenticator app: its time step, its codes, enrolling one. */

/** An authenticator's time step. */
export const TOTP_STEP = 30_000;

/** A clock the test moves by hand, started at the beginning of a step, so "the same code" means the same step. */
export const stepStartClock = () => manualClock(new Date(Math.floor(Date.now() / TOTP_STEP) * TOTP_STEP));

/** The code an authenticator holding `secret` shows at `at`. */
export const authenticatorCode = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });

/**
 * Sets up and confirms an authenticator for the signed-in `browser`. Returns the app: what it
 * shows at `now()` (move the clock a step before using a code again).
 */
export async function enrolAuthenticator(browser: Browser, now: () => Date): Promise<() => string> {
  const setup = (await browser.post('/api/me/totp/setup')).json<TotpSetup>();
  const code = () => authenticatorCode(setup.secret, now());
  expect((await browser.post('/api/me/totp/confirm', { code: code() })).statusCode).toBe(200);
  return code;
}
