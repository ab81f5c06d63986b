import { describe, expect, it } from 'vitest';
import { findResponseRoute, responseSchemas } from './routes.ts';

const id = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('findResponseRoute', () => {
  it('finds the route of a concrete path, query string and method case aside', () => {
    expect(findResponseRoute('get', `/workspace/${id}/projects?sort=name&limit=5`)).toEqual({
      route: 'GET /workspace/:id/projects',
      schema: responseSchemas['GET /workspace/:id/projects'],
    });
    expect(findResponseRoute('PATCH', `/workspace/${id}/add-reaction/${id}`)?.route).toBe(
      'PATCH /workspace/:id/add-reaction/:reactionId',
    );
  });

  it('prefers a literal segment to a parameter', () => {
    expect(findResponseRoute('PATCH', '/brand-voice/analyze-content')?.route).toBe(
      'PATCH /brand-voice/analyze-content',
    );
    expect(findResponseRoute('PATCH', `/brand-voice/${id}`)?.route).toBe('PATCH /brand-voice/:id');
    expect(findResponseRoute('PATCH', '/workspace/gpt-4/enable')?.route).toBe(
      'PATCH /workspace/gpt-4/enable',
    );
  });

  it('knows no route for answers without a JSON body, other methods or empty segments', () => {
    expect(findResponseRoute('DELETE', `/project/${id}`)).toBeUndefined();
    expect(findResponseRoute('POST', '/chat/send-request-stream')).toBeUndefined();
    expect(findResponseRoute('PUT', `/project/${id}`)).toBeUndefined();
    expect(findResponseRoute('GET', '/project/')).toBeUndefined();
  });
});
