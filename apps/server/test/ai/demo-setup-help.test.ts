import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';

let t: TestApp | undefined;
afterEach(() => t?.app.close());

const secret = { JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256-signing' };

describe('whether the app may show how to connect a model', () => {
  it.each([
    ['the demo writer on a development server', { NODE_ENV: 'development' }, true, true],
    [
      'the demo writer in production',
      { NODE_ENV: 'production', APP_URL: 'https://redacta.example' },
      true,
      false,
    ],
    [
      'a configured provider in development',
      { NODE_ENV: 'development', OPENAI_API_KEY: 'sk-test' },
      false,
      false,
    ],
  ])('%s', async (_, env, demo, setupHelp) => {
    t = await createTestApp({ ...secret, ...env });
    const ana = await createUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${ana.workspaceId}/gpt-4/status`,
      headers: ana.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ demo, setupHelp });
  });
});
