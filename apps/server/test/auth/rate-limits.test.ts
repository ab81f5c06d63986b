import { randomInt, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { lastCodeTo, login, requestCode } from '../helpers/login.ts';

const opened: TestApp[] = [];
async function open(env: Record<string, string>) {
  const t = await createTestApp(env);
  opened.push(t);
  return t;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.app.close()));
});

/** Every refusal says when to try again, in a `Retry-After` header of seconds within the window. */
const expectRateLimited = (res: {
  statusCode: number;
  json: () => unknown;
  headers: Record<string, unknown>;
}) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60 * 60);
};

describe('code requests per e-mail', () => {
  it('refuses a third request within the hour with 429 in our shape; another address still gets its code', async () => {
    const { app } = await open({ RATE_LIMIT_CODE_REQUESTS_PER_HOUR: '2' });
    expect((await requestCode(app, 'ana@example.com')).statusCode).toBe(204);
    expect((await requestCode(app, 'ana@example.com')).statusCode).toBe(204);
    expectRateLimited(await requestCode(app, 'ana@example.com'));
    // Counted per address, whatever case it is typed in.
    expectRateLimited(await requestCode(app, 'ANA@example.com'));
    expect(app.mailer.recent().filter((mail) => mail.to === 'ana@example.com')).toHaveLength(2);

    expect((await requestCode(app, 'bob@example.com')).statusCode).toBe(204);
    expect(app.mailer.recent()[0]!.to).toBe('bob@example.com');
  });

  it('also caps requests per IP across addresses (six times the per-address limit)', async () => {
    const { app } = await open({ RATE_LIMIT_CODE_REQUESTS_PER_HOUR: '1' });
    for (let i = 0; i < 6; i += 1) {
      expect((await requestCode(app, `user${i}@example.com`)).statusCode).toBe(204);
    }
    expectRateLimited(await requestCode(app, 'user6@example.com'));
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/email/start',
      payload: { email: 'user6@example.com' },
      remoteAddress: '10.1.2.3',
    });
    expect(elsewhere.statusCode).toBe(204);
  });
});

describe('code mails per address', () => {
  it('are one budget for sign-in and change-of-address codes, whoever asks; the refusal says when to retry', async () => {
    const { app } = await open({ RATE_LIMIT_CODE_REQUESTS_PER_HOUR: '3' });
    const target = 'target@example.com';
    const changeEmail = (user: TestUser, code?: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/user/change-email',
        headers: user.auth,
        payload: code ? { email: target, code } : { email: target },
      });
    const ana = await createUser(app);
    const bob = await createUser(app);

    expect((await requestCode(app, target)).statusCode).toBe(204);
    expect((await changeEmail(ana)).statusCode).toBe(204);
    expect((await changeEmail(bob)).statusCode).toBe(204);
    const refused = await requestCode(app, 'Target@Example.com');
    expectRateLimited(refused);
    expect(refused.json().error.message).toMatch(
      /^Too many codes were sent to this address; try again in \d+ minutes$/,
    );
    expectRateLimited(await changeEmail(ana));
    expect(app.mailer.recent().filter((mail) => mail.to === target)).toHaveLength(3);

    // A refusal makes no code: the last one mailed still works.
    const changed = await changeEmail(bob, lastCodeTo(app, target));
    expect(changed.statusCode, changed.body).toBe(200);
  });
});

describe('login attempts', () => {
  it('refuses login attempts from one IP beyond the limit, even the right code, while another IP goes on', async () => {
    const { app } = await open({ RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN: '3' });
    await requestCode(app, 'ana@example.com');
    const code = lastCodeTo(app, 'ana@example.com');
    for (const email of ['x1@example.com', 'x2@example.com', 'x3@example.com']) {
      expect((await login(app, email, '000000')).statusCode).toBe(400);
    }
    expectRateLimited(await login(app, 'ana@example.com', code));

    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { method: 'email', email: 'ana@example.com', code },
      remoteAddress: '10.9.8.7',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses login attempts for one address beyond the limit, whatever the IP', async () => {
    const { app } = await open({ RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN: '3' });
    for (let i = 0; i < 3; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { method: 'email', email: 'ana@example.com', code: '000000' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { method: 'email', email: 'ana@example.com', code: '000000' },
      remoteAddress: '10.0.0.99',
    });
    expectRateLimited(res);
  });
});

describe('with Redis', () => {
  it('shares the per-e-mail counter between two app instances', async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379', RATE_LIMIT_CODE_REQUESTS_PER_HOUR: '2' };
    const first = await open(env);
    const second = await open(env);
    // Redis outlives the run: a fresh address and IP each time keep earlier runs' counters out.
    const email = `redis-${randomUUID()}@example.com`;
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const ask = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/auth/email/start', payload: { email }, remoteAddress });

    expect((await ask(first)).statusCode).toBe(204);
    expect((await ask(second)).statusCode).toBe(204);
    expectRateLimited(await ask(first));
    expectRateLimited(await ask(second));
  });
});
