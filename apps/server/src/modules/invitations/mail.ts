import { INVITATION_VALID_DAYS, type Locale } from '@redacta/shared';
import { escapeHtml } from '../../mail/templates/escape-html.ts';
import type { OutgoingMail } from '../../mail/transport.ts';

interface InvitationMailCopy {
  subject: (inviter: string, workspace: string) => string;
  intro: (inviter: string, workspace: string) => string;
  action: string;
  outro: string;
}

const copy: Record<Locale, InvitationMailCopy> = {
  es: {
    subject: (inviter, workspace) => `${inviter} te ha invitado a ${workspace} en Redacta`,
    intro: (inviter, workspace) =>
      `${inviter} te ha invitado a unirte al espacio de trabajo «${workspace}» en Redacta.`,
    action: 'Abre este enlace para aceptar la invitación:',
    outro: `La invitación caduca en ${INVITATION_VALID_DAYS} días y solo sirve para esta dirección de correo. Si no la esperabas, ignora este correo.`,
  },
  en: {
    subject: (inviter, workspace) => `${inviter} invited you to ${workspace} on Redacta`,
    intro: (inviter, workspace) => `${inviter} invited you to join the workspace "${workspace}" on Redacta.`,
    action: 'Open this link to accept the invitation:',
    outro: `The invitation expires in ${INVITATION_VALID_DAYS} days and works only for this e-mail address. If you did not expect it, ignore this e-mail.`,
  },
};

/**
 * The invitation e-mail, in the inviter's language (the invited person may have no account yet, so
 * theirs is unknown): plain text plus a simple HTML version, like the sign-in code mail.
 */
export function invitationMail(options: {
  to: string;
  inviterName: string;
  workspaceName: string;
  link: string;
  locale: Locale;
}): OutgoingMail {
  const text = copy[options.locale];
  const intro = text.intro(options.inviterName, options.workspaceName);
  return {
    to: options.to,
    subject: text.subject(options.inviterName, options.workspaceName),
    text: [intro, '', text.action, options.link, '', text.outro, '', '— Redacta'].join('\n'),
    html: `<!doctype html><html lang="${options.locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(text.action)}<br><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>
<p style="color:#64748b">${escapeHtml(text.outro)}</p><p>— Redacta</p></body></html>`,
  };
}
