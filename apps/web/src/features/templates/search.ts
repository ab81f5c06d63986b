import type { Template } from '@redacta/shared';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The templates whose name or description holds every word of the query, accents and case aside. */
export function searchTemplates(templates: Template[], query: string): Template[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return templates;
  return templates.filter((template) => {
    const haystack = fold(`${template.name} ${template.description}`);
    return words.every((word) => haystack.includes(word));
  });
}
