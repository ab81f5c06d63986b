import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRedactaClient } from '@redacta/api-client';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { lastCodeTo } from '../helpers/login.ts';

let t: TestApp;
let baseUrl: string;
beforeEach(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
});

describe('the generated client against a running server', () => {
  it('signs in, lists workspaces, creates a project and reads it back', async () => {
    const anonymous = createRedactaClient({ baseUrl });
    const email = `api-${randomUUID().slice(0, 8)}@example.com`;
    const started = await anonymous.POST('/api/auth/email/start', { body: { email, locale: 'en' } });
    expect(started.response.status).toBe(204);
    const signedIn = await anonymous.POST('/api/auth/login', {
      body: { method: 'email', email, code: lastCodeTo(t.app, email) },
    });
    expect(signedIn.response.status, JSON.stringify(signedIn.error)).toBe(200);
    const client = createRedactaClient({ baseUrl, token: signedIn.data!.accessToken });

    const workspaces = await client.GET('/api/workspace/list');
    expect(workspaces.response.status).toBe(200);
    const [workspace] = workspaces.data!;
    expect(workspace).toBeDefined();

    const created = await client.POST('/api/workspace/{id}/project', {
      params: { path: { id: workspace!.id } },
      body: { name: 'Spring launch' },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);

    const read = await client.GET('/api/project/{id}', { params: { path: { id: created.data!.id } } });
    expect(read.response.status).toBe(200);
    expect(read.data).toMatchObject({
      id: created.data!.id,
      name: 'Spring launch',
      workspaceId: workspace!.id,
    });

    // The same client without the token is refused in our error shape, typed as the document says.
    const refused = await anonymous.GET('/api/project/{id}', { params: { path: { id: created.data!.id } } });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.error.code).toBe('UNAUTHENTICATED');
  });
});
