import { promptVariables, type TemplateField } from '@redacta/shared';
import { keyFromLabel } from './key-slug';

/**
 * A library prompt's `{{variables}}` as template fields, so the prompt is filled in the same form a
 * template is: each a short text, optional (a variable left empty stays as written), labelled by its
 * name, keyed by the name made a key (numbered when two names make the same key).
 */
export function promptVariableFields(text: string): TemplateField[] {
  const used = new Set<string>();
  return promptVariables(text).map((name, index) => {
    let key = keyFromLabel(name) || `field_${index + 1}`;
    if (used.has(key)) key = `${key.slice(0, 36)}_${index + 1}`;
    used.add(key);
    return { key, label: name, type: 'text', required: false };
  });
}
