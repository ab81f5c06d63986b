import { randomBytes } from 'node:crypto';

/**
 * The environment a test or benchmark starts the real server in as a child process, over its own:
 * development mode on a free port of the loopback, logs as JSON lines it can read, and no database
 * server or Redis a developer's own environment may name (an empty value counts as unset).
 */
export const childServerEnv = (overrides: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'development',
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  REDIS_URL: '',
  LOG_LEVEL: 'info',
  ...overrides,
});

/**
 * The environment a benchmark measures the server in: production mode at `url` (its port taken from
 * it), a signing secret of its own, and sign-ins from this one address not held back by the per-IP
 * limits meant for the internet; `overrides` adds the rest (DATA_DIR, SMTP_URL, …) or changes any.
 */
export const benchServerEnv = (url: string, overrides: Record<string, string> = {}): NodeJS.ProcessEnv =>
  childServerEnv({
    NODE_ENV: 'production',
    PORT: new URL(url).port,
    APP_URL: url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_CODE_REQUESTS_PER_HOUR: '100000',
    RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN: '100000',
    ...overrides,
  });
