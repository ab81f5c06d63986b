import { describe, expect, it } from 'vitest';
import { templatePromptKeys, templateProblems, templateSchema, type Template } from '@redacta/shared';
import { BUILT_IN_TEMPLATES, builtInTemplateId } from '../../src/modules/templates/built-ins.ts';

const ofLanguage = (language: 'es' | 'en') =>
  BUILT_IN_TEMPLATES.filter((template) => template.language === language);
const partsOf = (template: Template) =>
  Object.fromEntries((template.output?.parts ?? []).map((part) => [part.key, part]));
const byId = (language: 'es' | 'en', key: string) =>
  BUILT_IN_TEMPLATES.find((template) => template.id === builtInTemplateId(language, key))!;

describe('the built-in templates', () => {
  it('are at least 12 per language, the same jobs in both, each a valid and consistent template', () => {
    const es = ofLanguage('es');
    const en = ofLanguage('en');
    expect(es.length).toBeGreaterThanOrEqual(12);
    expect(en).toHaveLength(es.length);
    for (const template of BUILT_IN_TEMPLATES) {
      expect(templateSchema.parse(template)).toEqual(template);
      expect(templateProblems(template), template.name).toEqual([]);
      // Every field is named by the prompt: none is asked for and then ignored.
      expect(templatePromptKeys(template.prompt).sort(), template.name).toEqual(
        template.fields.map((field) => field.key).sort(),
      );
    }
    expect(new Set(BUILT_IN_TEMPLATES.map((template) => template.id)).size).toBe(BUILT_IN_TEMPLATES.length);
    expect(new Set(es.map((template) => template.name)).size).toBe(es.length);
  });

  it('keep their ids forever, so batches and links can name them', () => {
    expect(builtInTemplateId('es', 'search-ad')).toBe('f2100099-45dd-5590-b13c-adbf3f3520d8');
    expect(builtInTemplateId('en', 'search-ad')).toBe('30af420d-ab87-54d9-b6ec-94e3a7a7db4b');
    expect(byId('es', 'search-ad').name).toBe('Anuncio de búsqueda de Google Ads (RSA)');
  });

  it("hold each channel's own limits", () => {
    for (const language of ['es', 'en'] as const) {
      expect(partsOf(byId(language, 'search-ad'))).toMatchObject({
        headlines: { items: 15, maxChars: 30 },
        descriptions: { items: 4, maxChars: 90 },
        paths: { items: 2, maxChars: 15 },
      });
      expect(partsOf(byId(language, 'social-ad'))).toMatchObject({
        primary_text: { maxChars: 125 },
        headline: { maxChars: 40 },
        description: { maxChars: 30 },
      });
      expect(partsOf(byId(language, 'seo-meta'))).toMatchObject({
        seo_title: { maxChars: 60 },
        meta_description: { maxChars: 155 },
      });
      expect(partsOf(byId(language, 'product-description'))).toMatchObject({
        title: { maxChars: 70 },
        bullets: { items: 5 },
      });
      expect(partsOf(byId(language, 'email-subjects')).subject_lines).toMatchObject({ maxChars: 60 });
      expect(partsOf(byId(language, 'landing-hero')).cta).toMatchObject({ maxChars: 25 });
      expect(partsOf(byId(language, 'product-names')).names).toMatchObject({ items: 10 });
      expect(byId(language, 'localise').fields.some((field) => field.type === 'language')).toBe(true);
      expect(byId(language, 'rewrite-for-channel').fields.some((field) => field.type === 'choice')).toBe(
        true,
      );
    }
  });
});
