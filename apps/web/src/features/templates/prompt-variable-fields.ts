import { templateFieldsFromPromptVariables, type TemplateField } from '@redacta/shared';

/**
 * A library prompt's `{{variables}}` as template fields, in the order promptVariables lists them, so
 * the prompt is filled in the same form a template is. Each is optional here: the library leaves a
 * variable left empty as it is written.
 */
export function promptVariableFields(text: string): TemplateField[] {
  return templateFieldsFromPromptVariables(text).map((field) => ({ ...field, required: false }));
}
