import pino from 'pino';
import type { Config } from './config';

/** Paths that may hold secrets are redacted wherever they appear in a log line. */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.code',
  '*.otp',
  '*.token',
  '*.accountNumber',
];

export function createLogger(config: Pick<Config, 'logLevel' | 'env'>) {
  return pino({
    level: config.env === 'test' ? 'silent' : config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    ...(config.env === 'development' && process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}
