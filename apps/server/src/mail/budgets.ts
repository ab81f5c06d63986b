import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { keyedLimit } from '../lib/rate-limits.ts';

const HOUR = 60 * 60 * 1000;

/** Invitation mails one address may receive in an hour, from every workspace and inviter together. */
export const INVITATION_MAILS_PER_ADDRESS_PER_HOUR = 4;

/**
 * How many mails one recipient may be sent, whatever route sends them (docs/product.md, "Limits").
 * Each is spent before the mail's code or link is made, so a refused mail changes nothing; past a
 * budget, RATE_LIMITED (429) says when to try again. Counted in the rate-limit store: with
 * REDIS_URL, shared by every instance.
 */
export interface MailBudgets {
  /** One code mail (sign-in or change of address) to `address`, whoever asks for it. */
  codeMail(address: string): Promise<void>;
  /** One invitation mail to `address`, sent by `senderId` (a new invitation or a resend). */
  invitationMail(address: string, senderId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailBudgets: MailBudgets;
  }
}

/** Decorates the app with its one set of mail budgets; registered after the rate-limit plugin. */
export const mailBudgetsPlugin = fp(async (app: FastifyInstance) => {
  const codesPerAddress = keyedLimit(app, {
    name: 'code-mail-address',
    max: app.config.RATE_LIMIT_CODE_REQUESTS_PER_HOUR,
    timeWindowMs: HOUR,
    refusal: 'Too many codes were sent to this address',
  });
  const invitationsPerAddress = keyedLimit(app, {
    name: 'invitation-mail-address',
    max: INVITATION_MAILS_PER_ADDRESS_PER_HOUR,
    timeWindowMs: HOUR,
    refusal: 'Too many invitations were sent to this address',
  });
  const invitationsPerSender = keyedLimit(app, {
    name: 'invitation-mail-sender',
    max: app.config.RATE_LIMIT_INVITATIONS_PER_HOUR,
    timeWindowMs: HOUR,
    refusal: 'You have sent too many invitations',
  });
  app.decorate('mailBudgets', {
    codeMail: codesPerAddress,
    async invitationMail(address, senderId) {
      await invitationsPerSender(senderId);
      await invitationsPerAddress(address);
    },
  } satisfies MailBudgets);
});
