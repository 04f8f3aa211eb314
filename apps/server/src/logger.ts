import pino from 'pino';
import type { Config } from './config';

/**
 * Fields that may hold secrets are redacted one level deep in any log line. Names are specific on
 * purpose: a generic `code` would also hide `err.code` (ECONNREFUSED…), which operators need.
 */
export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.otp',
  '*.token',
  '*.accountNumber',
];

export function createLogger(config: Pick<Config, 'logLevel' | 'env'>, destination?: pino.DestinationStream) {
  return pino(
    {
      level: config.env === 'test' ? 'silent' : config.logLevel,
      redact: { paths: redactPaths, censor: '[redacted]' },
      ...(config.env === 'development' && process.stdout.isTTY && !destination
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
    },
    destination,
  );
}
