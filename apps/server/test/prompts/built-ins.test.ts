import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { promptUsage, prompts } from '../../src/db/schema.ts';
import {
  BuiltInLibrary,
  builtInPromptId,
  seedBuiltInPrompts,
  uuidV5,
  type Catalogue,
} from '../../src/modules/prompts/built-ins.ts';
import { catalogue } from '../../src/modules/prompts/catalogue/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

const fixture = (text: string, withSecond = true): Catalogue => ({
  es: [
    {
      key: 'ads',
      name: 'Anuncios',
      prompts: [
        { key: 'meta-ad', name: 'Anuncio de Meta', text },
        ...(withSecond ? [{ key: 'google-ad', name: 'Anuncio de Google', text: 'Para {{producto}}' }] : []),
      ],
    },
  ],
  en: [
    {
      key: 'ads',
      name: 'Ads',
      prompts: [
        { key: 'meta-ad', name: 'Meta ad', text: 'For {{product}}' },
        ...(withSecond ? [{ key: 'google-ad', name: 'Google ad', text: 'For {{product}}' }] : []),
      ],
    },
  ],
});

async function builtInRows() {
  return t.app.db
    .select({ id: prompts.id, name: prompts.name, text: prompts.text, category: prompts.category })
    .from(prompts)
    .where(isNull(prompts.workspaceId))
    .orderBy(prompts.name);
}

describe('built-in prompts', () => {
  it('are named by RFC 4122 version 5 ids derived from language and key', () => {
    // The RFC's own example: "www.example.com" in the DNS namespace.
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
    expect(builtInPromptId('es', 'meta-ad')).toBe(builtInPromptId('es', 'meta-ad'));
    expect(builtInPromptId('es', 'meta-ad')).not.toBe(builtInPromptId('en', 'meta-ad'));
  });

  it('are in the database at start, one row per prompt and language', async () => {
    const count = catalogue.es.concat(catalogue.en).flatMap((category) => category.prompts).length;
    expect(await builtInRows()).toHaveLength(count);
  });

  it('follow the catalogue when it changes: edited in place under the same id, removed when gone', async () => {
    const ana = await createUser(t.app);
    await seedBuiltInPrompts(t.app.db, new BuiltInLibrary(fixture('Para {{producto}}')));
    expect(await builtInRows()).toHaveLength(4);
    const metaAd = builtInPromptId('es', 'meta-ad');
    await t.app.db
      .insert(promptUsage)
      .values({ promptId: metaAd, workspaceId: ana.workspaceId, userId: ana.id });

    await seedBuiltInPrompts(t.app.db, new BuiltInLibrary(fixture('Para {{producto}} en {{ciudad}}', false)));
    await seedBuiltInPrompts(t.app.db, new BuiltInLibrary(fixture('Para {{producto}} en {{ciudad}}', false)));
    const rows = await builtInRows();
    expect(rows.map((row) => row.name)).toEqual(['Anuncio de Meta', 'Meta ad']);
    expect(rows[0]).toEqual({
      id: metaAd,
      name: 'Anuncio de Meta',
      text: 'Para {{producto}} en {{ciudad}}',
      category: 'ads',
    });
    // The edited prompt kept its id, so it is still in Recientes.
    expect(await t.app.db.select().from(promptUsage)).toHaveLength(1);
  });
});
