import type { Config } from '../config.ts';

/**
 * Where the server's log goes. In production, and wherever its output is read by a program (a file, a
 * pipe, a log collector, the tests), pino's JSON lines; in development in a terminal, readable lines
 * (pino-pretty: time, level, message, then the fields). LOG_FORMAT decides when set.
 */
export async function logStream(
  config: Config,
  output: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
) {
  const isTerminal = output.isTTY === true;
  const pretty = config.LOG_FORMAT ? config.LOG_FORMAT === 'pretty' : config.isDevelopment && isTerminal;
  if (!pretty) return undefined;
  const { default: prettyStream } = await import('pino-pretty');
  return prettyStream({
    destination: output,
    colorize: isTerminal,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  });
}
