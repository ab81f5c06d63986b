import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/mail/transport.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { requestCode } from '../helpers/login.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { invite, makePro } from '../invitations/invitation-helpers.ts';

/** Addresses a mailer would read as a list if it were handed them as a string. */
const LIST_IN_QUOTES = '"a", someone@else.test, "b"@example.test';
const COMMA_IN_QUOTES = '"a,b"@example.test';

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());
beforeEach(async () => {
  sink.mails.length = 0;
  t = await createTestApp({ SMTP_URL: sink.url, APP_URL: 'http://app.test' });
});
afterEach(() => t.app.close());

const changeEmail = (auth: { authorization: string }, email: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/user/change-email', headers: auth, payload: { email } });

describe('every mail the product sends goes to exactly one recipient', () => {
  it('sign-in code, change-of-address code and invitation: one RCPT TO each, to the address asked for', async () => {
    expect((await requestCode(t.app, 'code@example.test')).statusCode).toBe(204);
    const me = await createUser(t.app);
    expect((await changeEmail(me.auth, 'moved@example.test')).statusCode).toBe(204);
    await makePro(t.app, me.workspaceId);
    expect((await invite(t.app, me, me.workspaceId, 'guest@example.test')).statusCode).toBe(201);

    await sink.waitForMail('guest@example.test');
    expect(sink.mails.map((mail) => mail.to)).toEqual([
      ['code@example.test'],
      ['moved@example.test'],
      ['guest@example.test'],
    ]);
  });

  it.each([
    ['a comma inside quotes', COMMA_IN_QUOTES],
    ['a list inside quotes', LIST_IN_QUOTES],
    ['a display name and a list', '"x" <someone@else.test>, "b"@example.test'],
  ])('refuses %s with 400 on every route that mails, and mails nothing', async (_why, address) => {
    expect((await requestCode(t.app, address)).statusCode).toBe(400);
    const me = await createUser(t.app);
    expect((await changeEmail(me.auth, address)).statusCode).toBe(400);
    await makePro(t.app, me.workspaceId);
    const invited = await invite(t.app, me, me.workspaceId, address);
    expect(invited.statusCode).toBe(400);
    expect(invited.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });

    // A mail that does go out afterwards is the first the sink sees.
    expect((await requestCode(t.app, 'after@example.test')).statusCode).toBe(204);
    await sink.waitForMail('after@example.test');
    expect(sink.mails.map((mail) => mail.to)).toEqual([['after@example.test']]);
  });
});

describe('the SMTP transport', () => {
  it('hands nodemailer one structured address, so even a list-looking one is never several RCPTs', async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from: 'redacta@example.test', logger: t.app.log });
    const mail = { subject: 'Hola', text: 'Hola', html: '<p>Hola</p>' };

    // One recipient whose address the relay refuses, not three recipients it accepts.
    await expect(mailer.send({ ...mail, to: LIST_IN_QUOTES })).rejects.toThrow(/recipient/);
    await mailer.send({ ...mail, to: COMMA_IN_QUOTES });
    await mailer.send({ ...mail, to: 'last@example.test' });

    await sink.waitForMail('last@example.test');
    expect(sink.mails.map((sent) => sent.to)).toEqual([[COMMA_IN_QUOTES], ['last@example.test']]);
  });
});
