import { describe, expect, it } from 'vitest';
import { templatePromptKeys, templateProblems } from '../contracts/templates.ts';
import { templateFieldsFromPromptVariables, templatePromptFromPromptText } from './template-fields.ts';

describe('templateFieldsFromPromptVariables', () => {
  it('turns each variable into a required field keyed from its name, labelled with it, once each', () => {
    const text =
      'Escribe un anuncio de {{producto o servicio}} para {{público objetivo}}. Texto de partida: {{texto original}}. Repite {{producto o servicio}}.';
    expect(templateFieldsFromPromptVariables(text)).toEqual([
      { key: 'producto_o_servicio', label: 'producto o servicio', type: 'text', required: true },
      { key: 'publico_objetivo', label: 'público objetivo', type: 'text', required: true },
      { key: 'texto_original', label: 'texto original', type: 'longText', required: true },
    ]);
  });

  it('gives keys a template accepts: a letter first, distinct for names that read alike', () => {
    const fields = templateFieldsFromPromptVariables(
      '{{Tono/estilo}} {{tono estilo}} {{2 ideas}} {{¿?}} {{Email}}',
    );
    expect(fields.map((field) => field.key)).toEqual([
      'tono_estilo',
      'tono_estilo_2',
      'v_2_ideas',
      'campo',
      'email',
    ]);
    expect(fields.at(-1)!.type).toBe('longText');
  });

  it('makes a prompt that runs as a template: its text names the fields by key', () => {
    const text = 'Resume {{texto}} para {{Público objetivo}} en {{ número de palabras }} palabras.';
    const prompt = templatePromptFromPromptText(text);
    const fields = templateFieldsFromPromptVariables(text);
    expect(prompt).toBe('Resume {{texto}} para {{publico_objetivo}} en {{numero_de_palabras}} palabras.');
    expect(templatePromptKeys(prompt)).toEqual(fields.map((field) => field.key));
    expect(templateProblems({ prompt, fields })).toEqual([]);
  });

  it('has nothing to make of a prompt without variables', () => {
    expect(templateFieldsFromPromptVariables('Escribe un eslogan para una panadería')).toEqual([]);
  });
});
