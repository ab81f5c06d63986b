import type { Locale } from '@redacta/shared';
import { escapeHtml } from './escape-html.ts';
import type { OutgoingMail } from '../transport.ts';

const copy = {
  login: {
    es: {
      subject: (code: string) => `${code} es tu código de acceso a Redacta`,
      intro: 'Usa este código para iniciar sesión en Redacta:',
      link: 'O abre este enlace para entrar directamente:',
      outro: 'El código caduca en 10 minutos. Si no lo has pedido tú, ignora este correo.',
    },
    en: {
      subject: (code: string) => `${code} is your Redacta sign-in code`,
      intro: 'Use this code to sign in to Redacta:',
      link: 'Or open this link to sign in directly:',
      outro: 'The code expires in 10 minutes. If you did not ask for it, ignore this e-mail.',
    },
  },
  change_email: {
    es: {
      subject: (code: string) => `${code} es tu código para confirmar el nuevo correo`,
      intro: 'Introduce este código en tu perfil de Redacta para confirmar esta dirección:',
      link: '',
      outro: 'El código caduca en 10 minutos. Si no has pedido el cambio, ignora este correo.',
    },
    en: {
      subject: (code: string) => `${code} is your code to confirm your new e-mail`,
      intro: 'Enter this code in your Redacta profile to confirm this address:',
      link: '',
      outro: 'The code expires in 10 minutes. If you did not ask for the change, ignore this e-mail.',
    },
  },
  delete_account: {
    es: {
      subject: (code: string) => `${code} es tu código para eliminar tu cuenta de Redacta`,
      intro:
        'Introduce este código en tu perfil de Redacta para eliminar tu cuenta y tus datos para siempre:',
      link: '',
      outro:
        'El código caduca en 10 minutos. Si no has pedido eliminar tu cuenta, ignora este correo y no compartas el código.',
    },
    en: {
      subject: (code: string) => `${code} is your code to delete your Redacta account`,
      intro: 'Enter this code in your Redacta profile to delete your account and your data for good:',
      link: '',
      outro:
        'The code expires in 10 minutes. If you did not ask to delete your account, ignore this e-mail and do not share the code.',
    },
  },
} as const;

/** The code e-mail, in the reader's language: plain text plus a simple HTML version. */
export function codeMail(options: {
  to: string;
  code: string;
  locale: Locale;
  purpose: keyof typeof copy;
  link?: string;
}): OutgoingMail {
  const text = copy[options.purpose][options.locale];
  const linkLines = options.link && text.link ? [text.link, options.link, ''] : [];
  return {
    to: options.to,
    subject: text.subject(options.code),
    text: [text.intro, '', options.code, '', ...linkLines, text.outro, '', '— Redacta'].join('\n'),
    html: `<!doctype html><html lang="${options.locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(text.intro)}</p>
<p style="font-size:28px;font-weight:600;letter-spacing:6px">${escapeHtml(options.code)}</p>
${options.link && text.link ? `<p>${escapeHtml(text.link)}<br><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>` : ''}
<p style="color:#64748b">${escapeHtml(text.outro)}</p><p>— Redacta</p></body></html>`,
  };
}
