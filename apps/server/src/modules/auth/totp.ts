import { and, eq, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { type UserRow, users } from '../people/people.tables';

const PERIOD_SECONDS = 30;

function totpFor(config: Config, email: string, secretBase32: string): TOTP {
  return new TOTP({
    issuer: config.brand.name,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * Authenticator secrets are stored sealed (crypto/secret-box.ts), bound to their user and column:
 * `users.totp_secret` under `totp:<userId>`, the one being set up in `totp_pending_secret` under
 * `totp-pending:<userId>`. modules/secrets lists these columns for sealing and key rotation.
 */
export type TotpSecretColumn = 'enrolled' | 'pending';

export function totpSecretContext(userId: string, column: TotpSecretColumn): string {
  return column === 'enrolled' ? `totp:${userId}` : `totp-pending:${userId}`;
}

export function sealTotpSecret(secrets: SecretBox, userId: string, base32: string, column: TotpSecretColumn): string {
  return secrets.seal(base32, totpSecretContext(userId, column));
}

export function openTotpSecret(secrets: SecretBox, userId: string, sealed: string, column: TotpSecretColumn): string {
  return secrets.open(sealed, totpSecretContext(userId, column));
}

export async function totpEnrolment(config: Config, email: string, secretBase32: string) {
  const otpauthUrl = totpFor(config, email, secretBase32).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret: secretBase32,
    otpauthUrl,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The 30-second step a code belongs to (one step either side allowed for clock drift), or null. */
export function totpStep(config: Config, email: string, secretBase32: string, code: string, now: Date): number | null {
  const delta = totpFor(config, email, secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The step of `code` under the user's enrolled authenticator, or null (wrong code, or none enrolled). */
export function enrolledTotpStep(
  deps: Pick<AppDeps, 'config' | 'secrets'>,
  user: Pick<UserRow, 'id' | 'email' | 'totpSecret'>,
  code: string,
  now: Date,
): number | null {
  if (!user.totpSecret) return null;
  const secret = openTotpSecret(deps.secrets, user.id, user.totpSecret, 'enrolled');
  return totpStep(deps.config, user.email, secret, code, now);
}

/**
 * Accepts a step only if it is later than the last accepted one, in one atomic UPDATE: a code
 * (even one seen over a shoulder) is never accepted twice, even by two requests at once.
 */
export async function claimTotpStep(tx: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}
