import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { createTestApp, testConfig } from '../helpers/app.ts';
import { workerDatabase } from '../helpers/database.ts';
import { signUp } from '../helpers/login.ts';

const apps: App[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** What every instance behind one address shares: the database, Redis and the JWT secret. */
const sharedEnv = () => ({
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: randomBytes(32).toString('hex'),
});

/** Another instance on the same database as the first (not emptied again). */
async function anotherInstance(env: Record<string, string>): Promise<App> {
  const database = await workerDatabase();
  const app = await buildApp({ config: testConfig(env), database: { ...database, close: async () => {} } });
  await app.ready();
  apps.push(app);
  return app;
}

const currentUserStatus = async (app: App, accessToken: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).statusCode;

it('a logout on one instance ends the access token on the others within seconds, and on any started later', async () => {
  const env = sharedEnv();
  const first = (await createTestApp(env)).app;
  apps.push(first);
  const second = await anotherInstance(env);
  const session = await signUp(first);
  const other = await signUp(first, session.user.email);
  // The second instance knows the token (and keeps it verified in memory) before the logout.
  expect(await currentUserStatus(second, session.accessToken)).toBe(200);

  const out = await first.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { cookie: session.refreshCookie, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(out.statusCode).toBe(204);
  expect(await currentUserStatus(first, session.accessToken)).toBe(401);
  await expect.poll(() => currentUserStatus(second, session.accessToken), { timeout: 5_000 }).toBe(401);

  // An instance that starts after the logout reads the revocation from Redis before serving.
  const third = await anotherInstance(env);
  expect(await currentUserStatus(third, session.accessToken)).toBe(401);
  // The user's other sign-in goes on everywhere.
  for (const app of [first, second, third]) expect(await currentUserStatus(app, other.accessToken)).toBe(200);
});
