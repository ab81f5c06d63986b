import type { Locale, Template } from '@redacta/shared';
import { uuidV5 } from '../prompts/built-ins.ts';
import { englishTemplates } from './built-ins/en.ts';
import { spanishTemplates } from './built-ins/es.ts';
import type { BuiltInTemplateSpec } from './built-ins/types.ts';

/** Namespace of the built-in template ids: fixed forever, or every batch that names a built-in loses it. */
const BUILT_IN_TEMPLATE_NAMESPACE = '2f6d8a41-93c5-4e0b-8d27-5a1c9e7b3f64';

/** When the built-in templates last changed: their `updatedAt`, as they ship with the code. */
const BUILT_IN_TEMPLATES_UPDATED_AT = '2026-12-06T00:00:00.000Z';

/**
 * A built-in template's id is derived from its language and key, so it is the same in every database
 * and after every start: batches, links and tests can name it.
 */
export function builtInTemplateId(language: Locale, key: string): string {
  return uuidV5(`${language}:${key}`, BUILT_IN_TEMPLATE_NAMESPACE);
}

const shipped = (language: Locale, specs: BuiltInTemplateSpec[]): Template[] =>
  specs.map(({ key, ...spec }) => ({
    ...spec,
    id: builtInTemplateId(language, key),
    language,
    builtIn: true,
    createdBy: null,
    updatedAt: BUILT_IN_TEMPLATES_UPDATED_AT,
  }));

/** The templates shipped with the product, Spanish first, each language in the catalogue's order. */
export const BUILT_IN_TEMPLATES: Template[] = [
  ...shipped('es', spanishTemplates),
  ...shipped('en', englishTemplates),
];

const byId = new Map(BUILT_IN_TEMPLATES.map((template) => [template.id, template]));

/** The built-in template with this id, if there is one. */
export function builtInTemplate(id: string): Template | undefined {
  return byId.get(id);
}
