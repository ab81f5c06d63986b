import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logStream } from '../../src/lib/log-format.ts';
import { testConfig } from '../helpers/app.ts';

/** A stream standing for the server's stdout: a terminal or not. */
function output(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('the log format', () => {
  it('writes readable lines in development in a terminal', async () => {
    const out = output(true);
    const stream = await logStream(testConfig({ NODE_ENV: 'development' }), out.stream);
    expect(stream).toBeDefined();
    pino({}, stream!).info({ projectId: 'p1' }, 'Redacta is running');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(out.text()).toMatch(/INFO.*Redacta is running/);
    expect(out.text()).toContain('projectId');
    expect(() => JSON.parse(out.text().split('\n')[0]!)).toThrow();
  });

  it.each([
    [
      'in production',
      { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), APP_URL: 'https://redacta.example' },
      true,
    ],
    ['when its output is read by a program', { NODE_ENV: 'development' }, false],
    ['when LOG_FORMAT asks for JSON', { NODE_ENV: 'development', LOG_FORMAT: 'json' }, true],
  ])('keeps JSON lines %s', async (_when, env, isTTY) => {
    expect(await logStream(testConfig(env), output(isTTY).stream)).toBeUndefined();
  });

  it('writes readable lines anywhere when LOG_FORMAT asks for them', async () => {
    expect(await logStream(testConfig({ LOG_FORMAT: 'pretty' }), output(false).stream)).toBeDefined();
  });
});
