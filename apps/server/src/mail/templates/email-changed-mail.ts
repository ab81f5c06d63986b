import type { Locale } from '@redacta/shared';
import type { OutgoingMail } from '../transport.ts';
import { escapeHtml } from './escape-html.ts';

const copy = {
  es: {
    subject: 'Se ha cambiado el correo de tu cuenta de Redacta',
    intro: (to: string) =>
      `El correo de tu cuenta de Redacta ha cambiado a ${to}. A partir de ahora, los códigos de acceso llegan a esa dirección.`,
    outro:
      'Si has sido tú, no tienes que hacer nada. Si no, responde a este correo cuanto antes para recuperar tu cuenta.',
  },
  en: {
    subject: 'The e-mail address of your Redacta account was changed',
    intro: (to: string) =>
      `The e-mail address of your Redacta account was changed to ${to}. Sign-in codes now go to that address.`,
    outro:
      'If this was you, there is nothing to do. If not, reply to this e-mail at once to recover your account.',
  },
} as const;

/**
 * The notice to an account's previous address once its e-mail has changed, in the account's
 * language: whoever held the old address hears of the change, so a change they did not make does not
 * go unnoticed.
 */
export function emailChangedMail(options: { to: string; newEmail: string; locale: Locale }): OutgoingMail {
  const text = copy[options.locale];
  const intro = text.intro(options.newEmail);
  return {
    to: options.to,
    subject: text.subject,
    text: [intro, '', text.outro, '', '— Redacta'].join('\n'),
    html: `<!doctype html><html lang="${options.locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(intro)}</p>
<p style="color:#64748b">${escapeHtml(text.outro)}</p><p>— Redacta</p></body></html>`,
  };
}
