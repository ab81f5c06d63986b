import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';

/** A project's live conversation: its answer streams for as long as the client stays. */
const LIVE_STREAM = /^\/api\/project\/[^/?]+\/conversation\/live(\?|$)/;

/**
 * `app.inject`, for tests that send a request to every route: a live conversation's 200 never ends by
 * itself, so it is read up to its first line and then left (the app ends it when it closes). Its
 * answer reads as that line; every other answer is inject's own.
 */
export async function injectAnswer(app: App, request: InjectOptions): Promise<LightMyRequestResponse> {
  if (!LIVE_STREAM.test(String(request.url ?? ''))) return app.inject(request);
  const res = await app.inject({ ...request, payloadAsStream: true });
  const stream = res.stream();
  let body = '';
  for await (const chunk of stream) {
    body += String(chunk);
    if (res.statusCode === 200 && body.includes('\n')) break;
  }
  stream.destroy();
  const first = res.statusCode === 200 ? body.slice(0, body.indexOf('\n') + 1) : body;
  return Object.assign(Object.create(res) as LightMyRequestResponse, {
    body: first,
    payload: first,
    json: () => JSON.parse(first) as unknown,
  });
}
