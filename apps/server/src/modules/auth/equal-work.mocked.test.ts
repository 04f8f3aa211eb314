import { getTableName, type Table } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { createPerson, DEMO_PASSWORD, manualClock, MINUTE, type TestApp, userByEmail } from '../../test/identity';
import { useTestApp } from '../../test/test-app';
import { users } from '../people/people.tables';
import { requestPasswordReset } from './password-reset';
import { startSignIn } from './sign-in';

/**
 * Issue 14, finding 6: the time of an answer must not tell which e-mails have accounts, or which
 * accounts are locked. Wall-clock time is too noisy to assert (bench/auth-timing.ts prints it);
 * what decides it is asserted instead: every branch verifies one password with argon2 (the
 * account's, or a dummy hash) and sends the same statements to the database.
 */

const checked = vi.hoisted(() => ({ hashes: [] as string[] }));
vi.mock('./passwords', async (importOriginal) =>
  (await import('../../test/password-checks')).recordingPasswords(importOriginal, (hash) => checked.hashes.push(hash)),
);

/** The database, recording each statement it is asked for (and each transaction), in order. */
function recording(db: Database) {
  const log: string[] = [];
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (property === 'transaction') {
          return (work: (tx: object) => unknown, ...rest: unknown[]) => {
            log.push('transaction');
            return method.call(object, (tx: object) => work(wrap(tx)), ...rest);
          };
        }
        if (property === 'select' || property === 'execute') {
          return (...args: unknown[]) => {
            log.push(property);
            return method.apply(object, args);
          };
        }
        if (property === 'insert' || property === 'update' || property === 'delete') {
          return (table: Table) => {
            log.push(`${property} ${getTableName(table)}`);
            return method.call(object, table);
          };
        }
        return method.bind(object);
      },
    });
  return { db: wrap(db), log };
}

const meta = { ipAddress: '192.0.2.1', userAgent: 'test' };

describe('[AUTH]: the same work whether or not the e-mail exists or the account is locked', () => {
  const time = manualClock();
  const threshold = 3;
  const t = useTestApp({ clock: time.clock, env: { SIGN_IN_LOCKOUT_THRESHOLD: String(threshold) } });
  beforeEach(() => {
    checked.hashes = [];
  });

  /** One sign-in step 1 through a recording database: its statements, and the hashes argon2 verified. */
  async function signInWork(t: TestApp, email: string, password: string) {
    const { db, log } = recording(t.db);
    checked.hashes = [];
    let answer = 'signed in';
    try {
      await startSignIn({ db, config: t.config, mailer: t.mailer, clock: t.clock }, { email, password }, meta);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answer = error.code;
    }
    return { answer, statements: log, hashes: [...checked.hashes] };
  }

  const lock = (userId: string) =>
    t.db
      .update(users)
      .set({ lockedUntil: new Date(time.now().getTime() + 15 * MINUTE), failedSignIns: 0 })
      .where(eq(users.id, userId));

  it('sign-in step 1: unknown e-mail, wrong password, locked account, no tries left', async () => {
    const open = await createPerson(t);
    const locked = await createPerson(t);
    await lock(locked.id);
    const busy = await createPerson(t);
    // Every try taken and still being checked (by parallel requests): nothing is left to claim.
    await t.db.update(users).set({ failedSignIns: threshold }).where(eq(users.id, busy.id));

    const unknown = await signInWork(t, 'nobody-here@example.com', 'wrong-password-1');
    const wrong = await signInWork(t, open.email, 'wrong-password-1');
    const lockedWrong = await signInWork(t, locked.email, 'wrong-password-1');
    const lockedRight = await signInWork(t, locked.email, DEMO_PASSWORD);
    const noTries = await signInWork(t, busy.email, DEMO_PASSWORD);

    expect([unknown, wrong, lockedWrong, lockedRight, noTries].map((work) => work.answer)).toEqual([
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'ACCOUNT_LOCKED',
      'UNAUTHENTICATED',
    ]);
    // The same statements in every branch: the look-up, the claimed try (against no row for an
    // unknown e-mail, refused when locked), then the audit row and the conditional lock.
    const shape = ['select', 'update users', 'transaction', 'insert audit_log', 'update users'];
    for (const work of [unknown, wrong, lockedWrong, lockedRight]) expect(work.statements).toEqual(shape);
    // With every try taken the conditional lock finds the counter at the threshold and locks now
    // (a try whose request died before its answer is counted as failed): the lock's own rows follow.
    expect(noTries.statements.slice(0, shape.length)).toEqual(shape);
    expect((await userByEmail(t, busy.email)).lockedUntil).not.toBeNull();

    // One argon2 verification each: the account's hash when there is one to check, a dummy otherwise.
    const hashOf = async (email: string) => (await userByEmail(t, email)).passwordHash;
    const dummy = unknown.hashes[0];
    expect(unknown.hashes).toEqual([dummy]);
    expect(dummy).toMatch(/^\$argon2id\$/);
    expect(dummy).not.toBe(await hashOf(open.email));
    expect(wrong.hashes).toEqual([await hashOf(open.email)]);
    expect(lockedWrong.hashes).toEqual([await hashOf(locked.email)]);
    expect(lockedRight.hashes).toEqual([await hashOf(locked.email)]);
    expect(noTries.hashes).toEqual([dummy]);
    // The argon2 settings are the same, so the dummy costs what a real hash does.
    expect(dummy?.split('$').slice(0, 4)).toEqual((await hashOf(open.email)).split('$').slice(0, 4));
  });

  it('a right password does the same up to the answer, and gives its try back', async () => {
    const person = await createPerson(t);
    const right = await signInWork(t, person.email, DEMO_PASSWORD);
    expect(right.answer).toBe('signed in');
    expect(right.hashes).toEqual([(await userByEmail(t, person.email)).passwordHash]);
    expect(right.statements.slice(0, 2)).toEqual(['select', 'update users']);
    expect((await userByEmail(t, person.email)).failedSignIns).toBe(0);
  });

  it('password reset: the same statements for an account, an unknown e-mail, one over its hourly limit', async () => {
    const person = await createPerson(t);
    const resetWork = async (email: string) => {
      const { db, log } = recording(t.db);
      const answer = await requestPasswordReset(
        { db, config: t.config, mailer: t.mailer, clock: t.clock },
        email,
        meta,
      );
      return { answer, statements: log };
    };

    const known = await resetWork(person.email);
    const unknown = await resetWork('nobody-here@example.com');
    await resetWork(person.email);
    await resetWork(person.email);
    const overLimit = await resetWork(person.email);

    expect(new Set([known, unknown, overLimit].map((work) => JSON.stringify(work.answer))).size).toBe(1);
    // The look-up; in one transaction the account's row locked, the link inserted, its e-mail, the audit row.
    expect(known.statements).toEqual([
      'select',
      'transaction',
      'execute',
      'execute',
      'insert mail_outbox',
      'insert audit_log',
    ]);
    // Only the e-mail's own row differs.
    const withoutMail = known.statements.filter((statement) => statement !== 'insert mail_outbox');
    expect(unknown.statements).toEqual(withoutMail);
    expect(overLimit.statements).toEqual(withoutMail);
  });
});
