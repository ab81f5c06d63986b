import { fillPromptVariables, promptVariables } from '../contracts/prompts.ts';
import type { TemplateField } from '../contracts/templates.ts';

/** Variable names that ask for a passage rather than a phrase: they become long text fields. */
const longTextWords =
  /\b(?:texto|text|contenido|content|descripcion|description|articulo|article|post|email|e mail|correo|mensaje|message|notas?|notes?|borrador|draft|resumen|summary|brief|contexto|context|transcripcion|transcript|informacion|information|detalles|details)\b/;

/** A variable name in the form keys are compared in: lower case, no accents, words apart. */
const plain = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A field key from a variable name: "Público objetivo" → "publico_objetivo". */
function slug(name: string): string {
  const words = plain(name).replaceAll(' ', '_').slice(0, 40).replace(/_+$/, '');
  if (!words) return 'campo';
  return /^[a-z]/.test(words) ? words : `v_${words}`.slice(0, 40).replace(/_+$/, '');
}

/** Each variable of a prompt text with the key its field takes, distinct keys for distinct names. */
function variableKeys(text: string): Map<string, string> {
  const keys = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of promptVariables(text)) {
    const base = slug(name);
    let key = base;
    for (let n = 2; taken.has(key); n += 1) key = `${base.slice(0, 40 - String(n).length - 1)}_${n}`;
    taken.add(key);
    keys.set(name, key);
  }
  return keys;
}

/**
 * A prompt library prompt's `{{variables}}` as template fields, so the prompt can run as a template:
 * each a required text field (a long one for a passage: "texto", "contenido", "email"…), its label
 * the variable's name and its key that name in key form.
 */
export function templateFieldsFromPromptVariables(text: string): TemplateField[] {
  return [...variableKeys(text)].map(([name, key]) => ({
    key,
    label: name.slice(0, 80),
    type: longTextWords.test(plain(name)) ? 'longText' : 'text',
    required: true,
  }));
}

/** The prompt text with each `{{variable}}` written as its field's `{{key}}` (templateFieldsFromPromptVariables). */
export function templatePromptFromPromptText(text: string): string {
  const keys = Object.fromEntries([...variableKeys(text)].map(([name, key]) => [name, `{{${key}}}`]));
  return fillPromptVariables(text, keys);
}
