import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { resolveLocale, type Locale } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { users, webhookEndpoints, workspaces } from '../../db/schema.ts';
import { escapeHtml } from '../../mail/templates/escape-html.ts';
import type { Mailer, OutgoingMail } from '../../mail/transport.ts';

interface TurnedOffCopy {
  subject: string;
  body: (url: string, workspace: string) => string;
  action: string;
}

const copy: Record<Locale, TurnedOffCopy> = {
  es: {
    subject: 'Hemos desactivado un webhook de tu espacio de trabajo',
    body: (url, workspace) =>
      `Las entregas al webhook ${url} de «${workspace}» han fallado una y otra vez, así que lo hemos desactivado y ya no recibe eventos.`,
    action:
      'Cuando el receptor vuelva a responder, actívalo de nuevo en la configuración del espacio de trabajo:',
  },
  en: {
    subject: 'A webhook of your workspace was turned off',
    body: (url, workspace) =>
      `Deliveries to the webhook ${url} of "${workspace}" kept failing, so it was turned off and no longer receives events.`,
    action: 'Once the receiver answers again, turn it back on in the workspace settings:',
  },
};

/** The mail a workspace's owner gets when one of its endpoints was turned off after repeated failures. */
export function endpointTurnedOffMail(options: {
  to: string;
  locale: Locale;
  url: string;
  workspace: string;
  link: string;
}): OutgoingMail {
  const text = copy[options.locale];
  const body = text.body(options.url, options.workspace);
  return {
    to: options.to,
    subject: text.subject,
    text: [body, '', text.action, options.link, '', '— Redacta'].join('\n'),
    html: `<!doctype html><html lang="${options.locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(text.action)}<br><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>
<p>— Redacta</p></body></html>`,
  };
}

/**
 * Mails the workspace's owner that the endpoint was turned off, in their language. A failed send is
 * logged: the endpoint shows it is off (and why) in the settings whatever becomes of the mail.
 */
export async function mailEndpointTurnedOff(
  deps: { db: Db; mailer: Mailer; appUrl: string; log: FastifyBaseLogger },
  endpointId: string,
): Promise<void> {
  const [row] = await deps.db
    .select({
      url: webhookEndpoints.url,
      workspace: workspaces.name,
      email: users.email,
      locale: users.locale,
    })
    .from(webhookEndpoints)
    .innerJoin(workspaces, eq(workspaces.id, webhookEndpoints.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(webhookEndpoints.id, endpointId));
  if (!row) return;
  try {
    await deps.mailer.send(
      endpointTurnedOffMail({
        to: row.email,
        locale: resolveLocale(row.locale),
        url: row.url,
        workspace: row.workspace,
        link: new URL('/workspace-settings', deps.appUrl).href,
      }),
    );
  } catch (error) {
    deps.log.warn({ err: error, endpointId }, 'the mail saying a webhook was turned off could not be sent');
  }
}
