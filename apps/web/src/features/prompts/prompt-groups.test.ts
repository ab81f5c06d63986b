import { describe, expect, it } from 'vitest';
import type { Prompt, PromptGroup } from '@redacta/shared';
import { moveToRecent, nameFixedGroups, withFixedGroups } from './prompt-groups';

const prompt = (index: number): Prompt => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Prompt ${index}`,
  text: 'Texto',
  category: 'ads',
  custom: false,
  language: 'es',
});

describe('prompt groups', () => {
  it('a used prompt goes to the top of Recientes, once, and Recientes keeps ten', () => {
    const recent = Array.from({ length: 10 }, (_, index) => prompt(index));
    const groups: PromptGroup[] = [{ key: 'recent', name: 'Recientes', prompts: recent }];
    const again = moveToRecent(groups, prompt(4), 'Recientes')[0]!.prompts;
    expect(again.map((item) => item.name)).toEqual([4, 0, 1, 2, 3, 5, 6, 7, 8, 9].map((n) => `Prompt ${n}`));
    const fresh = moveToRecent(groups, prompt(42), 'Recientes')[0]!.prompts;
    expect(fresh).toHaveLength(10);
    expect(fresh[0]!.name).toBe('Prompt 42');
    expect(fresh.at(-1)!.name).toBe('Prompt 8');
  });

  it('creates Recientes when it is missing', () => {
    const groups: PromptGroup[] = [{ key: 'ads', name: 'Anuncios', prompts: [prompt(1)] }];
    expect(
      moveToRecent(groups, prompt(1), 'Recientes').map((group) => [group.key, group.prompts.length]),
    ).toEqual([
      ['recent', 1],
      ['ads', 1],
    ]);
  });

  it('puts Recientes and Personalizados first and reverses the loaded custom list', () => {
    const custom = { ...prompt(2), custom: true, category: null };
    const groups = withFixedGroups([
      { key: 'ads', name: 'Anuncios', prompts: [prompt(1)] },
      {
        key: 'custom',
        name: 'Personalizados',
        prompts: [custom, { ...custom, id: prompt(3).id, name: 'Prompt 3' }],
      },
    ]);
    expect(groups.map((group) => group.key)).toEqual(['recent', 'custom', 'ads']);
    expect(groups[1]!.prompts.map((item) => item.name)).toEqual(['Prompt 3', 'Prompt 2']);
  });

  it('names Recientes and Personalizados in the interface language, the categories as loaded', () => {
    const english: PromptGroup[] = [
      { key: 'recent', name: 'Recent', prompts: [] },
      { key: 'custom', name: 'Custom', prompts: [] },
      { key: 'ads', name: 'Ads', prompts: [] },
    ];
    expect(
      nameFixedGroups(english, { recent: 'Recientes', custom: 'Personalizados' }).map((group) => group.name),
    ).toEqual(['Recientes', 'Personalizados', 'Ads']);
  });
});
