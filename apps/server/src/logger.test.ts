import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('[LOGS]: no secrets in log lines', () => {
  it('redacts passwords, codes and account numbers but keeps error codes', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ env: 'production', logLevel: 'info' }, sink);
    const err = Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' });
    logger.info({ body: { password: 'hunter22', otp: '123456', accountNumber: '1234567890' }, err }, 'sign-in');

    const line = lines.join('');
    expect(line).not.toContain('hunter22');
    expect(line).not.toContain('123456');
    expect(line).not.toContain('1234567890');
    expect(line).toContain('[redacted]');
    expect(line).toContain('ECONNREFUSED');
  });
});
