import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { codeFromMail, lastCodeTo, login, requestCode, signUp } from '../helpers/login.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

const issuesByPath = (error: { issues?: { path: string; message: string }[] }) =>
  Object.fromEntries((error.issues ?? []).map((issue) => [issue.path, issue.message]));

const patch = (url: string, auth: { authorization: string } | undefined, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url, headers: auth ?? {}, payload: payload as object });

describe('PATCH /api/user/change-name', () => {
  it('saves trimmed names, answers {id, firstName, lastName}, and GET /api/auth/user reflects them', async () => {
    const me = await signUp(t.app, 'ana@example.com');
    const res = await patch('/api/user/change-name', me.auth, {
      firstName: '  María José ',
      lastName: "O'Neill-Núñez",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: me.user.id, firstName: 'María José', lastName: "O'Neill-Núñez" });

    const current = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: me.auth });
    expect(current.json()).toMatchObject({
      firstName: 'María José',
      lastName: "O'Neill-Núñez",
      name: "María José O'Neill-Núñez",
    });
  });

  it('needs a bearer token', async () => {
    const res = await patch('/api/user/change-name', undefined, { firstName: 'Ana', lastName: 'García' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answers empty names with 400 VALIDATION_FAILED and “This field is required” on each field', async () => {
    const me = await createUser(t.app, { firstName: 'Ana', lastName: 'García' });
    const res = await patch('/api/user/change-name', me.auth, { firstName: '   ', lastName: '' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(issuesByPath(error)).toEqual({
      firstName: 'This field is required',
      lastName: 'This field is required',
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ firstName: 'Ana', lastName: 'García' });
  });

  it('answers a name over 50 characters with the limit and its length', async () => {
    const me = await createUser(t.app);
    const res = await patch('/api/user/change-name', me.auth, {
      firstName: 'A'.repeat(51),
      lastName: 'García',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Enter a valid first name or last name: At most 50 characters (now 51)',
    );
    expect(issuesByPath(res.json().error)).toEqual({ firstName: 'At most 50 characters (now 51)' });
    const fifty = await patch('/api/user/change-name', me.auth, {
      firstName: 'A'.repeat(50),
      lastName: 'García',
    });
    expect(fifty.statusCode).toBe(200);
  });

  it('answers digits or symbols on that field only, naming the characters not allowed or the rule broken', async () => {
    const me = await createUser(t.app, { firstName: 'Ana', lastName: 'García' });
    const notAllowed = 'A name takes only letters, spaces, apostrophes, hyphens and dots. Not allowed:';
    for (const [bad, why] of [
      ['Ana3', `${notAllowed} 3`],
      ['R2-D2', `${notAllowed} 2`],
      ['Ana!', `${notAllowed} !`],
      ['<b>Ana</b>', `${notAllowed} < > /`],
      ['@ana', `${notAllowed} @`],
      ['Ana\u00a0\u200bLópez', `${notAllowed} U+00A0 U+200B`],
      ['-Ana', 'Start with a letter'],
      ['a'.repeat(51), 'At most 50 characters (now 51)'],
    ]) {
      const res = await patch('/api/user/change-name', me.auth, { firstName: 'Ana', lastName: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `Enter a valid first name or last name: ${why}`,
        issues: [{ path: 'lastName', message: why }],
      });
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.lastName).toBe('García');
  });

  it('rejects unknown keys and missing fields with 400 in the error shape', async () => {
    const me = await createUser(t.app);
    for (const payload of [
      { firstName: 'Ana', lastName: 'García', email: 'x@example.com' },
      { firstName: 'Ana' },
      { firstName: 'Ana', lastName: 7 },
      { firstName: 'Ana', lastName: 'x'.repeat(10_000) },
    ]) {
      const res = await patch('/api/user/change-name', me.auth, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
    }
  });
});

describe('PATCH /api/user/change-email', () => {
  it('mails a code to the new address, changes it with that code, and then only the new address signs in', async () => {
    const me = await signUp(t.app, 'old@example.com');
    const asked = await patch('/api/user/change-email', me.auth, { email: 'New@Example.com' });
    expect(asked.statusCode).toBe(204);
    const [mail, ...rest] = t.app.mailer.recent().filter((sent) => sent.to === 'new@example.com');
    expect(rest).toHaveLength(0);
    expect(mail!.subject).toContain('es tu código para confirmar el nuevo correo');
    expect(t.app.mailer.recent()[0]!.to).toBe('new@example.com');

    const done = await patch('/api/user/change-email', me.auth, {
      email: 'new@example.com',
      code: codeFromMail(mail!.text),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: 'new@example.com' });
    const current = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: me.auth });
    expect(current.json()).toMatchObject({ id: me.user.id, email: 'new@example.com' });

    const viaNew = await signUp(t.app, 'new@example.com');
    expect(viaNew.user).toMatchObject({ id: me.user.id, isRegistration: false });

    // The old address no longer reaches this account: it would register a new one.
    const viaOld = await signUp(t.app, 'old@example.com');
    expect(viaOld.user.id).not.toBe(me.user.id);
    expect(viaOld.user.isRegistration).toBe(true);
  });

  it('writes the change-email code in the user’s language', async () => {
    const me = await createUser(t.app, { locale: 'en' });
    await patch('/api/user/change-email', me.auth, { email: 'new@example.com' });
    expect(t.app.mailer.recent()[0]!.subject).toMatch(/^\d{6} is your code to confirm your new e-mail$/);
  });

  it('refuses another account’s address with 409 EMAIL_TAKEN and the Spanish message, before mailing', async () => {
    await createUser(t.app, { email: 'taken@example.com' });
    const me = await createUser(t.app);
    const res = await patch('/api/user/change-email', me.auth, { email: 'TAKEN@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: {
        code: 'EMAIL_TAKEN',
        message: 'Ya existe una cuenta con esta dirección de correo electrónico',
      },
    });
    expect(t.app.mailer.recent()).toEqual([]);
  });

  it('refuses the address when another account took it between the code and the confirmation', async () => {
    const me = await createUser(t.app);
    await patch('/api/user/change-email', me.auth, { email: 'new@example.com' });
    const code = lastCodeTo(t.app, 'new@example.com');
    await createUser(t.app, { email: 'new@example.com' });
    const res = await patch('/api/user/change-email', me.auth, { email: 'new@example.com', code });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_TAKEN');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.email).toBe(me.email);
  });

  it('does not take a sign-in code as a change-email code', async () => {
    const me = await createUser(t.app);
    await requestCode(t.app, 'new@example.com');
    const signInCode = lastCodeTo(t.app, 'new@example.com');
    const res = await patch('/api/user/change-email', me.auth, {
      email: 'new@example.com',
      code: signInCode,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_INVALID');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.email).toBe(me.email);
    // Nor a change-email code as a sign-in code.
    await patch('/api/user/change-email', me.auth, { email: 'other@example.com' });
    const changeCode = lastCodeTo(t.app, 'other@example.com');
    expect((await login(t.app, 'other@example.com', changeCode)).json().error.code).toBe('CODE_INVALID');
  });

  it('does not let one user confirm with a code mailed for another user’s change', async () => {
    const ana = await createUser(t.app);
    const bob = await createUser(t.app);
    await patch('/api/user/change-email', ana.auth, { email: 'new@example.com' });
    const code = lastCodeTo(t.app, 'new@example.com');
    const res = await patch('/api/user/change-email', bob.auth, { email: 'new@example.com', code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_INVALID');
  });

  it('rejects a wrong code with CODE_INVALID and keeps the address', async () => {
    const me = await createUser(t.app);
    await patch('/api/user/change-email', me.auth, { email: 'new@example.com' });
    const code = lastCodeTo(t.app, 'new@example.com');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await patch('/api/user/change-email', me.auth, { email: 'new@example.com', code: wrong });
    expect(res.json().error.code).toBe('CODE_INVALID');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.email).toBe(me.email);
  });

  it('answers the current address with 400 EMAIL_UNCHANGED', async () => {
    const me = await createUser(t.app, { email: 'ana@example.com' });
    const res = await patch('/api/user/change-email', me.auth, { email: ' Ana@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('EMAIL_UNCHANGED');
    expect(t.app.mailer.recent()).toEqual([]);
  });

  it('answers an invalid address or a phone number with 400', async () => {
    const me = await createUser(t.app);
    const invalid = await patch('/api/user/change-email', me.auth, { email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('VALIDATION_FAILED');
    const phone = await patch('/api/user/change-email', me.auth, { email: '+34 612 345 678' });
    expect(phone.json().error.code).toBe('PHONE_LOGIN_UNSUPPORTED');
  });
});

describe('change-email rate limit', () => {
  it('caps code requests and confirmations per user (429 in our shape); another user goes on', async () => {
    await t.app.close();
    t = await createTestApp({ RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN: '2' });
    const me = await createUser(t.app);
    for (const email of ['one@example.com', 'two@example.com']) {
      expect((await patch('/api/user/change-email', me.auth, { email })).statusCode).toBe(204);
    }
    const third = await patch('/api/user/change-email', me.auth, { email: 'three@example.com' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
    expect(t.app.mailer.recent().map((mail) => mail.to)).not.toContain('three@example.com');

    const other = await createUser(t.app);
    expect(
      (await patch('/api/user/change-email', other.auth, { email: 'four@example.com' })).statusCode,
    ).toBe(204);
  });
});

describe('PATCH /api/user/locale', () => {
  it('answers 204, and the next sign-in mail asked without a locale is in English', async () => {
    const me = await signUp(t.app, 'ana@example.com');
    await requestCode(t.app, 'ana@example.com');
    expect(t.app.mailer.recent()[0]!.subject).toMatch(/^\d{6} es tu código de acceso/);

    const res = await patch('/api/user/locale', me.auth, { locale: 'en' });
    expect(res.statusCode).toBe(204);
    await requestCode(t.app, 'ana@example.com');
    const [mail] = t.app.mailer.recent();
    expect(mail!.subject).toMatch(/^\d{6} is your Redacta sign-in code$/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: me.auth })).json().locale,
    ).toBe('en');
  });

  it('lets a locale asked for explicitly win over the saved one', async () => {
    const me = await signUp(t.app, 'ana@example.com', 'en');
    expect(me.user.locale).toBe('en');
    await requestCode(t.app, 'ana@example.com', 'es');
    expect(t.app.mailer.recent()[0]!.subject).toMatch(/es tu código de acceso/);
  });

  it('rejects an unsupported locale with 400 and needs a token', async () => {
    const me = await createUser(t.app);
    const res = await patch('/api/user/locale', me.auth, { locale: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await patch('/api/user/locale', undefined, { locale: 'en' })).statusCode).toBe(401);
  });
});
