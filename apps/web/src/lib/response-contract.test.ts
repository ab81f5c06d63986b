import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/render';
import { createApiClient } from './api-client';
import { ResponseContractError, takeResponseDrifts } from './response-drifts';

const P = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const entry = {
  id: '7a1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  role: 'user',
  author: null,
  content: 'Hola',
  status: 'complete',
  model: null,
  demo: false,
  wordsCharged: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  reaction: null,
  promptId: null,
  liveSearch: false,
  versions: [],
};

function clientAnswering(handlers: Parameters<typeof fakeApi>[0]) {
  const { fetch } = fakeApi(handlers);
  return createApiClient({ timeoutMs: 1000, authRetry: false, fetch: fetch as typeof globalThis.fetch });
}

// These tests make drifts on purpose; the run must not fail on them after the test.
afterEach(() => void takeResponseDrifts());

describe('answers checked against the shared schemas in tests', () => {
  it('lets an answer that matches its route through unchanged', async () => {
    const client = clientAnswering({
      [`GET /api/project/${P}/conversation`]: () =>
        json(200, { projectId: P, entries: [entry], hasMore: false, nextCursor: null }),
    });
    await expect(client.get(`/project/${P}/conversation`)).resolves.toEqual({
      projectId: P,
      entries: [entry],
      hasMore: false,
      nextCursor: null,
    });
    expect(takeResponseDrifts()).toEqual([]);
  });

  it('refuses a fake that drifts, naming the route and the field, and keeps it for the test to fail on', async () => {
    const { reaction: _dropped, ...withoutReaction } = entry;
    const client = clientAnswering({
      [`GET /api/project/${P}/conversation`]: () =>
        json(200, { projectId: P, entries: [{ ...withoutReaction, status: 'done' }] }),
    });
    const failure = client.get(`/project/${P}/conversation`);
    await expect(failure).rejects.toBeInstanceOf(ResponseContractError);
    const message = await failure.catch((error: Error) => error.message);
    expect(message).toContain(`GET /project/:id/conversation answered GET /project/${P}/conversation`);
    expect(message).toContain('entries[0].status');
    expect(message).toContain('entries[0].reaction');
    expect(takeResponseDrifts()).toHaveLength(1);
  });

  it('matches the route through its query string and the method it was sent with', async () => {
    const client = clientAnswering({
      [`GET /api/workspace/${P}/projects?sort=name`]: () => json(200, { items: [], nextCursor: 3 }),
    });
    await expect(client.get(`/workspace/${P}/projects?sort=name`)).rejects.toThrow(
      'GET /workspace/:id/projects answered',
    );
  });

  it('leaves alone empty answers, text and routes with no JSON answer', async () => {
    const client = clientAnswering({
      [`DELETE /api/project/${P}`]: () => json(204),
      'GET /api/health-text': () => new Response('ok', { headers: { 'content-type': 'text/plain' } }),
      'POST /api/unlisted': () => json(200, { anything: true }),
    });
    await expect(client.delete(`/project/${P}`)).resolves.toBeUndefined();
    await expect(client.get('/health-text')).resolves.toBe('ok');
    await expect(client.post('/unlisted')).resolves.toEqual({ anything: true });
    expect(takeResponseDrifts()).toEqual([]);
  });
});
