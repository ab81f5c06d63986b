import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  /** One recipient's address, never a list. */
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail extends OutgoingMail {
  from: string;
  sentAt: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** The latest mails, newest first: only the development transport keeps them (for /dev/mailbox). */
  recent(): SentMail[];
}

const DEV_MAILBOX_SIZE = 50;

/** SMTP when SMTP_URL is set; otherwise mails are printed to the log and kept for the dev mailbox. */
export function createMailer(options: { smtpUrl?: string; from: string; logger: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        // One structured address: nodemailer parses a string as an address list, so a crafted "address"
        // could become several recipients; an object is taken as exactly one.
        await transport.sendMail({ ...mail, from: options.from, to: { name: '', address: mail.to } });
      },
      recent: () => [],
    };
  }
  const kept: SentMail[] = [];
  return {
    async send(mail) {
      const sent = { ...mail, from: options.from, sentAt: new Date().toISOString() };
      kept.unshift(sent);
      kept.length = Math.min(kept.length, DEV_MAILBOX_SIZE);
      options.logger.info({ to: mail.to, subject: mail.subject }, `dev mail\n${mail.text}`);
    },
    recent: () => [...kept],
  };
}
