import { randomBytes } from 'node:crypto';
import type { TotpSetup } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { SecretBox, secretKeyId } from '../../crypto/secret-box';
import { authenticatorCode, stepStartClock, TOTP_STEP } from '../../test/authenticator';
import { createPerson, signIn, startSignIn } from '../../test/identity';
import { useTestApp } from '../../test/test-app';
import { newTotpSecret, sealTotpSecret } from '../auth/totp';
import { cardNumberContext } from '../cards/card-numbers';
import { cards } from '../cards/cards.tables';
import { users } from '../people/people.tables';
import { prepareSecrets } from './prepare-secrets';
import { resealSecrets } from './reseal-secrets';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const idA = secretKeyId(keyA);
const idB = secretKeyId(keyB);

const accountNumberColumns = [
  'payment_orders.account_number',
  'payment_orders.iban',
  'ach_exports.content',
  'bill_payees.account_number',
];

describe('[SECRETS]: authenticator secrets are sealed at rest', () => {
  const time = stepStartClock();
  // The server runs on key B only: values under A stand for what was sealed before a rotation.
  const t = useTestApp({ clock: time.clock, secrets: new SecretBox(keyB) });
  const configB = loadConfig({ NODE_ENV: 'test', SECRETS_KEY: keyB.toString('base64') });

  const codeFor = (secret: string) => authenticatorCode(secret, time.now());

  async function row(userId: string) {
    const [found] = await t.db.select().from(users).where(eq(users.id, userId));
    if (!found) throw new Error('no such user');
    return found;
  }

  /** Signs in with the authenticator in a fresh 30-second step; the verify answer. */
  async function signInWithTotp(email: string, secret: string) {
    time.advance(TOTP_STEP);
    const { browser, response } = await startSignIn(t, email);
    expect(response.statusCode).toBe(200);
    return browser.post('/api/auth/verify', { code: codeFor(secret) });
  }

  /** A member enrolled by writing the row directly, the way older versions or other keys left it. */
  async function enrolledWith(stored: (userId: string, secret: string) => string) {
    const person = await createPerson(t);
    const secret = newTotpSecret();
    await t.db
      .update(users)
      .set({ totpSecret: stored(person.id, secret), totpEnabledAt: time.now() })
      .where(eq(users.id, person.id));
    return { person, secret };
  }

  it('an enrolment stores no plaintext, and sign-in with the authenticator still works', async () => {
    const person = await createPerson(t);
    const browser = await signIn(t, person.email);
    const { secret } = (await browser.post('/api/me/totp/setup')).json<TotpSetup>();
    const pending = (await row(person.id)).totpPendingSecret ?? '';
    expect(pending.startsWith(`v1:${idB}:`)).toBe(true);
    expect(pending).not.toContain(secret);
    expect(t.secrets.open(pending, `totp-pending:${person.id}`)).toBe(secret);

    expect((await browser.post('/api/me/totp/confirm', { code: codeFor(secret) })).statusCode).toBe(200);
    const enrolled = await row(person.id);
    const stored = enrolled.totpSecret ?? '';
    expect(stored.startsWith(`v1:${idB}:`)).toBe(true);
    expect(stored).not.toContain(secret);
    expect(enrolled.totpPendingSecret).toBeNull();
    // Bound to its row and column: it opens as this member's enrolled secret only.
    expect(t.secrets.open(stored, `totp:${person.id}`)).toBe(secret);
    expect(() => t.secrets.open(stored, `totp-pending:${person.id}`)).toThrow(/refused/);

    expect((await signInWithTotp(person.email, secret)).statusCode).toBe(200);
  });

  it('start-up seals plaintext left from before, once; sign-in works on the sealed secret', async () => {
    const { person, secret } = await enrolledWith((_id, plain) => plain);
    const pendingPlain = newTotpSecret();
    await t.db.update(users).set({ totpPendingSecret: pendingPlain }).where(eq(users.id, person.id));

    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const box = await prepareSecrets(configB, t.db, logger);
    expect(box.keyId).toBe(idB);
    const sealed = await row(person.id);
    expect(sealed.totpSecret?.startsWith(`v1:${idB}:`)).toBe(true);
    expect(sealed.totpSecret).not.toContain(secret);
    expect(sealed.totpPendingSecret?.startsWith(`v1:${idB}:`)).toBe(true);
    expect(t.secrets.open(sealed.totpPendingSecret ?? '', `totp-pending:${person.id}`)).toBe(pendingPlain);
    expect(lines.join('')).toContain('plaintext secrets sealed');
    expect(lines.join('')).not.toContain(secret);

    // Idempotent: a second start changes nothing.
    await prepareSecrets(configB, t.db, pino({ level: 'silent' }));
    expect(await row(person.id)).toMatchObject({
      totpSecret: sealed.totpSecret,
      totpPendingSecret: sealed.totpPendingSecret,
    });
    expect((await signInWithTotp(person.email, secret)).statusCode).toBe(200);
  });

  it('two instances starting at once seal each plaintext value exactly once', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => enrolledWith((_id, plain) => plain)));
    const passes = await Promise.all(
      [1, 2].map(() => resealSecrets(t.db, t.secrets, { scope: 'plaintext', batchSize: 2 })),
    );
    expect(passes.reduce((sum, counts) => sum + (counts[0]?.sealed ?? 0), 0)).toBe(5);
    for (const { person, secret } of members) {
      const stored = (await row(person.id)).totpSecret ?? '';
      expect(t.secrets.open(stored, `totp:${person.id}`)).toBe(secret);
    }
    // Leave them out of the counts below.
    for (const { person } of members)
      await t.db.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, person.id));
  });

  it('rotation re-seals everything under the new key in batches; the old key is then no longer needed', async () => {
    const underA = new SecretBox(keyA);
    const members = await Promise.all(
      [1, 2, 3].map(() => enrolledWith((id, plain) => sealTotpSecret(underA, id, plain, 'enrolled'))),
    );
    const pendingPlain = newTotpSecret();
    const [first, second] = members;
    if (!first || !second) throw new Error('members missing');
    await t.db
      .update(users)
      .set({ totpPendingSecret: sealTotpSecret(underA, second.person.id, pendingPlain, 'pending') })
      .where(eq(users.id, second.person.id));
    // A card whose number was sealed under A (the debit card Create User issued, sealed again under A).
    const [card] = await t.db.select().from(cards).where(eq(cards.userId, first.person.id));
    if (!card) throw new Error('no debit card');
    const number = t.secrets.open(card.numberSealed, cardNumberContext(card.id));
    await t.db
      .update(cards)
      .set({ numberSealed: underA.seal(number, cardNumberContext(card.id)) })
      .where(eq(cards.id, card.id));
    const cardCount = (await t.db.select({ id: cards.id }).from(cards)).length;

    // A server with only the new key refuses to start, naming the key it lacks…
    await expect(prepareSecrets(configB, t.db, pino({ level: 'silent' }))).rejects.toThrow(
      new RegExp(`3 in users\\.totp_secret under key ${idA}.*1 in users\\.totp_pending_secret under key ${idA}`),
    );
    // …and cannot check these members' codes.
    expect((await signInWithTotp(first.person.email, first.secret)).statusCode).toBe(500);

    const rotated = await resealSecrets(t.db, new SecretBox(keyB, [keyA]), { scope: 'all', batchSize: 2 });
    expect(rotated).toEqual([
      // The earlier tests left two enrolled secrets and one pending secret under B.
      { column: 'users.totp_secret', sealed: 0, resealed: 3, failed: {}, current: 5 },
      { column: 'users.totp_pending_secret', sealed: 0, resealed: 1, failed: {}, current: 2 },
      // Every member's debit card; only the one under A needed re-sealing.
      { column: 'cards.number_sealed', sealed: 0, resealed: 1, failed: {}, current: cardCount },
      // No account numbers or ACH files in this database.
      ...accountNumberColumns.map((column) => ({ column, sealed: 0, resealed: 0, failed: {}, current: 0 })),
    ]);
    const [resealed] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(new SecretBox(keyB).open(resealed?.numberSealed ?? '', cardNumberContext(card.id))).toBe(number);
    for (const { person } of members) expect((await row(person.id)).totpSecret?.startsWith(`v1:${idB}:`)).toBe(true);
    expect(
      t.secrets.open((await row(second.person.id)).totpPendingSecret ?? '', `totp-pending:${second.person.id}`),
    ).toBe(pendingPlain);

    // The server on key B alone now starts and signs every one of them in.
    await prepareSecrets(configB, t.db, pino({ level: 'silent' }));
    for (const { person, secret } of members) expect((await signInWithTotp(person.email, secret)).statusCode).toBe(200);

    // Running it again finds nothing to do.
    const again = await resealSecrets(t.db, new SecretBox(keyB), { scope: 'all', batchSize: 2 });
    expect(again.map((c) => [c.resealed, c.sealed, c.failed])).toEqual(Array(7).fill([0, 0, {}]));
  });

  it('rotation leaves a value it cannot open as it was, and names its key', async () => {
    const keyC = randomBytes(32);
    const { person } = await enrolledWith((id, plain) => sealTotpSecret(new SecretBox(keyC), id, plain, 'enrolled'));
    const before = (await row(person.id)).totpSecret;
    const counts = await resealSecrets(t.db, new SecretBox(keyB, [keyA]), { scope: 'all' });
    expect(counts[0]).toMatchObject({ resealed: 0, failed: { [secretKeyId(keyC)]: 1 } });
    expect((await row(person.id)).totpSecret).toBe(before);
    await t.db.update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, person.id));
  });
});
