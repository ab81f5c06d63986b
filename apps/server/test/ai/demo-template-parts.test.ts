import { describe, expect, it } from 'vitest';
import {
  parseOutput,
  renderTemplatePrompt,
  templateInputProblems,
  type Template,
  type TemplateField,
  type TemplateInputs,
} from '@redacta/shared';
import { requestLanguage } from '../../src/ai/demo/request.ts';
import { demoTemplate } from '../../src/ai/demo/template-parts.ts';
import { createDemoWriter, demoWriterOptions } from '../../src/ai/demo/writer.ts';
import { BUILT_IN_TEMPLATES } from '../../src/modules/templates/built-ins.ts';
import { outputInstruction } from '../../src/modules/templates/output-parts.ts';

/** What a team would type into each kind of field, short or long, per language. */
const samples = {
  es: {
    short: 'Zapatillas Trail X',
    long: 'Mochila impermeable de 30 litros para senderismo de varios días con funda para la lluvia',
    passage: 'Zapatillas Trail X: suela de 5 mm, malla transpirable, 280 gramos.',
  },
  en: {
    short: 'Trail X running shoes',
    long: 'Waterproof thirty litre hiking backpack for multi-day treks with its own rain cover',
    passage: 'Trail X running shoes: 5 mm lugs, breathable mesh, 280 grams.',
  },
} as const;

function inputsFor(template: Template, size: 'short' | 'long'): TemplateInputs {
  const words = samples[template.language];
  const value = (field: TemplateField) => {
    if (field.type === 'choice') return field.options![0]!;
    if (field.type === 'language') return 'fr';
    if (field.type === 'url') return 'https://example.com/trail-x';
    if (field.type === 'number') return String(field.min ?? 3);
    const text = field.type === 'longText' && size === 'short' ? words.passage : words[size];
    return text.slice(0, field.maxLength);
  };
  return Object.fromEntries(template.fields.map((field) => [field.key, value(field)]));
}

const writer = createDemoWriter({ modelId: 'demo', delayMs: 0 });

/** A run of the template through the demo writer, as a model is called: its prompt, its parts' instruction. */
async function run(template: Template, inputs: TemplateInputs): Promise<string> {
  const prompt = `${renderTemplatePrompt(template.prompt, inputs)}\n\n${outputInstruction(template.output, template.language)}`;
  const result = await writer.doGenerate({
    prompt: [{ role: 'user', content: [{ type: 'text', text: prompt }] }],
    providerOptions: demoWriterOptions({ language: 'es', ...demoTemplate(template, inputs) }),
  });
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

const withParts = BUILT_IN_TEMPLATES.filter((template) => template.output);

describe('the demo writer answers a template run in its parts, offline', () => {
  it('has built-in templates with parts in both languages to check', () => {
    expect(withParts.filter((template) => template.language === 'es').length).toBeGreaterThanOrEqual(10);
    expect(withParts.filter((template) => template.language === 'en').length).toBeGreaterThanOrEqual(10);
  });

  for (const template of withParts) {
    for (const size of ['short', 'long'] as const) {
      it(`${template.language} · ${template.name} · ${size} inputs: every part, within its limits, about the inputs`, async () => {
        const inputs = inputsFor(template, size);
        expect(templateInputProblems(template.fields, inputs)).toEqual([]);
        const answer = await run(template, inputs);
        const parsed = parseOutput(answer, template.output);
        expect(parsed.flags, answer).toEqual([]);
        expect(parsed.problems, answer).toEqual([]);
        for (const part of template.output!.parts) {
          expect(parsed.outputs[part.key], `${part.key}\n${answer}`).not.toBe('');
          if (part.items) expect(parsed.outputs[part.key]!.split('\n')).toHaveLength(part.items);
        }
        // About the inputs: the thing they name is in the copy.
        const named = samples[template.language][size].split(' ')[0]!;
        expect(answer).toContain(named);
        // In the template's language: the copy around the inputs reads as that language (names have none).
        if (template.output!.parts.every((part) => part.key === 'names')) return;
        const around = answer.replace(/^###.*$/gm, '').replaceAll(samples[template.language][size], '');
        expect(requestLanguage(around, template.language === 'es' ? 'en' : 'es'), answer).toBe(
          template.language,
        );
      });
    }
  }

  it("finds the run's subject in the prompt when the call does not name it", async () => {
    const template = withParts.find(
      (candidate) => candidate.language === 'en' && candidate.output!.parts.length === 1,
    )!;
    const inputs = inputsFor(template, 'short');
    const prompt = `${renderTemplatePrompt(template.prompt, inputs)}\n\n${outputInstruction(template.output, 'en')}`;
    const result = await writer.doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: prompt }] }],
      providerOptions: demoWriterOptions({ language: 'en', output: template.output }),
    });
    const answer = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(parseOutput(answer, template.output).problems).toEqual([]);
    expect(answer).toContain('Trail');
  });
});
