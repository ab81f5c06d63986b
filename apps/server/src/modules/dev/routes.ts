import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { isLoopback } from '../../lib/loopback.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * Development only: the mails the dev transport kept, newest first, so a newcomer can sign in
 * without an SMTP server. Never registered when NODE_ENV is production, and answered only to this
 * machine: a server opened to the network (HOST=0.0.0.0) must not hand its sign-in codes to anyone
 * who asks. Both the connection and the client it speaks for (behind a trusted proxy) must be local.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) {
      throw new AppError('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    }
  });

  app.get('/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = app.mailer.recent();
    const items = mails
      .map(
        (mail) => `<article><header><strong>${escapeHtml(mail.subject)}</strong><br>
<small>To ${escapeHtml(mail.to)} · ${escapeHtml(mail.sentAt)}</small></header>
<pre>${escapeHtml(mail.text)}</pre></article>`,
      )
      .join('\n');
    const empty = app.config.SMTP_URL
      ? '<p>SMTP_URL is set: mails go to your SMTP server, not here.</p>'
      : '<p>No mail yet. Request a sign-in code and reload.</p>';
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Dev mailbox · Redacta</title>
<style>body{font:14px/1.6 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #e2e8f0;border-radius:8px;padding:16px;margin:16px 0}pre{white-space:pre-wrap;background:#f8fafc;padding:12px;border-radius:8px}</style>
</head><body><h1>Dev mailbox</h1><p>The latest ${mails.length} mails sent by this server (development only).</p>
${items || empty}</body></html>`);
  });
};
