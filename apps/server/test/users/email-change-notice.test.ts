import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { codeFromMail } from '../helpers/login.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

/*
 * Once an account's e-mail changes, its previous address is told, so whoever holds it notices a
 * change they did not make. Sent over SMTP to a real sink.
 */

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());
beforeEach(async () => {
  sink.mails.length = 0;
  t = await createTestApp({ SMTP_URL: sink.url });
});
afterEach(() => t.app.close());

const change = (me: TestUser, payload: { email: string; code?: string }) =>
  t.app.inject({ method: 'PATCH', url: '/api/user/change-email', headers: me.auth, payload });

async function changeTo(me: TestUser, email: string) {
  expect((await change(me, { email })).statusCode).toBe(204);
  const codeMail = await sink.waitForMail(email);
  return change(me, { email, code: codeFromMail(codeMail.text) });
}

describe('changing the account e-mail', () => {
  it('tells the previous address, in Spanish, which address the account now uses', async () => {
    const me = await createUser(t.app, { email: 'old@example.com', locale: 'es' });
    expect((await changeTo(me, 'nueva@example.com')).statusCode).toBe(200);
    const notice = await sink.waitForMail('old@example.com');
    expect(notice.subject).toBe('Se ha cambiado el correo de tu cuenta de Redacta');
    expect(notice.text).toContain('El correo de tu cuenta de Redacta ha cambiado a nueva@example.com.');
    expect(notice.html).toContain('<html lang="es">');
    // The new address got its code and nothing else.
    expect(sink.mails.filter((mail) => mail.to.includes('nueva@example.com'))).toHaveLength(1);
  });

  it('writes the notice in English for an English-speaking account', async () => {
    const me = await createUser(t.app, { email: 'old@example.com', locale: 'en' });
    expect((await changeTo(me, 'new@example.com')).statusCode).toBe(200);
    const notice = await sink.waitForMail('old@example.com');
    expect(notice.subject).toBe('The e-mail address of your Redacta account was changed');
    expect(notice.text).toContain('was changed to new@example.com');
  });

  it('tells nobody while the change is only asked for, or refused for a wrong code', async () => {
    const me = await createUser(t.app, { email: 'old@example.com' });
    expect((await change(me, { email: 'new@example.com' })).statusCode).toBe(204);
    await sink.waitForMail('new@example.com');
    expect((await change(me, { email: 'new@example.com', code: '000000' })).statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails.some((mail) => mail.to.includes('old@example.com'))).toBe(false);
  });
});
