import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs. Nothing here may carry a token, a password, an email or a child's details:
 * request logs hold ids, method, path (no query string), status and duration only.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.email'], remove: true },
    },
    destination,
  );
}
