import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { signUp, validApplication, withField } from './test/identity';
import { useTestApp } from './test/test-app';
import { redactedKeys } from './logger';
import { capturedLogger } from './test/captured-logger';
import { useFailingInsert } from './test/failing-insert';

describe('[LOGS]: no secrets in log lines', () => {
  it('redacts every listed key at any depth and in any spelling, but keeps error codes', () => {
    const { logger, text } = capturedLogger();
    const err = Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' });
    logger.info(
      {
        body: { password: 'hunter22', otp: '123456', accountNumber: '1234567890', code: '654321' },
        user: { passwordHash: '$argon2id$v=19$m=1', date_of_birth: '1961-07-23', profile: { idNumber: 'ZQ987' } },
        headers: { cookie: 'mutual_session=abc', 'Set-Cookie': 'x=1', Authorization: 'Bearer tok' },
        rows: [{ totpSecret: 'JBSWY3DPEHPK3PXP', sessionToken: 'tkn-1', dob: '1970-01-01', ssn: '078-05-1120' }],
        err,
      },
      'sign-in',
    );
    const line = text();
    for (const secret of [
      'hunter22',
      '123456',
      '654321',
      '1234567890',
      '$argon2',
      '1961-07-23',
      'ZQ987',
      'mutual_session',
      'x=1',
      'Bearer',
      'JBSWY3DPEHPK3PXP',
      'tkn-1',
      '1970-01-01',
      '078-05-1120',
    ])
      expect(line, secret).not.toContain(secret);
    expect(line).toContain('[redacted]');
    expect(JSON.parse(line)).toMatchObject({ err: { type: 'Error', message: 'connect failed', code: 'ECONNREFUSED' } });
    expect(redactedKeys).toEqual(expect.arrayContaining(['password', 'dateOfBirth', 'idNumber', 'code', 'params']));
  });

  it("strips a failed query's text and parameters from the error, its message and its causes", () => {
    const { logger, text } = capturedLogger();
    const cause = Object.assign(new Error('date/time field value out of range: "1961-02-30"'), {
      code: '22008',
      detail: 'Key (email)=(dana@example.com) already exists.',
      where: 'SQL function "x" statement 1, value 078-05-1120',
      table: 'users',
    });
    const failed = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['dana@example.com', '$argon2id$v=19$secret'],
      cause,
    );
    logger.error(failed);
    logger.error({ err: failed });
    logger.warn({ context: { attempt: 2, error: failed } }, 'retrying');
    logger.warn({ reason: failed.message }, 'job failed');
    logger.warn({ failure: { query: failed.query, params: failed.params, values: ['078-05-1120'] } }, 'copied');
    const out = text();
    for (const secret of ['dana@example.com', '$argon2id', '1961-02-30', '078-05-1120', 'password_hash'])
      expect(out, secret).not.toContain(secret);
    const [first] = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({
      msg: 'Failed query (its text and parameters are not logged)',
      err: { type: 'DrizzleQueryError', cause: { code: '22008', table: 'users', message: expect.any(String) } },
    });
  });

  it('logs request paths without their query string', () => {
    const { logger, text } = capturedLogger();
    logger.info({ req: { method: 'GET', url: '/api/me/transactions?q=rent&email=dana%40example.com' } }, 'incoming');
    logger.warn('Reply was already sent in the "/api/auth/password-reset?email=dana%40example.com" route');
    expect(text()).not.toContain('dana');
    expect(text()).toContain('"url":"/api/me/transactions"');
  });
});

describe('[LOGS]: a request that fails with a 500 on purpose', () => {
  const log = capturedLogger();
  const t = useTestApp({ logger: log.logger });
  const failingSignUp = useFailingInsert(t, 'refuse_for_log_test', 'users');

  it('leaves no password hash, date of birth, ID number or e-mail of the failed query in the log', async () => {
    // Every sign-up from this domain now fails inside the database, with the row's values at hand.
    await failingSignUp.start(
      `new.email like '%@log-test.example'`,
      `raise exception 'refused on purpose: "%"', new.date_of_birth
         using detail = format('dob=%s id=%s hash=%s', new.date_of_birth, new.id_card_number, new.password_hash)`,
    );

    let application = withField(validApplication('dana.whitfield@log-test.example'), 'password', 'Mellow-Harbor-72');
    application = withField(application, 'confirmPassword', 'Mellow-Harbor-72');
    application = withField(application, 'personalInfo.dateOfBirth', '1961-07-23');
    application = withField(application, 'documents.idCardNumber', 'ZQ9876543');
    const response = await signUp(t, application);
    expect(response.statusCode, response.body).toBe(500);
    // A query string is no place for an e-mail, but one that arrives there is not logged either.
    expect((await t.app.inject('/api/site?email=dana.whitfield%40log-test.example')).statusCode).toBe(200);

    const out = log.text();
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // None of the values the query carried…
    for (const secret of ['$argon2', 'Mellow-Harbor-72', '1961-07-23', 'ZQ9876543', 'dana.whitfield'])
      expect(out, secret).not.toContain(secret);
    // …but the failure is logged, with what an operator needs to find it.
    expect(lines).toContainEqual(expect.objectContaining({ req: expect.objectContaining({ url: '/api/site' }) }));
    expect(lines.find((line) => line.msg === 'unhandled error')).toMatchObject({
      level: 50,
      err: { type: 'DrizzleQueryError', stack: expect.stringContaining('at '), cause: { code: 'P0001' } },
    });
  });
});
