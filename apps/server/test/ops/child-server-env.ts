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
