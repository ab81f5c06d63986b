import { appendFileSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { freePort } from '../../apps/server/test/helpers/free-port.ts';

/** One mail as the sink saw it; what the specs read back through mailbox.ts. */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface SmtpSink {
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the server's nodemailer crosses the same wire as in production).
 * Every accepted mail is parsed and appended as one JSON line to `mailFile`, which tests in other
 * processes (Playwright workers) read.
 */
export async function startSmtpSink(mailFile: string): Promise<SmtpSink> {
  writeFileSync(mailFile, '');
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          };
          appendFileSync(mailFile, `${JSON.stringify(mail)}\n`);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
