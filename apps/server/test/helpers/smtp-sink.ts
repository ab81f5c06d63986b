import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as it crossed the wire. */
export interface SinkMail {
  to: string[];
  subject: string;
  text: string;
  /** The HTML alternative, as sent (empty when the mail had none). */
  html: string;
}

export interface SmtpSink {
  /** For `SMTP_URL`. */
  url: string;
  mails: SinkMail[];
  /** Resolves with the first mail (already caught or still to come) addressed to `to`. */
  waitForMail(to: string, timeoutMs?: number): Promise<SinkMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1, not a stub of our mailer: the app's nodemailer transport talks
 * SMTP to it exactly as it would to a relay, and each mail is parsed back (MIME, encodings).
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const waiters: { to: string; resolve: (mail: SinkMail) => void }[] = [];

  const deliver = (mail: SinkMail) => {
    mails.push(mail);
    for (const waiter of [...waiters]) {
      if (mail.to.includes(waiter.to)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(mail);
      }
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          deliver({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(to, timeoutMs = 5_000) {
      const address = to.toLowerCase();
      const caught = mails.find((mail) => mail.to.includes(address));
      if (caught) return Promise.resolve(caught);
      return new Promise<SinkMail>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to: address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
