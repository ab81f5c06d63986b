import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authCodes, users, workspaces } from '../../src/db/schema.ts';
import { findOrRegister } from '../../src/modules/auth/service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { lastCodeTo, login, requestCode, signUp } from '../helpers/login.ts';

const APP_URL = 'http://app.test';
let t: TestApp;
afterEach(() => t.app.close());

describe('edge cases of the code flow', () => {
  beforeEach(async () => {
    t = await createTestApp({ APP_URL });
  });

  it('writes a link whose e-mail reads back exactly, with "+", "&", "=" and accents in the local part', async () => {
    const email = 'ana+lópez&x=1@example.com';
    expect((await requestCode(t.app, email)).statusCode).toBe(204);
    const [mail] = t.app.mailer.recent();
    const line = mail!.text.split('\n').find((text) => text.startsWith(`${APP_URL}/login?`))!;
    expect(line).toContain('email=ana%2Bl%C3%B3pez%26x%3D1%40example.com&code=');
    const params = new URL(line).searchParams;
    expect(params.get('email')).toBe(email);
    const res = await login(t.app, params.get('email')!, params.get('code')!);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it('lets a code in only once when two sign-ins race with it', async () => {
    await requestCode(t.app, 'ana@example.com');
    const code = lastCodeTo(t.app, 'ana@example.com');
    const results = await Promise.all([1, 2, 3].map(() => login(t.app, 'ana@example.com', code)));
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const res of results.filter((r) => r.statusCode === 400)) {
      expect(res.json().error.code).toBe('CODE_INVALID');
    }
    expect(await t.app.db.select().from(users)).toHaveLength(1);
    expect(await t.app.db.select().from(workspaces)).toHaveLength(1);
  });

  it('registers once when two first sign-ins of one address race: the loser logs into the account', async () => {
    // As an e-mail code and an OAuth sign-in in two tabs would: both see no account yet and
    // both try to create it.
    const email = 'race@example.com';
    const results = await Promise.all([1, 2, 3].map(() => findOrRegister(t.app, email, 'es')));
    expect(results.filter((result) => result.isRegistration)).toHaveLength(1);
    expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
    expect(await t.app.db.select().from(users)).toHaveLength(1);
    expect(await t.app.db.select().from(workspaces)).toHaveLength(1);
  });

  it('binds the stored hash to its address: another address’s hash does not let its code in', async () => {
    await requestCode(t.app, 'ana@example.com');
    await requestCode(t.app, 'bob@example.com');
    const bobCode = lastCodeTo(t.app, 'bob@example.com');
    const [bobRow] = await t.app.db.select().from(authCodes).where(eq(authCodes.email, 'bob@example.com'));
    // Were the hash not peppered with the address, Ana's row would now accept Bob's code.
    await t.app.db
      .update(authCodes)
      .set({ codeHash: bobRow!.codeHash })
      .where(eq(authCodes.email, 'ana@example.com'));
    const res = await login(t.app, 'ana@example.com', bobCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_INVALID');
  });

  it('answers 401 once the account behind a token is gone, for the access and the refresh token', async () => {
    const session = await signUp(t.app);
    await t.app.db.delete(workspaces);
    await t.app.db.delete(users).where(eq(users.id, session.user.id));

    const current = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: session.auth });
    expect(current.statusCode).toBe(401);
    expect(current.json().error.code).toBe('UNAUTHENTICATED');

    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: { cookie: session.cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().error.code).toBe('REFRESH_INVALID');
  });
});

describe('OpenAPI', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('documents every auth and user route with its tag, body and responses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = (path: string, method: string) => doc.paths[path]?.[method];
    const expected: [string, string, string, string[]][] = [
      ['/api/auth/email/start', 'post', 'auth', ['204', '400', '429']],
      ['/api/auth/login', 'post', 'auth', ['200', '400', '429']],
      ['/api/auth/refresh', 'get', 'auth', ['200', '204', '401', '403']],
      ['/api/auth/logout', 'post', 'auth', ['204', '403']],
      ['/api/auth/user', 'get', 'auth', ['200', '401']],
      ['/api/auth/providers', 'get', 'auth', ['200']],
      ['/api/user/change-name', 'patch', 'user', ['200', '400']],
      ['/api/user/change-email', 'patch', 'user', ['200', '204', '400', '409', '429']],
      ['/api/user/locale', 'patch', 'user', ['204', '400']],
    ];
    for (const [path, method, tag, statuses] of expected) {
      const op = operation(path, method);
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags).toEqual([tag]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(statuses));
    }
    const loginBody = operation('/api/auth/login', 'post').requestBody.content['application/json'].schema;
    expect(loginBody).toMatchObject({ additionalProperties: false, required: ['method', 'email', 'code'] });
  });
});
