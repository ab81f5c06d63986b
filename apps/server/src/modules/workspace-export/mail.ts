import type { Locale } from '@redacta/shared';
import type { OutgoingMail } from '../../mail/transport.ts';
import { escapeHtml } from '../../mail/templates/escape-html.ts';

const copy = {
  es: {
    subject: (workspace: string) => `La exportación de «${workspace}» está lista`,
    intro: (workspace: string) =>
      `Ya puedes descargar la exportación de «${workspace}»: un zip con sus proyectos, conversaciones, voces, conocimiento, plantillas y lotes.`,
    link: 'Descárgala en los ajustes del espacio de trabajo (con tu sesión iniciada):',
    outro: (days: number) => `El archivo se borra en ${days} días.`,
  },
  en: {
    subject: (workspace: string) => `The export of “${workspace}” is ready`,
    intro: (workspace: string) =>
      `You can now download the export of “${workspace}”: a zip with its projects, conversations, voices, knowledge, templates and batches.`,
    link: 'Download it in the workspace settings (signed in):',
    outro: (days: number) => `The file is deleted in ${days} days.`,
  },
} as const;

/** Tells the owner who asked that their workspace's export can be downloaded, in their language. */
export function exportReadyMail(options: {
  to: string;
  locale: Locale;
  workspace: string;
  link: string;
  keptDays: number;
}): OutgoingMail {
  const text = copy[options.locale];
  const intro = text.intro(options.workspace);
  const outro = text.outro(options.keptDays);
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
