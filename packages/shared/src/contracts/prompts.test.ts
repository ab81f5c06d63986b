import { describe, expect, it } from 'vitest';
import { fillPromptVariables, promptVariables } from './prompts.ts';

describe('promptVariables', () => {
  it('lists each variable once, in order of first appearance', () => {
    const text = 'Write an ad for {{product}} aimed at {{target audience}}. Mention {{product}} twice.';
    expect(promptVariables(text)).toEqual(['product', 'target audience']);
  });

  it('reads Spanish names with accents, spaces and slashes', () => {
    const text = 'Anuncio para {{público objetivo}} de {{mercado o país}} con {{tono/estilo}}.';
    expect(promptVariables(text)).toEqual(['público objetivo', 'mercado o país', 'tono/estilo']);
  });

  it('trims the spaces inside the braces', () => {
    expect(promptVariables('Hi {{  first name }} and {{first name}}')).toEqual(['first name']);
  });

  it('finds nothing in plain text, single braces or empty double braces', () => {
    expect(promptVariables('No variables here.')).toEqual([]);
    expect(promptVariables('A {single} brace and a {{}} pair')).toEqual([]);
  });

  it('ignores double braces holding only spaces', () => {
    expect(promptVariables('a {{ }} b {{   }} c {{x}}')).toEqual(['x']);
  });

  it('finds variables spread over several lines', () => {
    expect(promptVariables('Text:\n{{text}}\n\nLength: {{target length}}')).toEqual([
      'text',
      'target length',
    ]);
  });
});

describe('fillPromptVariables', () => {
  it('replaces every occurrence of each variable with its value', () => {
    const text = '{{product}} for {{target audience}}: why {{product}}?';
    expect(fillPromptVariables(text, { product: 'Redacta', 'target audience': 'marketers' })).toBe(
      'Redacta for marketers: why Redacta?',
    );
  });

  it('matches a variable written with inner spaces to its trimmed name', () => {
    expect(fillPromptVariables('Para {{ público objetivo }}.', { 'público objetivo': 'pymes' })).toBe(
      'Para pymes.',
    );
  });

  it('trims values and leaves variables without a value, or with a blank one, as they are', () => {
    const text = 'Write for {{audience}} about {{topic}} in {{tone}}.';
    expect(fillPromptVariables(text, { audience: '  founders  ', topic: '   ' })).toBe(
      'Write for founders about {{topic}} in {{tone}}.',
    );
  });

  it('inserts values literally, without expanding replacement patterns or variables inside them', () => {
    expect(fillPromptVariables('Price: {{price}}', { price: '$& 50 $1' })).toBe('Price: $& 50 $1');
    expect(fillPromptVariables('{{a}} {{b}}', { a: '{{b}}', b: 'B' })).toBe('{{b}} B');
  });

  it('leaves a text without variables unchanged', () => {
    expect(fillPromptVariables('Plain request.', { unused: 'x' })).toBe('Plain request.');
  });
});
