import { describe, expect, it } from 'vitest';
import {
  fillPromptVariables,
  PROMPT_NAME_MAX_LENGTH,
  PROMPT_TEXT_MAX_LENGTH,
  promptVariables,
} from '@redacta/shared';
import { catalogue } from '../../src/modules/prompts/catalogue/index.ts';
import type { CataloguePrompt } from '../../src/modules/prompts/catalogue/types.ts';

const requiredCategories = [
  'ads',
  'social',
  'email',
  'landing',
  'blog',
  'seo',
  'product',
  'brainstorm',
  'rewrite',
  'search',
];
const languages = ['es', 'en'] as const;

const promptsOf = (language: (typeof languages)[number]): CataloguePrompt[] =>
  catalogue[language].flatMap((category) => category.prompts);

const findPrompt = (language: (typeof languages)[number], key: string): CataloguePrompt => {
  const prompt = promptsOf(language).find((candidate) => candidate.key === key);
  if (!prompt) throw new Error(`no prompt ${key} in ${language}`);
  return prompt;
};

describe('the built-in prompt catalogue', () => {
  it('has the same categories and prompt keys, in the same order, in Spanish and English', () => {
    const shape = (language: (typeof languages)[number]) =>
      catalogue[language].map((category) => ({
        key: category.key,
        prompts: category.prompts.map((prompt) => prompt.key),
      }));
    expect(shape('en')).toEqual(shape('es'));
  });

  it('covers every category a copywriter needs, each with several prompts', () => {
    for (const language of languages) {
      expect(catalogue[language].map((category) => category.key)).toEqual(requiredCategories);
      for (const category of catalogue[language]) expect(category.prompts.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('ships at least 60 prompts per language', () => {
    for (const language of languages) expect(promptsOf(language).length).toBeGreaterThanOrEqual(60);
  });

  it('localises category names and keeps keys stable kebab-case', () => {
    const spanishNames = catalogue.es.map((category) => category.name);
    expect(spanishNames).toContain('Anuncios');
    expect(spanishNames).toContain('Búsqueda en tiempo real');
    expect(catalogue.en.map((category) => category.name)).toContain('Real-time search');
    for (const language of languages) {
      for (const category of catalogue[language]) {
        expect(category.name.trim()).not.toBe('');
        expect(category.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    }
  });

  it('uses unique prompt keys and unique names within a language', () => {
    for (const language of languages) {
      const prompts = promptsOf(language);
      expect(new Set(prompts.map((prompt) => prompt.key)).size).toBe(prompts.length);
      expect(new Set(prompts.map((prompt) => prompt.name)).size).toBe(prompts.length);
      for (const prompt of prompts) expect(prompt.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('has no empty names or texts and keeps both within the custom-prompt limits', () => {
    for (const language of languages) {
      for (const prompt of promptsOf(language)) {
        expect(prompt.name.trim(), prompt.key).not.toBe('');
        expect(prompt.name.length, prompt.key).toBeLessThanOrEqual(PROMPT_NAME_MAX_LENGTH);
        expect(prompt.text.trim().length, prompt.key).toBeGreaterThan(200);
        expect(prompt.text.length, prompt.key).toBeLessThanOrEqual(PROMPT_TEXT_MAX_LENGTH);
      }
    }
  });

  it('names every {{variable}} readably, leaves no stray braces, and asks for something in every prompt', () => {
    for (const language of languages) {
      for (const prompt of promptsOf(language)) {
        const variables = promptVariables(prompt.text);
        expect(variables.length, prompt.key).toBeGreaterThan(0);
        for (const variable of variables) {
          expect(variable.trim(), prompt.key).not.toBe('');
          expect(variable, `${language} ${prompt.key}`).toMatch(/^\p{Ll}[\p{Ll}\p{N} /]*$/u);
        }
        const withoutVariables = prompt.text.replace(/\{\{[^{}]+\}\}/g, '');
        expect(withoutVariables, `${language} ${prompt.key}`).not.toMatch(/[{}]/);
      }
    }
  });

  it('leaves no placeholder once the user has filled in every variable', () => {
    for (const language of languages) {
      for (const prompt of promptsOf(language)) {
        const values = Object.fromEntries(promptVariables(prompt.text).map((name) => [name, `<${name}>`]));
        const filled = fillPromptVariables(prompt.text, values);
        expect(filled, prompt.key).not.toMatch(/\{\{|\}\}/);
        for (const name of Object.keys(values)) expect(filled, prompt.key).toContain(`<${name}>`);
      }
    }
  });

  it('asks for the same number of variables in both languages of a prompt', () => {
    for (const { key, text } of promptsOf('es')) {
      expect(promptVariables(findPrompt('en', key).text).length, key).toBe(promptVariables(text).length);
    }
  });

  it('states the platform limits a copywriter would check in both languages', () => {
    for (const language of languages) {
      const googleAd = findPrompt(language, 'google-search-ad').text;
      expect(googleAd).toMatch(/15 (títulos|headlines) (de|of) 30/);
      expect(googleAd).toMatch(/4 (descripciones|descriptions) (de|of) 90/);
      const meta = findPrompt(language, 'meta-title-description').text;
      expect(meta).toMatch(/60/);
      expect(meta).toMatch(/155/);
    }
  });

  it('tells the model to search the web and cite sources in every real-time search prompt', () => {
    const search = (language: (typeof languages)[number]) =>
      catalogue[language].find((category) => category.key === 'search')!.prompts;
    for (const prompt of search('es')) {
      expect(prompt.text, prompt.key).toMatch(/busca en la web/i);
      expect(prompt.text, prompt.key).toMatch(/fuente/i);
    }
    for (const prompt of search('en')) {
      expect(prompt.text, prompt.key).toMatch(/search the web/i);
      expect(prompt.text, prompt.key).toMatch(/source/i);
    }
  });
});
