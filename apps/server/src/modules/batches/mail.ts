import type { Locale } from '@redacta/shared';
import { escapeHtml } from '../../mail/templates/escape-html.ts';
import type { OutgoingMail } from '../../mail/transport.ts';

interface BatchDoneCopy {
  subject: (fileName: string) => string;
  summary: (done: number, failed: number, total: number) => string;
  action: string;
}

const copy: Record<Locale, BatchDoneCopy> = {
  es: {
    subject: (fileName) => `Tu lote «${fileName}» ha terminado`,
    summary: (done, failed, total) =>
      `Se han escrito ${done} de ${total} filas` + (failed > 0 ? ` y ${failed} han fallado.` : '.'),
    action: 'Ábrelo para revisar los resultados y exportarlos:',
  },
  en: {
    subject: (fileName) => `Your batch "${fileName}" has finished`,
    summary: (done, failed, total) =>
      `${done} of ${total} rows were written` + (failed > 0 ? ` and ${failed} failed.` : '.'),
    action: 'Open it to review the results and export them:',
  },
};

/** The mail a batch's creator gets when a batch that took a while ends, in their language. */
export function batchDoneMail(options: {
  to: string;
  locale: Locale;
  fileName: string;
  done: number;
  failed: number;
  total: number;
  link: string;
}): OutgoingMail {
  const text = copy[options.locale];
  const summary = text.summary(options.done, options.failed, options.total);
  return {
    to: options.to,
    subject: text.subject(options.fileName),
    text: [summary, '', text.action, options.link, '', '— Redacta'].join('\n'),
    html: `<!doctype html><html lang="${options.locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(summary)}</p>
<p>${escapeHtml(text.action)}<br><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>
<p>— Redacta</p></body></html>`,
  };
}
