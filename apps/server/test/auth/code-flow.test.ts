import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authCodes, memberships, users, workspaces } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { codeFromMail, cookiePair, lastCodeTo, login, requestCode } from '../helpers/login.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

const APP_URL = 'http://app.test';
let t: TestApp;
afterEach(() => t.app.close());

/** A code that is not `code` (for wrong tries). */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in mail over SMTP', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  beforeEach(async () => {
    t = await createTestApp({ SMTP_URL: sink.url, APP_URL });
  });

  it('mails a code and a sign-in link in Spanish, and the code from the wire signs the new user up', async () => {
    const email = 'nueva@example.com';
    const start = await requestCode(t.app, email);
    expect(start.statusCode).toBe(204);
    expect(start.body).toBe('');

    const mail = await sink.waitForMail(email);
    expect(mail.to).toEqual([email]);
    const code = codeFromMail(mail.text);
    expect(mail.subject).toBe(`${code} es tu código de acceso a Redacta`);
    expect(mail.text).toContain('Usa este código para iniciar sesión en Redacta');
    expect(mail.text).toContain('El código caduca en 10 minutos');
    expect(mail.text).toContain(`${APP_URL}/login?email=${encodeURIComponent(email)}&code=${code}`);
    // The development mailbox stays empty when mail goes out over SMTP.
    expect(t.app.mailer.recent()).toEqual([]);

    const res = await login(t.app, email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accessToken: expect.any(String),
      user: { email, firstName: null, lastName: null, picture: null, isRegistration: true, locale: 'es' },
    });
    expect(cookiePair(res.headers['set-cookie'])).toMatch(/^redacta_refresh=.{40,}/);
  });

  it('writes in English when the code is asked for with locale en', async () => {
    const email = 'new@example.com';
    await requestCode(t.app, email, 'en');
    const mail = await sink.waitForMail(email);
    const code = codeFromMail(mail.text);
    expect(mail.subject).toBe(`${code} is your Redacta sign-in code`);
    expect(mail.text).toContain('Use this code to sign in to Redacta');
    expect(mail.text).toContain('Or open this link to sign in directly');
    expect(mail.text).not.toContain('código');
  });

  it('answers 503 in our shape, without internals, when the SMTP server is unreachable', async () => {
    await t.app.close();
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const res = await requestCode(t.app, 'ana@example.com');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: { code: 'INTERNAL' } });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });

  it('carries the code and the sign-in link, escaped, in the asked language', async () => {
    const email = 'html@example.com';
    await requestCode(t.app, email, 'en');
    const mail = await sink.waitForMail(email);
    const code = codeFromMail(mail.text);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain(`>${code}</p>`);
    // The "&" between the query parameters is escaped inside the attribute and the text.
    const link = `${APP_URL}/login?email=${encodeURIComponent(email)}&amp;code=${code}`;
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    expect(mail.html).not.toMatch(/&code=/);
  });
});

describe('code rules', () => {
  beforeEach(async () => {
    t = await createTestApp({ APP_URL });
  });

  it('answers 204 alike for an existing account and an unknown address (no enumeration)', async () => {
    await requestCode(t.app, 'ana@example.com');
    await login(t.app, 'ana@example.com', lastCodeTo(t.app, 'ana@example.com'));

    const existing = await requestCode(t.app, 'ana@example.com');
    const unknown = await requestCode(t.app, 'nadie@example.com');
    expect([existing.statusCode, unknown.statusCode]).toEqual([204, 204]);
    expect(existing.body).toBe(unknown.body);
    expect(existing.headers['content-type']).toBe(unknown.headers['content-type']);
  });

  it('normalises the address: upper case and spaces reach the same account', async () => {
    await requestCode(t.app, '  Ana@Example.COM ');
    const res = await login(t.app, 'ana@example.com', lastCodeTo(t.app, 'ana@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('ana@example.com');
  });

  it('rejects a wrong code with 400 CODE_INVALID', async () => {
    await requestCode(t.app, 'ana@example.com');
    const code = lastCodeTo(t.app, 'ana@example.com');
    const res = await login(t.app, 'ana@example.com', other(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'CODE_INVALID', message: expect.any(String) } });
    // The right code still works after one wrong try.
    expect((await login(t.app, 'ana@example.com', code)).statusCode).toBe(200);
  });

  it('rejects a code for an address that never asked for one', async () => {
    const res = await login(t.app, 'ana@example.com', '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_INVALID');
  });

  it('rejects an expired code with CODE_EXPIRED', async () => {
    await requestCode(t.app, 'ana@example.com');
    const code = lastCodeTo(t.app, 'ana@example.com');
    await t.app.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.email, 'ana@example.com'));
    const res = await login(t.app, 'ana@example.com', code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_EXPIRED');
  });

  it('gives a code ten minutes', async () => {
    const before = Date.now();
    await requestCode(t.app, 'ana@example.com');
    const [row] = await t.app.db.select().from(authCodes).where(eq(authCodes.email, 'ana@example.com'));
    const ttl = row!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 2_000);
  });

  it('kills the code after five wrong tries: the right code then gets CODE_ATTEMPTS_EXCEEDED', async () => {
    await requestCode(t.app, 'ana@example.com');
    const code = lastCodeTo(t.app, 'ana@example.com');
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await login(t.app, 'ana@example.com', other(code))).json().error.code);
    }
    expect(answers).toEqual([
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_ATTEMPTS_EXCEEDED',
    ]);
    const res = await login(t.app, 'ana@example.com', code);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
    expect(await t.app.db.select().from(users)).toHaveLength(0);
  });

  it('lets the right code in after four wrong tries', async () => {
    await requestCode(t.app, 'ana@example.com');
    const code = lastCodeTo(t.app, 'ana@example.com');
    for (let i = 0; i < 4; i += 1) await login(t.app, 'ana@example.com', other(code));
    expect((await login(t.app, 'ana@example.com', code)).statusCode).toBe(200);
  });

  it('uses a code once: the same code again is CODE_INVALID', async () => {
    await requestCode(t.app, 'ana@example.com');
    const code = lastCodeTo(t.app, 'ana@example.com');
    expect((await login(t.app, 'ana@example.com', code)).statusCode).toBe(200);
    const again = await login(t.app, 'ana@example.com', code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('CODE_INVALID');
  });

  it('lets only one of two simultaneous sign-ins with the same code through', async () => {
    await requestCode(t.app, 'ana@example.com');
    const code = lastCodeTo(t.app, 'ana@example.com');
    const results = await Promise.all([
      login(t.app, 'ana@example.com', code),
      login(t.app, 'ana@example.com', code),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(await t.app.db.select().from(users)).toHaveLength(1);
  });

  it('counts simultaneous wrong tries without letting more than five through', async () => {
    await requestCode(t.app, 'ana@example.com');
    const code = lastCodeTo(t.app, 'ana@example.com');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => login(t.app, 'ana@example.com', other(code))),
    );
    expect(results.every((res) => res.statusCode === 400)).toBe(true);
    const [row] = await t.app.db.select().from(authCodes).where(eq(authCodes.email, 'ana@example.com'));
    expect(row!.attempts).toBe(5);
    expect((await login(t.app, 'ana@example.com', code)).json().error.code).toBe('CODE_ATTEMPTS_EXCEEDED');
  });

  it('lets a new request supersede the older code', async () => {
    await requestCode(t.app, 'ana@example.com');
    const first = lastCodeTo(t.app, 'ana@example.com');
    await requestCode(t.app, 'ana@example.com');
    const second = lastCodeTo(t.app, 'ana@example.com');
    expect(t.app.mailer.recent().filter((mail) => mail.to === 'ana@example.com')).toHaveLength(2);
    if (first !== second) {
      const old = await login(t.app, 'ana@example.com', first);
      expect(old.statusCode).toBe(400);
      expect(old.json().error.code).toBe('CODE_INVALID');
    }
    const rows = await t.app.db.select().from(authCodes).where(eq(authCodes.email, 'ana@example.com'));
    expect(rows.filter((row) => row.consumedAt === null)).toHaveLength(1);
    expect((await login(t.app, 'ana@example.com', second)).statusCode).toBe(200);
  });

  it('does not accept a code of one address for another', async () => {
    await requestCode(t.app, 'ana@example.com');
    await requestCode(t.app, 'bob@example.com');
    const anaCode = lastCodeTo(t.app, 'ana@example.com');
    const bobCode = lastCodeTo(t.app, 'bob@example.com');
    if (anaCode !== bobCode) {
      expect((await login(t.app, 'bob@example.com', anaCode)).json().error.code).toBe('CODE_INVALID');
    }
    expect((await login(t.app, 'bob@example.com', bobCode)).statusCode).toBe(200);
  });

  it('stores codes hashed: the row does not hold the code', async () => {
    await requestCode(t.app, 'ana@example.com');
    const code = lastCodeTo(t.app, 'ana@example.com');
    const rows = await t.app.db.select().from(authCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('registers on the first sign-in and logs in on the next: one user, one personal workspace', async () => {
    await requestCode(t.app, 'ana@example.com');
    const first = await login(t.app, 'ana@example.com', lastCodeTo(t.app, 'ana@example.com'));
    expect(first.json().user.isRegistration).toBe(true);

    await requestCode(t.app, 'ana@example.com');
    const second = await login(t.app, 'ana@example.com', lastCodeTo(t.app, 'ana@example.com'));
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ id: first.json().user.id, isRegistration: false });

    expect(await t.app.db.select().from(users)).toHaveLength(1);
    const owned = await t.app.db.select().from(workspaces);
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({
      name: 'Mi espacio de trabajo',
      ownerId: first.json().user.id,
      plan: 'free',
    });
    const members = await t.app.db.select().from(memberships);
    expect(members).toMatchObject([{ workspaceId: owned[0]!.id, userId: first.json().user.id }]);
  });

  it('names the personal workspace in English for a user who signs up in English', async () => {
    await requestCode(t.app, 'ann@example.com', 'en');
    const res = await login(t.app, 'ann@example.com', lastCodeTo(t.app, 'ann@example.com'));
    expect(res.json().user).toMatchObject({ isRegistration: true, locale: 'en' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/workspace/list',
      headers: { authorization: `Bearer ${res.json().accessToken}` },
    });
    expect(list.json().map((w: { name: string }) => w.name)).toEqual(['My workspace']);
  });

  it('answers a phone number with 400 PHONE_LOGIN_UNSUPPORTED and the Spanish message', async () => {
    for (const phone of ['+34 612 345 678', '612345678', '(612) 34-56-78']) {
      const res = await requestCode(t.app, phone);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: {
          code: 'PHONE_LOGIN_UNSUPPORTED',
          message: 'El inicio de sesión con número de teléfono no está disponible',
        },
      });
    }
    expect(t.app.mailer.recent()).toEqual([]);
    const loginWithPhone = await login(t.app, '+34 612 345 678', '123456');
    expect(loginWithPhone.json().error.code).toBe('PHONE_LOGIN_UNSUPPORTED');
  });

  it('answers an invalid e-mail with 400 VALIDATION_FAILED and mails nothing', async () => {
    for (const email of ['ana', 'ana@example', 'ana@@example.com', 'ana example@x.com', '']) {
      const res = await requestCode(t.app, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error.code, email).toBe('VALIDATION_FAILED');
    }
    expect(t.app.mailer.recent()).toEqual([]);
    expect(await t.app.db.select().from(authCodes)).toHaveLength(0);
  });

  it('rejects malformed bodies with 400 in the error shape', async () => {
    const cases = [
      { url: '/api/auth/email/start', payload: { email: 'ana@example.com', extra: 1 } },
      { url: '/api/auth/email/start', payload: { email: 'ana@example.com', locale: 'fr' } },
      { url: '/api/auth/email/start', payload: {} },
      { url: '/api/auth/login', payload: { method: 'email', email: 'ana@example.com', code: '12345' } },
      { url: '/api/auth/login', payload: { method: 'sms', email: 'ana@example.com', code: '123456' } },
      { url: '/api/auth/login', payload: { method: 'email', email: 'a@b.co', code: '123456', admin: true } },
    ];
    for (const { url, payload } of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
    }
    const unknownKey = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/start',
      payload: { email: 'ana@example.com', extra: 1 },
    });
    expect(unknownKey.json().error.issues).toEqual(expect.arrayContaining([expect.any(Object)]));

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email/start',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "ana@example.com"',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: expect.any(String), requestId: expect.any(String) },
    });
    expect(t.app.mailer.recent()).toEqual([]);
  });
});
