import { WORKSPACE_EXPORT_KEPT_DAYS, type Locale } from '@redacta/shared';
import type { OutgoingMail } from '../../mail/transport.ts';
import { escapeHtml } from '../../mail/templates/escape-html.ts';

const copy = {
  es: {
    subject: (workspace: string) => `La exportación de «${workspace}» está lista`,
    intro: (workspace: string) =>
      `Ya puedes descargar la exportación de «${workspace}»: un zip con sus proyectos, conversaciones, voces, conocimiento, plantillas y lotes.`,
    link: 'Descárgala aquí (con tu sesión iniciada; si no lo está, inicias sesión y la descarga empieza):',
    outro: (days: number, date: string) =>
      `El archivo se guarda ${days} días: se borra el ${date} (UTC), y el enlace deja de funcionar.`,
  },
  en: {
    subject: (workspace: string) => `The export of “${workspace}” is ready`,
    intro: (workspace: string) =>
      `You can now download the export of “${workspace}”: a zip with its projects, conversations, voices, knowledge, templates and batches.`,
    link: 'Download it here (signed in; if you are not, you sign in and the download starts):',
    outro: (days: number, date: string) =>
      `The file is kept ${days} days: it is deleted on ${date} (UTC), and the link stops working.`,
  },
} as const;

/**
 * The web page that downloads an export as soon as it opens, behind sign-in like every page: no
 * token of its own, as the download needs the owner's session anyway (ADR 0041).
 */
export const exportDownloadLink = (appUrl: string, workspaceId: string, exportId: string) =>
  `${appUrl}/exports/${workspaceId}/${exportId}`;

/** Tells the owner who asked that their workspace's export can be downloaded, in their language. */
export function exportReadyMail(options: {
  to: string;
  locale: Locale;
  workspace: string;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const text = copy[options.locale];
  const intro = text.intro(options.workspace);
  const date = new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(options.expiresAt);
  const outro = text.outro(WORKSPACE_EXPORT_KEPT_DAYS, date);
  return {
    to: options.to,
    subject: text.subject(options.workspace),
    text: [intro, '', text.link, options.link, '', outro, '', '— Redacta'].join('\n'),
    html: `<!doctype html><html lang="${options.locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(text.link)}<br><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>
<p style="color:#64748b">${escapeHtml(outro)}</p><p>— Redacta</p></body></html>`,
  };
}
