import type { Locale, TemplateOutput, TemplateOutputPart } from '@redacta/shared';

/*
 * A template's output parts travel as labelled sections: the model is asked for a line `### key` before
 * each part's text, and items one per line starting with "- ". The instruction that asks for them is
 * here; the parser that reads them back and the limits it checks are shared with the web app
 * (packages/shared, contracts/template-output.ts), which shows each part's length with them.
 */

const sectionHeading = (part: TemplateOutputPart) => `### ${part.key}`;

const wording: Record<
  Locale,
  {
    intro: string;
    text: (maxChars: number | undefined) => string;
    items: (items: number, maxChars: number | undefined) => string;
  }
> = {
  es: {
    intro:
      'Responde solo con estas secciones, en este orden. Cada una empieza con su línea de título tal como aparece aquí y sigue con su texto; no escribas nada antes de la primera ni después de la última. Los límites cuentan caracteres con los espacios incluidos: respétalos sin cortar frases.',
    text: (maxChars) => (maxChars ? `como máximo ${maxChars} caracteres` : 'sin límite de caracteres'),
    items: (items, maxChars) =>
      `exactamente ${items} ${items === 1 ? 'elemento' : 'elementos'}, uno por línea empezando por "- "` +
      (maxChars ? `, cada uno de ${maxChars} caracteres como máximo` : ''),
  },
  en: {
    intro:
      'Answer with these sections only, in this order. Start each with its heading line exactly as written here, then its text; write nothing before the first or after the last. Limits count characters, spaces included: keep within them without cutting sentences off.',
    text: (maxChars) => (maxChars ? `at most ${maxChars} characters` : 'no character limit'),
    items: (items, maxChars) =>
      `exactly ${items} ${items === 1 ? 'item' : 'items'}, one per line starting with "- "` +
      (maxChars ? `, each at most ${maxChars} characters` : ''),
  },
};

/**
 * What is appended to a template's prompt so that the model answers in labelled sections, one per
 * part, each with its limits stated; nothing for a template without parts.
 */
export function outputInstruction(output: TemplateOutput | undefined, language: Locale): string {
  if (!output) return '';
  const words = wording[language];
  const lines = output.parts.map(
    (part) =>
      `${sectionHeading(part)}\n${part.label}: ${part.items ? words.items(part.items, part.maxChars) : words.text(part.maxChars)}.`,
  );
  return `${words.intro}\n\n${lines.join('\n\n')}`;
}
