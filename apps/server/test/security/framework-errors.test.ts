import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import { createUser } from '../helpers/factories.ts';
import { createLoggedTestApp, errorLines, type LogLine } from './logged-app.ts';

let app: App;
let log: LogLine[];
beforeEach(async () => {
  ({ app, log } = await createLoggedTestApp());
});
afterEach(() => app.close());

/** The answer is our error shape, with one of our codes, and names its request. */
function expectOurError(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  const parsed = errorBodySchema.strict().parse(JSON.parse(res.body));
  expect(parsed.error.code).toBe(code);
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(res.headers['x-request-id']).toBe(parsed.error.requestId);
}

/** Sends raw bytes to the listening server and reads what comes back until it closes the socket. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe("Fastify's own errors", () => {
  it('answer in our error shape: long path parameter, bad URL, no route, wrong content type, bad or huge body', async () => {
    const ana = await createUser(app);
    const json = { ...ana.auth, 'content-type': 'application/json' };
    const longId = 'a'.repeat(101);
    expectOurError(
      await app.inject({ url: `/api/project/${longId}/document`, headers: ana.auth }),
      414,
      'VALIDATION_FAILED',
    );
    expectOurError(
      await app.inject({
        method: 'PATCH',
        url: `/api/folder/rename/${longId}`,
        headers: json,
        payload: '{}',
      }),
      414,
      'VALIDATION_FAILED',
    );
    expectOurError(
      await app.inject({ url: '/api/project/%E0%A4%A/document', headers: ana.auth }),
      400,
      'VALIDATION_FAILED',
    );
    expectOurError(await app.inject({ url: '/api/nothing-here' }), 404, 'NOT_FOUND');
    expectOurError(await app.inject({ method: 'OPTIONS', url: '/api/workspace/list' }), 404, 'NOT_FOUND');
    const folder = (headers: Record<string, string>, payload: string) =>
      app.inject({ method: 'POST', url: '/api/folder', headers: { ...ana.auth, ...headers }, payload });
    const valid = JSON.stringify({ workspaceId: ana.workspaceId, name: 'Carpeta' });
    expectOurError(
      await folder({ 'content-type': 'application/xml' }, '<folder/>'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectOurError(
      await folder({ 'content-type': 'application/json' }, '{"name": '),
      400,
      'VALIDATION_FAILED',
    );
    expectOurError(await folder({ 'content-type': 'application/json' }, ''), 400, 'VALIDATION_FAILED');
    expectOurError(
      await folder({ 'content-type': 'application/json' }, '{"__proto__": {"x": 1}}'),
      400,
      'VALIDATION_FAILED',
    );
    expectOurError(await folder({ 'content-type': 'text/plain' }, valid), 400, 'VALIDATION_FAILED');
    expectOurError(
      await folder({ 'content-type': 'application/json' }, `"${'x'.repeat(3 * 1024 * 1024)}"`),
      413,
      'BODY_TOO_LARGE',
    );
    expectOurError(
      await folder({ 'content-type': 'application/json', 'content-length': '5' }, valid),
      400,
      'VALIDATION_FAILED',
    );
    // The folder was never created by any of these; a good request still works.
    expect((await folder({ 'content-type': 'application/json' }, valid)).statusCode).toBe(201);
    expect(errorLines(log)).toEqual([]);
  });

  it('answer malformed HTTP in our error shape too', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    for (const [request, status] of [
      ['NOT HTTP AT ALL\r\n\r\n', 400],
      [`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const answer = await rawExchange(port, request);
      expect(answer.split('\r\n')[0]).toBe(
        `HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : 'Request Header Fields Too Large'}`,
      );
      const parsed = errorBodySchema.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
      expect(parsed.error.code).toBe('VALIDATION_FAILED');
    }
    expect(errorLines(log)).toEqual([]);
  });
});
