import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';

// Redaction is a second line of defence: the BFF never puts the key, a cookie or a password in a
// log object on purpose, but a serialised request, an error's options or a misplaced object must
// not leak them either.
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["x-tenant-id"]',
  'req.headers["x-csrf"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers["set-cookie"]',
  'apiKey',
  'password',
  'passwordHash',
  'cookie',
  'sid',
  '*.apiKey',
  '*.password',
  '*.passwordHash',
  '*.cookie',
  '*.sid',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["x-api-key"]',
  'upstream.apiKey',
  'config.upstream.apiKey',
];

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'bff' },
  };
  return destination ? pino(options, destination) : pino(options);
}
